// sessione/{pk}/punteggi/telecronaca/: the commentary view (spec §2), made to
// be read on a projector: the top 20 with arrows against the ranking of five
// minutes earlier, the history of the latest answers, each problem's value,
// solvers and errors, the timer, and the latest important messages.
import type { Evento, Sessione } from '@gas/contracts';
import './punteggi.css';
import { useMemo, useSyncExternalStore, type ComponentProps, type CSSProperties } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { FlipClock } from '../../components/FlipClock';
import { LoaderError } from '../../components/LoaderError';
import { Page } from '../../components/Page';
import { PageLoading } from '../../components/PageLoading';
import { QueryState } from '../../components/QueryState';
import { formatTimeWithSeconds } from '../../lib/romeTime';
import { statusText } from '../../lib/eventStatus';
import NotFoundPage from '../../components/NotFoundPage';
import type { LiveSession } from './live/LiveSession';
import { useDipintaDalServer } from '../../lib/idratazione';
import { useServerNow, useServerNowInTransition } from '../../lib/serverNow';
import { ESITO_LABEL, esitoOf, LiveTile } from './LiveTile';
import { MessaggiList } from './messaggi/MessaggiList';
import { useMessaggi } from './messaggi/useMessaggi';
import { MinimalRanking } from './rankings/Rankings';
import { useClassificaPassata } from './classificaPassata';
import { ConnectionAlert, GARA_TERMINATA } from './ScoresHeader';
import { useScoresData } from './useScoresData';
import { useScoresModel } from './useScoresModel';
import { useThrottled } from './useThrottled';

/** The latest answers listed. */
export const HISTORY_ROWS = 12;

const seguiLaLarghezza = (avvisa: () => void) => {
  window.addEventListener('resize', avvisa);
  return () => window.removeEventListener('resize', avvisa);
};

const larghezza = () => document.documentElement.clientWidth;

/**
 * The window's width without its scrollbar, so the view can use all of it;
 * null on the server (shell/entry-server.tsx) and in the render that
 * hydrates its page, where the CSS's own fallback holds.
 */
function useViewportWidth(): number | null {
  const dipinta = useDipintaDalServer();
  const width = useSyncExternalStore(seguiLaLarghezza, larghezza, () =>
    typeof document === 'undefined' ? null : larghezza(),
  );
  return dipinta ? null : width;
}

interface ProblemRow {
  id: number;
  nome: string;
  valore: number;
  risolto: number;
  errori: number;
  jolly: number;
  primo: string | null;
}

function problemRows(session: LiveSession): ProblemRow[] {
  const valori = session.leaderboard().valori;
  const snap = (session.custom ?? session.scoring).snapshot();
  const jolly = Object.values(snap.jolly);
  const cells = Object.values(snap.squadre);
  return session.setup.problemi.map((p, i) => {
    const order = snap.ordine_risoluzione[p.id] ?? [];
    let errori = 0;
    for (const c of cells) errori += c[i]?.[1] ?? 0;
    return {
      id: p.id,
      nome: p.nome,
      valore: valori[i] ?? 0,
      risolto: order.length,
      errori,
      jolly: jolly.filter((j) => j === p.id).length,
      primo: order[0] !== undefined ? (snap.nomi[order[0]] ?? null) : null,
    };
  });
}

/** The live tile with its own clock of the server's seconds (its countdown). */
function LiveTileAlSecondo({
  offset,
  ...props
}: Omit<ComponentProps<typeof LiveTile>, 'now'> & { offset: number }) {
  return <LiveTile {...props} now={useServerNow(offset)} />;
}

function Telecronaca({ sessione, evento }: { sessione: Sessione; evento: Evento }) {
  const data = useScoresData(sessione.id);
  const model = useScoresModel({ sessione, params: data.params, teams: data.teams });
  const messaggi = useMessaggi(evento.id, sessione.inizio, sessione.fine, model.offset);
  // The page's minute (the ranking a minute ago), in a transition; the tile
  // counts the seconds on its own clock, so that a second redraws it alone.
  const now = useServerNowInTransition(model.offset, 60_000);
  const { session, board, phase } = model;
  const minute = Math.floor(Math.min(now, model.fine) / 60_000);
  const version = useThrottled(model.version, 2000);
  const previous = useClassificaPassata(session, minute, version);
  const problems = useMemo(() => (session ? problemRows(session) : []), [session, version]);
  const names = new Map(board?.classifica.map((e) => [e.id, e.nome]));
  const problemNames = new Map(board?.problemi.map((p) => [p.id, p.nome]));
  const history = session?.recent.slice(0, HISTORY_ROWS) ?? [];

  const viewport = useViewportWidth();
  return (
    <div
      className="telecronaca"
      data-testid="telecronaca"
      style={
        viewport === null ? undefined : ({ '--tc-viewport': `${viewport}px` } as CSSProperties)
      }
    >
      <Row className="g-3 align-items-center mb-3">
        <Col lg>
          <p className="mb-1 tc-muted">{evento.titolo}</p>
          <p className="mb-0 fs-5" data-testid="stato-evento">
            {statusText(phase, sessione.inizio, sessione.fine)}
          </p>
          {phase === 'dopo' && <p className="fs-3 fw-bold mb-0 mt-2">{GARA_TERMINATA}</p>}
        </Col>
        {phase !== 'dopo' && (
          <Col xs="auto">
            <FlipClock
              to={phase === 'prima' ? model.inizio : model.fine}
              offset={model.offset}
              label={phase === 'prima' ? "Tempo all'inizio" : 'Tempo alla fine'}
            />
          </Col>
        )}
        <Col lg={3}>
          <LiveTileAlSecondo
            offset={model.offset}
            latest={session?.recent[0]}
            teamName={(id) => names.get(id) ?? `Squadra ${id}`}
            problemName={(id) => problemNames.get(id) ?? `Problema ${id}`}
            phase={phase}
            inizio={model.inizio}
            fine={model.fine}
          />
        </Col>
      </Row>
      <ConnectionAlert model={model} />
      {model.live.error !== null && (
        <LoaderError error={model.live.error} onRetry={model.live.retry} />
      )}
      {!board ? (
        <PageLoading />
      ) : (
        <Row className="g-3">
          <Col xl={4} lg={6}>
            <section className="tc-panel" aria-labelledby="tc-classifica">
              <h2 id="tc-classifica">Classifica</h2>
              <MinimalRanking
                rows={board.classifica}
                previous={previous}
                caption="Prime 20 squadre"
              />
              <p className="small tc-muted mb-0 mt-1">Frecce: variazione rispetto a 5 minuti fa.</p>
            </section>
          </Col>
          <Col xl={5} lg={6}>
            <div className="d-flex flex-column gap-3 h-100">
              <section className="tc-panel" aria-labelledby="tc-cronologia">
                <h2 id="tc-cronologia">Ultime risposte</h2>
                {history.length === 0 ? (
                  <p className="tc-muted">Ancora nessuna risposta.</p>
                ) : (
                  <ol className="list-unstyled tc-history mb-0" data-testid="cronologia">
                    {history.map(({ event }) => {
                      const esito = esitoOf(event);
                      return (
                        <li key={event.id} className="d-flex gap-2 align-items-baseline">
                          <span className="tc-muted small">{formatTimeWithSeconds(event.d)}</span>
                          <span className={`tc-esito tc-esito--${esito}`}>
                            {ESITO_LABEL[esito]}
                          </span>
                          <strong>{problemNames.get(event.p) ?? event.p}</strong>
                          <span className="text-truncate">{names.get(event.s) ?? event.s}</span>
                        </li>
                      );
                    })}
                  </ol>
                )}
              </section>
              <section className="tc-panel" aria-labelledby="tc-messaggi">
                <h2 id="tc-messaggi">Ultimi messaggi</h2>
                <MessaggiList query={messaggi.query} offset={model.offset} limit={2} />
              </section>
            </div>
          </Col>
          <Col xl={3} lg={12}>
            <section className="tc-panel" aria-labelledby="tc-problemi">
              <h2 id="tc-problemi">Problemi</h2>
              <Table size="sm" className="tc-problemi" data-testid="problemi">
                <thead>
                  <tr>
                    <th scope="col">Prob.</th>
                    <th scope="col" className="text-end">
                      Valore
                    </th>
                    <th scope="col" className="text-end">
                      <abbr title="Squadre che lo hanno risolto">Ris.</abbr>
                    </th>
                    <th scope="col" className="text-end">
                      <abbr title="Risposte errate">Err.</abbr>
                    </th>
                    <th scope="col" className="text-end">
                      <abbr title="Squadre che lo hanno scelto come jolly">J</abbr>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {problems.map((p) => (
                    <tr key={p.id} title={p.primo ? `Primo: ${p.primo}` : undefined}>
                      <th scope="row">{p.nome}</th>
                      <td className="text-end fw-bold">{p.valore}</td>
                      <td className="text-end">{p.risolto}</td>
                      <td className="text-end">{p.errori}</td>
                      <td className="text-end">{p.jolly}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </section>
          </Col>
        </Row>
      )}
      <p className="small tc-muted mt-3 mb-0">
        <Link to={`/sessione/${sessione.id}/punteggi/`} className="link-light">
          Tutti i punteggi
        </Link>
      </p>
    </div>
  );
}

function TelecronacaLoader({ sessione }: { sessione: Sessione }) {
  const data = useScoresData(sessione.id);
  return (
    <QueryState query={data.evento} errorPageOnMissing>
      {(evento) => (
        <Page title={`Telecronaca · ${sessione.nome}`}>
          <Telecronaca sessione={sessione} evento={evento} />
        </Page>
      )}
    </QueryState>
  );
}

export default function TelecronacaPage() {
  const pk = Number(useParams().pk);
  const valid = Number.isInteger(pk) && pk > 0;
  const data = useScoresData(valid ? pk : 0);
  if (!valid) return <NotFoundPage />;
  return (
    <QueryState query={data.sessione} errorPageOnMissing>
      {(sessione) => <TelecronacaLoader key={sessione.id} sessione={sessione} />}
    </QueryState>
  );
}
