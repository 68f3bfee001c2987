// An event's committed changes, as its feeds announce them (docs/live.md,
// `tempi` and `modifica`), applied to what the open page holds: the times at
// once from the frame, the changed parts read again. Every page that follows
// an event's feed (scores page, answer desk, commentary, clock) calls this.
import type { Evento, ModificaFrame, Sessione, TempiFrame } from '@gas/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './queries';

/**
 * Public reads may come from a shared cache (nginx, the instance's own) for
 * 10 s (the server's CACHE_CONDIVISA.stabile): the parts are read again at
 * once and once more after this.
 */
export const RILETTURA_DOPO_CACHE_MS = 11_000;

export type ModificaEvento = TempiFrame | ModificaFrame;

/** The event's times, in the cached event and in each cached session of it. */
export function applicaTempi(queryClient: QueryClient, frame: TempiFrame): void {
  const { inizio, fine, fine_consegna_jolly } = frame;
  queryClient.setQueryData<Evento>(queryKeys.evento(frame.evento), (e) =>
    e ? { ...e, inizio, fine, fine_consegna_jolly } : e,
  );
  for (const [key, s] of queryClient.getQueriesData<Sessione>({ queryKey: ['sessione'] })) {
    if (s?.evento === frame.evento) queryClient.setQueryData<Sessione>(key, { ...s, inizio, fine });
  }
}

/** The queries that show a part of event `evento`. */
function chiaviDi(queryClient: QueryClient, frame: ModificaFrame): QueryKey[] {
  const keys: QueryKey[] = [queryKeys.evento(frame.evento), ['eventi']];
  const sessioni = queryClient
    .getQueriesData<Sessione>({ queryKey: ['sessione'] })
    .filter(([, s]) => s?.evento === frame.evento)
    .map(([key]) => key);
  for (const parte of frame.parti) {
    if (parte === 'sessioni' || parte === 'poli') keys.push(...sessioni);
    if (parte === 'problemi') keys.push(queryKeys.problemi(frame.evento));
    // Team lists of every page (sessions, venues, the answer desk).
    if (parte === 'squadre') keys.push(['squadre'], ['consegna', 'squadre']);
    if (parte === 'poli' || parte === 'squadre') keys.push(['punteggi', 'poli', frame.evento]);
  }
  return keys;
}

/** Reads again what a `modifica` names: now, and after a shared cache's copy has expired. */
export function applicaModifica(
  queryClient: QueryClient,
  frame: ModificaFrame,
  later: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms),
): void {
  const rileggi = () => {
    for (const queryKey of chiaviDi(queryClient, frame)) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  rileggi();
  later(rileggi, RILETTURA_DOPO_CACHE_MS);
}

export function applicaModificaEvento(queryClient: QueryClient, frame: ModificaEvento): void {
  if (frame.type === 'tempi') applicaTempi(queryClient, frame);
  else applicaModifica(queryClient, frame);
}
