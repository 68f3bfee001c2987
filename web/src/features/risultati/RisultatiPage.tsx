// sessione/{pk}/risultati/ (issue 28 item 3): the results of a session to
// share and to print: podium, the full ranking, each venue's ranking (ranked
// within the venue) and the ranking files. The numbers are the scores page's
// own snapshot; who may see it is who may see the scores page.
import type { Evento, PunteggiItem, Polo, Sessione, Squadra } from '@gas/contracts';
import './risultati.css';
import { useEffect, useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { LinkButton } from '../../components/LinkButton';
import NotFoundPage from '../../components/NotFoundPage';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { statusText } from '../../lib/eventStatus';
import { formatDateLong, formatTimeWithSeconds } from '../../lib/romeTime';
import { useEventPhase, type Phase } from '../../lib/timers';
import { useSessione } from '../../api/queries';
import { delPolo } from '../poli/nomi';
import { classificaPolo, podio, poliDellaSessione, righe } from './classifiche';
import { Podio } from './Podio';
import { ScaricaPolo, ScaricaSessione } from './Scarica';
import { TabellaRisultati } from './TabellaRisultati';
import { useRisultati } from './useRisultati';

export const CLASSIFICA_FINALE = 'Classifica finale';
export const CLASSIFICA_PROVVISORIA = 'Classifica provvisoria';

/** Printing hides the app's frame (navbar, footer) only while this page is open. */
function usePrintFrame() {
  useEffect(() => {
    document.body.classList.add('stampa-risultati');
    return () => document.body.classList.remove('stampa-risultati');
  }, []);
}

export function Risultati(props: {
  sessione: Sessione;
  evento: Evento;
  item: PunteggiItem;
  squadre: ReadonlyMap<number, Squadra>;
  poli: readonly Polo[];
  phase: Phase;
}) {
  const { sessione, evento, item, phase } = props;
  const { classifica } = item.json;
  const rows = useMemo(() => righe(classifica, props.squadre), [classifica, props.squadre]);
  const poli = useMemo(() => poliDellaSessione(classifica, props.poli), [classifica, props.poli]);
  const nomiPoli = useMemo(() => new Map(poli.map((p) => [p.id, p.nome_breve])), [poli]);
  const finale = phase === 'dopo';
  const intestazione = `${evento.titolo} — ${sessione.nome} · ${formatDateLong(sessione.inizio)} · ${
    finale ? CLASSIFICA_FINALE : CLASSIFICA_PROVVISORIA
  }`;
  return (
    <>
      <div className="mb-4">
        <p className="lead mb-1">
          <Link to={`/evento/${evento.id}/`}>{evento.titolo}</Link> ·{' '}
          {formatDateLong(sessione.inizio)}
        </p>
        <p className="mb-1">
          <Badge bg={finale ? 'success' : 'warning'} text={finale ? undefined : 'dark'}>
            {finale ? CLASSIFICA_FINALE : CLASSIFICA_PROVVISORIA}
          </Badge>{' '}
          <span>{statusText(phase, sessione.inizio, sessione.fine)}</span>
        </p>
        {!finale && (
          <p className="small text-body-secondary mb-1">
            Aggiornata alle {formatTimeWithSeconds(item.ora)}.
          </p>
        )}
        <div className="d-flex flex-wrap gap-2 mt-2 d-print-none">
          <LinkButton to={`/sessione/${sessione.id}/punteggi/`} size="sm" variant="outline-primary">
            Punteggi
          </LinkButton>
          <Button size="sm" variant="outline-secondary" onClick={() => window.print()}>
            Stampa
          </Button>
          {finale && (
            // The award ceremony: its administrators drive it, everyone may follow it.
            <LinkButton
              to={`/sessione/${sessione.id}/proclamazione/`}
              size="sm"
              variant={evento.permessi?.puo_modificare ? 'primary' : 'outline-primary'}
            >
              Proclamazione
            </LinkButton>
          )}
        </div>
      </div>
      {phase === 'prima' ? (
        <Alert variant="info">La classifica sarà pubblicata qui all’inizio della gara.</Alert>
      ) : (
        <>
          <Podio rows={podio(rows)} />
          <ScaricaSessione
            sessione={sessione.id}
            evento={evento.id}
            piuSessioni={(evento.sessioni?.length ?? 0) > 1}
          />
          <section aria-labelledby="titolo-classifica" className="mb-4">
            <h2 id="titolo-classifica" className="h4">
              Classifica completa
            </h2>
            {sessione.numero_qualificati ? (
              <p className="small text-body-secondary">
                La linea rossa segna la soglia di qualificazione: le prime{' '}
                {sessione.numero_qualificati} posizioni.
              </p>
            ) : null}
            <TabellaRisultati
              rows={rows}
              caption="Classifica completa"
              poli={poli.length > 0 ? nomiPoli : undefined}
              soglia={sessione.numero_qualificati}
            />
          </section>
          {poli.length > 0 && (
            <section aria-labelledby="titolo-poli">
              <h2 id="titolo-poli" className="h4 d-print-none">
                Classifiche dei poli
              </h2>
              {poli.map((p) => (
                <section key={p.id} className="classifica-polo mb-4" data-testid={`polo-${p.id}`}>
                  {/* On paper a venue's page is handed out alone: it says whose it is. */}
                  <p className="d-none d-print-block small mb-1" data-testid="intestazione-polo">
                    {intestazione}
                  </p>
                  <h3 className="h5">Classifica {delPolo(p.nome_breve)}</h3>
                  <ScaricaPolo
                    sessione={sessione.id}
                    polo={p.id}
                    descrizione={`Classifica ${delPolo(p.nome_breve)}`}
                    attestati={finale && evento.permessi?.puo_modificare === true}
                  />
                  <TabellaRisultati
                    rows={righe(classificaPolo(classifica, p.id), props.squadre)}
                    caption={`Classifica ${delPolo(p.nome_breve)}`}
                  />
                </section>
              ))}
            </section>
          )}
        </>
      )}
    </>
  );
}

function RisultatiSessione({ sessione }: { sessione: Sessione }) {
  const phase = useEventPhase(sessione.inizio, sessione.fine);
  const data = useRisultati(sessione, phase === 'durante');
  // Without venues the page need not wait for them; school names are shown
  // once the teams arrive (the ranking itself is complete without them).
  const poli = sessione.poli.length > 0 ? (data.poli.data ?? []) : [];
  return (
    <Page title={`Risultati – ${sessione.nome}`}>
      <QueryState query={data.evento} errorPageOnMissing>
        {(evento) => (
          <QueryState query={data.classifica}>
            {(item) => (
              <Risultati
                sessione={sessione}
                evento={evento}
                item={item}
                squadre={data.teams}
                poli={poli}
                phase={phase}
              />
            )}
          </QueryState>
        )}
      </QueryState>
    </Page>
  );
}

export default function RisultatiPage() {
  const params = useParams();
  const pk = Number(params.pk);
  const valid = Number.isInteger(pk) && pk > 0;
  usePrintFrame();
  const sessione = useSessione(valid ? pk : 0);
  if (!valid) return <NotFoundPage />;
  return (
    <QueryState query={sessione} errorPageOnMissing>
      {(s) => <RisultatiSessione key={s.id} sessione={s} />}
    </QueryState>
  );
}
