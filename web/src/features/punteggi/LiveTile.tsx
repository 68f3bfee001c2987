// The live tile (spec §2): the latest answer (problem, team) for 10 seconds,
// green when correct, red when wrong, yellow otherwise (a joker choice),
// each with its mark and word as well as its colour (WCAG 1.4.1); the rest
// of the time a timer to the end (or the start).
import type { ScoringEvent } from '@gas/scoring';
import { secondsLeft } from '../../lib/serverNow';
import type { Phase } from '../../lib/timers';
import type { ArrivedEvent } from './live/LiveSession';

export const LIVE_TILE_MS = 10_000;

export type Esito = 'corretta' | 'errata' | 'altro';

export function esitoOf(event: ScoringEvent): Esito {
  if (event.k !== 'r') return 'altro';
  return event.c ? 'corretta' : 'errata';
}

export const ESITO_LABEL: Record<Esito, string> = {
  corretta: 'Corretta',
  errata: 'Errata',
  altro: 'Jolly',
};

/** Marks of the outcomes, the same as the table's cells (✓ solved, ✗ wrong, J joker). */
export const ESITO_MARK: Record<Esito, string> = {
  corretta: '✓',
  errata: '✗',
  altro: 'J',
};

/**
 * hh:mm:ss of a duration (ms), days folded into hours; counted up like the
 * flip clock (secondsLeft), so the tile and the flip clock show the same second.
 */
export function clock(ms: number): string {
  const total = secondsLeft(ms, 0);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

export function LiveTile(props: {
  latest: ArrivedEvent | undefined;
  teamName(id: number): string;
  problemName(id: number): string;
  phase: Phase;
  inizio: number;
  fine: number;
  now: number;
}) {
  const { latest, now } = props;
  if (latest && latest.live && now - latest.at < LIVE_TILE_MS) {
    const esito = esitoOf(latest.event);
    return (
      <div className={`live-tile live-tile--${esito}`} role="status" data-testid="live-tile">
        <div className="small">
          <span className="live-tile__mark" aria-hidden="true">
            {ESITO_MARK[esito]}
          </span>
          Ultima risposta · {ESITO_LABEL[esito]}
        </div>
        <div className="live-tile__big">
          {props.problemName(latest.event.p)} · {props.teamName(latest.event.s)}
        </div>
      </div>
    );
  }
  const label =
    props.phase === 'prima'
      ? "Tempo all'inizio"
      : props.phase === 'durante'
        ? 'Tempo rimanente'
        : 'Gara conclusa';
  const value =
    props.phase === 'prima'
      ? clock(props.inizio - now)
      : props.phase === 'durante'
        ? clock(props.fine - now)
        : clock(props.fine - props.inizio);
  return (
    <div className="live-tile" data-testid="live-tile">
      <div className="small text-body-secondary">
        {label}
        {props.phase === 'dopo' && ' · durata'}
      </div>
      <div className="live-tile__big" role="timer">
        {value}
      </div>
    </div>
  );
}
