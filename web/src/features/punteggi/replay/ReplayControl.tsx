// The replay control (spec §2): after the end, when the ranking is not empty,
// choose a duration in seconds and watch the session again; the whole page
// (table, rankings, chart) follows the replayed clock.
import { useCallback, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import type { Leaderboard } from '@gas/scoring';
import { formatTimeWithSeconds } from '../../../lib/romeTime';
import type { LiveSession } from '../live/LiveSession';
import {
  DEFAULT_REPLAY_SECONDS,
  MAX_REPLAY_SECONDS,
  MIN_REPLAY_SECONDS,
  parseReplaySeconds,
  REPLAY_TICK_MS,
  ReplayRun,
} from './replay';

export interface ReplayState {
  active: boolean;
  t: number | null;
  board: Leaderboard | null;
  progress: number;
  start(seconds: number): void;
  stop(): void;
}

export function useReplay(session: LiveSession | null, inizio: number, fine: number): ReplayState {
  const run = useRef<ReplayRun | null>(null);
  const [frame, setFrame] = useState<{ t: number; board: Leaderboard; progress: number } | null>(
    null,
  );
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
    run.current = null;
    setFrame(null);
  }, []);

  const start = useCallback(
    (seconds: number) => {
      if (!session) return;
      stop();
      const setup = {
        ...session.setup,
        params: session.customParams ?? session.setup.params,
      };
      const r = new ReplayRun(setup, session.allEvents(), inizio, fine, seconds);
      run.current = r;
      setFrame({ t: r.t, board: r.leaderboard(), progress: 0 });
      timer.current = setInterval(() => {
        const current = run.current;
        if (!current) return;
        // Stops after passing the end: the page shows the final ranking again.
        if (current.tick()) {
          stop();
          return;
        }
        setFrame({ t: current.t, board: current.leaderboard(), progress: current.progress });
      }, REPLAY_TICK_MS);
    },
    [session, inizio, fine, stop],
  );

  useEffect(() => stop, [stop]);

  return {
    active: frame !== null,
    t: frame?.t ?? null,
    board: frame?.board ?? null,
    progress: frame?.progress ?? 0,
    start,
    stop,
  };
}

export function ReplayControl({ replay }: { replay: ReplayState }) {
  const [text, setText] = useState(String(DEFAULT_REPLAY_SECONDS));
  const seconds = parseReplaySeconds(text);
  return (
    <Card className="mb-3" as="section" aria-labelledby="replay-title">
      <Card.Body className="py-2">
        <h2 id="replay-title" className="h6 mb-2">
          Replay della gara
        </h2>
        <Form
          className="d-flex flex-wrap align-items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (replay.active) replay.stop();
            else if (seconds !== null) replay.start(seconds);
          }}
        >
          <Form.Group controlId="replay-durata">
            <Form.Label className="small mb-0">Durata del replay (secondi)</Form.Label>
            <Form.Control
              type="number"
              min={MIN_REPLAY_SECONDS}
              max={MAX_REPLAY_SECONDS}
              step={1}
              size="sm"
              value={text}
              isInvalid={seconds === null}
              disabled={replay.active}
              onChange={(event) => setText(event.target.value)}
              style={{ width: '8rem' }}
            />
          </Form.Group>
          <Button
            type="submit"
            size="sm"
            variant={replay.active ? 'outline-danger' : 'primary'}
            disabled={!replay.active && seconds === null}
          >
            {replay.active ? 'Ferma il replay' : 'Avvia il replay'}
          </Button>
          {replay.active && replay.t !== null && (
            <div className="flex-grow-1" style={{ minWidth: '12rem' }}>
              <div className="small" data-testid="replay-ora" aria-live="off">
                Replay: ore {formatTimeWithSeconds(replay.t)}
              </div>
              <ProgressBar
                now={Math.round(replay.progress * 100)}
                label={`${Math.round(replay.progress * 100)}%`}
                visuallyHidden
                aria-label="Avanzamento del replay"
              />
            </div>
          )}
        </Form>
      </Card.Body>
    </Card>
  );
}
