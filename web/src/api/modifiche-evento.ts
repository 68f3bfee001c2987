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

/**
 * The latest times per event, kept while a shared cache may still answer a
 * read with the old ones: a read of the event or its sessions landing
 * meanwhile (a `modifica`'s, a page coming back into focus) must not move
 * the clock back.
 */
const recenti = new WeakMap<QueryClient, Map<number, { frame: TempiFrame; at: number }>>();
const CHIAVI_CON_TEMPI: ReadonlySet<unknown> = new Set(['evento', 'sessione', 'eventi']);

function ricordaTempi(queryClient: QueryClient, frame: TempiFrame): void {
  let tempi = recenti.get(queryClient);
  if (!tempi) {
    const map = new Map<number, { frame: TempiFrame; at: number }>();
    tempi = map;
    recenti.set(queryClient, map);
    queryClient.getQueryCache().subscribe((event) => {
      // Data fetched from the server only (setQueryData is `manual`).
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) {
        return;
      }
      if (!CHIAVI_CON_TEMPI.has(event.query.queryKey[0])) return;
      for (const [evento, kept] of map) {
        if (Date.now() - kept.at > RILETTURA_DOPO_CACHE_MS) map.delete(evento);
        // After this notification: the cache is not changed from inside its own.
        else queueMicrotask(() => scriviTempi(queryClient, kept.frame));
      }
    });
  }
  tempi.set(frame.evento, { frame, at: Date.now() });
}

/** The times in the cached event, in each cached session of it and in the cached event lists. */
function scriviTempi(queryClient: QueryClient, frame: TempiFrame): void {
  const { inizio, fine, fine_consegna_jolly } = frame;
  const nuovi = (e: Evento) => ({ ...e, inizio, fine, fine_consegna_jolly });
  queryClient.setQueryData<Evento>(queryKeys.evento(frame.evento), (e) => e && nuovi(e));
  for (const [key, s] of queryClient.getQueriesData<Sessione>({ queryKey: ['sessione'] })) {
    if (s?.evento === frame.evento) queryClient.setQueryData<Sessione>(key, { ...s, inizio, fine });
  }
  queryClient.setQueriesData<Evento[]>({ queryKey: ['eventi'] }, (list) =>
    list?.map((e) => (e.id === frame.evento ? nuovi(e) : e)),
  );
}

/** `tempi`: applied at once, and again over any read the shared cache answers with the old times. */
export function applicaTempi(queryClient: QueryClient, frame: TempiFrame): void {
  ricordaTempi(queryClient, frame);
  scriviTempi(queryClient, frame);
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

/**
 * A page follows an event on two feeds (its session's and the event's): the
 * same `modifica` heard twice within this time is read once.
 */
const STESSA_MODIFICA_MS = 2_000;
const ultime = new WeakMap<QueryClient, Map<string, number>>();

function giaLetta(queryClient: QueryClient, frame: ModificaFrame): boolean {
  let viste = ultime.get(queryClient);
  if (!viste) ultime.set(queryClient, (viste = new Map()));
  const chiave = `${frame.evento}:${[...frame.parti].sort().join(',')}`;
  const now = Date.now();
  const prima = viste.get(chiave);
  viste.set(chiave, now);
  return prima !== undefined && now - prima < STESSA_MODIFICA_MS;
}

/** Reads again what a `modifica` names: now, and after a shared cache's copy has expired. */
export function applicaModifica(
  queryClient: QueryClient,
  frame: ModificaFrame,
  later: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms),
): void {
  if (giaLetta(queryClient, frame)) return;
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
