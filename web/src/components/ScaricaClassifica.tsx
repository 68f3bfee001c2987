// 'Scarica la classifica': the ranking as a file (issue 28), for the scores
// page and the back office. Plain links: the browser downloads what the
// server computes at that moment (CSV, XLSX or PDF, the whole session or one
// venue's teams ranked among themselves; a whole event as XLSX or PDF).
import {
  FORMATI_CLASSIFICA_EVENTO,
  FORMATI_CLASSIFICA_SESSIONE,
  type FormatoClassifica,
} from '@gas/contracts';
import { Fragment } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { buildUrl } from '../api/client';
import { useMenuDopoIlPrimoCommit } from './dopoIlPrimoCommit';

export const SCARICA_CLASSIFICA = 'Scarica la classifica';
const ID_TOGGLE = 'scarica-classifica';

const ETICHETTE: Record<FormatoClassifica, string> = {
  csv: 'CSV (Excel, LibreOffice)',
  xlsx: 'Excel (XLSX)',
  pdf: 'PDF da stampare',
};

export const classificaSessioneUrl = (
  sessioneId: number,
  formato: FormatoClassifica,
  polo?: number,
) => buildUrl(`/api/gas/sessione/${sessioneId}/classifica/`, { formato, polo });

export const classificaEventoUrl = (eventoId: number, formato: FormatoClassifica) =>
  buildUrl(`/api/gas/evento/${eventoId}/classifica/`, { formato });

type Props =
  | { sessioneId: number; poli?: readonly { id: number; nome_breve: string }[]; eventoId?: never }
  | { eventoId: number; sessioneId?: never; poli?: never };

export function ScaricaClassifica(props: Props) {
  const voci = (formati: readonly FormatoClassifica[], url: (f: FormatoClassifica) => string) =>
    formati.map((formato) => (
      <Dropdown.Item key={formato} href={url(formato)} download>
        {ETICHETTE[formato]}
      </Dropdown.Item>
    ));
  const { sessioneId, eventoId } = props;
  const poli = props.poli ?? [];
  // Mounted after the page's first commit (dopoIlPrimoCommit.tsx says why).
  const { montato, apriSubito, toggleProvvisorio } = useMenuDopoIlPrimoCommit(ID_TOGGLE);
  if (!montato) {
    return (
      <div className="d-inline-block scarica-classifica dropdown">
        <button
          type="button"
          id={ID_TOGGLE}
          aria-expanded="false"
          className="dropdown-toggle btn btn-outline-primary btn-sm"
          {...toggleProvvisorio}
        >
          {SCARICA_CLASSIFICA}
        </button>
      </div>
    );
  }
  return (
    <Dropdown className="d-inline-block scarica-classifica" defaultShow={apriSubito}>
      <Dropdown.Toggle variant="outline-primary" size="sm" id={ID_TOGGLE}>
        {SCARICA_CLASSIFICA}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {sessioneId === undefined ? (
          <>
            <Dropdown.Header>Tutte le sessioni</Dropdown.Header>
            {voci(FORMATI_CLASSIFICA_EVENTO, (f) => classificaEventoUrl(eventoId, f))}
          </>
        ) : (
          <>
            {poli.length > 0 && <Dropdown.Header>Tutte le squadre</Dropdown.Header>}
            {voci(FORMATI_CLASSIFICA_SESSIONE, (f) => classificaSessioneUrl(sessioneId, f))}
            {poli.map((polo) => (
              <Fragment key={polo.id}>
                <Dropdown.Divider />
                <Dropdown.Header>Solo {polo.nome_breve}</Dropdown.Header>
                {voci(FORMATI_CLASSIFICA_SESSIONE, (f) =>
                  classificaSessioneUrl(sessioneId, f, polo.id),
                )}
              </Fragment>
            ))}
          </>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
