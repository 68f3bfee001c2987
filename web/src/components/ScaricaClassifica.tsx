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

export const SCARICA_CLASSIFICA = 'Scarica la classifica';

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
  return (
    <Dropdown className="d-inline-block scarica-classifica">
      <Dropdown.Toggle variant="outline-primary" size="sm" id="scarica-classifica">
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
