// What the scores page and the commentary view show, in one place: server
// clock, phase, the live session (or the server snapshot until the events are
// loaded), the replay, and the board on screen.
import type { ClassificaEntry, PunteggiItem, Sessione, Squadra } from '@gas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { Leaderboard, LeaderboardEntry } from '@gas/scoring';
import { useCallback, useMemo, useState } from 'react';
import { applicaModificaEvento } from '../../api/modifiche-evento';
import { queryKeys } from '../../api/queries';
import { useServerOffset } from '../../lib/serverClock';
import { classificaDellaPrimaSchermata } from '../../shell/primaSchermata';
import { useEventPhase } from '../../lib/timers';
import { useStoreInTransition } from '../../lib/useStoreInTransition';
import type { LiveSession } from './live/LiveSession';
import { useLiveSession } from './live/useLiveSession';
import { useReplay } from './replay/ReplayControl';
import type { ScoringParams } from '@gas/scoring';

const noSubscribe = () => () => {};
const zero = () => 0;

/** A ranking row as the table shows it: the engine's, or the snapshot's with its venue. */
export type DisplayEntry = LeaderboardEntry & { polo?: ClassificaEntry['polo'] };

export interface DisplayBoard {
  classifica: readonly DisplayEntry[];
  valori: readonly number[];
  problemi: readonly { id: number; nome: string }[];
}

export function useScoresModel(input: {
  sessione: Sessione;
  params: Partial<ScoringParams>;
  teams: ReadonlyMap<number, Squadra>;
  reload?(): void;
}) {
  const { sessione } = input;
  const queryClient = useQueryClient();
  const { offset } = useServerOffset();
  const inizio = Date.parse(sessione.inizio);
  const fine = Date.parse(sessione.fine);
  // Timers run on this computer's clock: shift the instants by the offset.
  const phase = useEventPhase(inizio - offset, fine - offset);
  const [snapshotOra, setSnapshotOra] = useState<number | null>(null);

  const onSnapshot = useCallback(
    (item: PunteggiItem) => {
      setSnapshotOra(Date.parse(item.ora));
      // Dates or threshold edited meanwhile: the page reloads them.
      if (
        Date.parse(item.json.inizio) !== inizio ||
        Date.parse(item.json.fine) !== fine ||
        item.json.numero_qualificati !== sessione.numero_qualificati
      ) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.sessione(sessione.id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.evento(sessione.evento) });
      }
    },
    [queryClient, inizio, fine, sessione.id, sessione.evento, sessione.numero_qualificati],
  );

  const live = useLiveSession({
    sessioneId: sessione.id,
    // The ranking the server painted the page with, if it did: on screen at once.
    initial: classificaDellaPrimaSchermata(sessione.id),
    inizio: sessione.inizio,
    fine: sessione.fine,
    params: input.params,
    offset,
    onSnapshot,
    onPersistentMismatch: () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.evento(sessione.evento) }),
    onEvento: (frame) => applicaModificaEvento(queryClient, frame),
    reload: input.reload,
  });
  const session: LiveSession | null = live.session;
  // Each live answer re-renders the page in a transition (lib/useStoreInTransition.ts).
  const version = useStoreInTransition(
    session?.subscribe ?? noSubscribe,
    session?.getVersion ?? zero,
  );
  const replay = useReplay(session, inizio, fine);

  const liveBoard: Leaderboard | null = useMemo(
    () => (session ? session.leaderboard() : null),
    // The board changes with the version (a new event, a recomputation, aging `new` flags).
    [session, version],
  );
  const problemi = session?.setup.problemi ?? live.initial?.json.problemi ?? [];
  const source = replay.board ?? liveBoard ?? live.initial?.json ?? null;
  const board: DisplayBoard | null = source
    ? { classifica: source.classifica, valori: source.valori, problemi }
    : null;

  const teamPolo = useMemo(() => {
    const out = new Map<number, number | null>();
    for (const e of live.initial?.json.classifica ?? []) out.set(e.id, e.polo ?? null);
    for (const [id, s] of input.teams) out.set(id, s.polo);
    return out;
  }, [live.initial, input.teams]);

  const lastUpdate =
    Math.max(session?.lastUpdate ?? 0, snapshotOra ?? 0) ||
    (live.initial ? Date.parse(live.initial.ora) : null);

  return {
    offset,
    inizio,
    fine,
    phase,
    live,
    session,
    version,
    replay,
    board,
    teamPolo,
    lastUpdate,
  };
}

export type ScoresModel = ReturnType<typeof useScoresModel>;
