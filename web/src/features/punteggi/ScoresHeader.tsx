// Top of the scores page: event link, status sentence (and 'La gara è
// terminata!'), countdown, live tile, last-update time, self-reload note and
// the lost-connection notice.
import type { Sessione } from '@gas/contracts';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { memo } from 'react';
import { FlipClock as FlipClockBase } from '../../components/FlipClock';
import { formatTimeWithSeconds } from '../../lib/romeTime';
import { statusText } from '../../lib/eventStatus';
import { skewWarning } from '../../lib/serverClock';
import { useServerNow } from '../../lib/serverNow';
import { LiveTile } from './LiveTile';
import type { ScoresModel } from './useScoresModel';

/** The countdown ticks on its own: live events need not re-render it. */
const FlipClock = memo(FlipClockBase);

export const GARA_TERMINATA = 'La gara è terminata!';
export const CONNESSIONE_PERSA = 'Connessione persa';
export const RICONNESSIONE = 'Tentativo di riconnessione in corso';
export const NOTA_AGGIORNAMENTO =
  'La pagina si aggiorna da sola in tempo reale: non serve ricaricarla.';

export function ConnectionAlert({ model }: { model: ScoresModel }) {
  const { feeds, feedsOpen } = model.live;
  if (!feedsOpen || (feeds.eventi !== 'disconnected' && feeds.last !== 'disconnected')) {
    return null;
  }
  return (
    <Alert variant="warning" className="py-2" role="alert" data-testid="connessione-persa">
      <strong>{CONNESSIONE_PERSA}</strong>
      <div className="small">{RICONNESSIONE}</div>
    </Alert>
  );
}

export function ScoresHeader({
  model,
  sessione,
  eventoTitolo,
}: {
  model: ScoresModel;
  sessione: Sessione;
  eventoTitolo: string | undefined;
}) {
  const { phase, offset, inizio, fine } = model;
  const now = useServerNow(offset);
  const warning = skewWarning(offset);
  const board = model.board;
  // Looked up only when the tile shows an answer (no per-event map of 1,000 teams).
  const teamName = (id: number) =>
    board?.classifica.find((e) => e.id === id)?.nome ?? `Squadra ${id}`;
  const problemName = (id: number) =>
    board?.problemi.find((p) => p.id === id)?.nome ?? `Problema ${id}`;
  return (
    <header className="mb-3">
      <p className="mb-2">
        <Link to={`/evento/${sessione.evento}/`}>{eventoTitolo ?? 'Evento'}</Link>
        {' · '}
        <Link to={`/sessione/${sessione.id}/punteggi/telecronaca/`}>Telecronaca</Link>
        {' · '}
        <Link to={`/sessione/${sessione.id}/orologio/`}>Orologio</Link>
      </p>
      <p className="mb-2" data-testid="stato-evento">
        {statusText(phase, sessione.inizio, sessione.fine)}
      </p>
      {phase === 'dopo' && (
        <Alert variant="success" className="fs-5 fw-bold py-2">
          {GARA_TERMINATA}
        </Alert>
      )}
      {warning && (
        <Alert variant="warning" className="py-2 small">
          {warning}
        </Alert>
      )}
      <ConnectionAlert model={model} />
      <Row className="g-3 align-items-center">
        {phase !== 'dopo' && (
          // On a phone the live tile's timer is the one clock (the same
          // countdown twice took half the first screen, issue 29).
          <Col xs={12} lg="auto" className="d-none d-sm-block">
            <FlipClock
              to={phase === 'prima' ? inizio : fine}
              offset={offset}
              label={phase === 'prima' ? "Tempo all'inizio" : 'Tempo alla fine'}
            />
          </Col>
        )}
        <Col xs={12} sm={6} lg={4}>
          <LiveTile
            latest={model.session?.recent[0]}
            teamName={teamName}
            problemName={problemName}
            phase={phase}
            inizio={inizio}
            fine={fine}
            now={now}
          />
        </Col>
        <Col xs={12} sm={6} lg>
          <p className="mb-1" data-testid="ultimo-aggiornamento">
            Ultimo aggiornamento: {model.lastUpdate ? formatTimeWithSeconds(model.lastUpdate) : '—'}
          </p>
          <p className="mb-0 small text-body-secondary">{NOTA_AGGIORNAMENTO}</p>
          {/* Always there, one line high: the loading line's going moved the
              ranking below it (a layout shift on phones, issue 29). */}
          <p className="mb-0 small text-body-secondary" role="status">
            {!model.session && !model.live.error ? 'Caricamento delle risposte…' : '\u00a0'}
          </p>
        </Col>
      </Row>
    </header>
  );
}
