// The calls of the scores pages (spec §7). Scoring events come, at load, from
// the session's compact blocks (issue 18), and from risposta-all the newer
// ones after a reconnection (id__gt), the missing ones of the re-check
// (pk_risposte) and the latency tab's raw rows.
import { decodificaBlocco, type EventoPunteggioRow } from '@gas/contracts';
import type { ScoringEvent } from '@gas/scoring';
import { typedApi } from '../../api/typed';
import { yieldToBrowser } from '../../lib/yieldToBrowser';

export const EVENTS_PAGE = 5000;

export const punteggiKeys = {
  punteggi: (sessione: number) => ['punteggi', 'snapshot', sessione] as const,
  eventi: (sessione: number) => ['punteggi', 'eventi', sessione] as const,
  poli: (evento: number) => ['punteggi', 'poli', evento] as const,
  messaggi: (evento: number) => ['punteggi', 'messaggi', evento] as const,
  scuole: (sessione: number) => ['punteggi', 'scuole', sessione] as const,
  latenza: (sessione: number) => ['punteggi', 'latenza', sessione] as const,
};

export async function fetchPunteggi(sessione: number, signal?: AbortSignal) {
  const page = await typedApi.page('/api/gas/sessione/{id}/punteggi/', 'punteggiItem', {
    path: { id: sessione },
    signal,
  });
  const item = page.results[0];
  if (!item) throw new Error('Nessuna classifica calcolata per questa sessione.');
  return item;
}

/**
 * Every scoring event of the session for the scores page (issue 18): the
 * index of its compact blocks, then each block with its version, in
 * parallel. A block of a closed window never changes under its version, so
 * the browser and any proxy keep it: a reload fetches only the index and the
 * blocks that changed. `?eventi=risposta-all` in the page's address loads
 * them as before, from risposta-all (the benchmarks compare the two).
 */
export async function fetchEventiPagina(
  sessione: number,
  signal?: AbortSignal,
): Promise<ScoringEvent[]> {
  if (typeof location !== 'undefined') {
    if (new URLSearchParams(location.search).get('eventi') === 'risposta-all') {
      return fetchAllEvents(sessione, signal);
    }
  }
  const indice = await typedApi.get('/api/gas/sessione/{id}/eventi/', 'indiceEventi', {
    path: { id: sessione },
    signal,
  });
  const blocchi = await Promise.all(
    indice.blocchi.map((b) =>
      typedApi.get('/api/gas/sessione/{id}/eventi/{blocco}/', 'bloccoEventi', {
        path: { id: sessione, blocco: b.blocco },
        query: { v: b.versione },
        signal,
      }),
    ),
  );
  // One block per task: a session of 40,000 answers took 115 ms of one task to
  // decode on a phone's CPU (lib/yieldToBrowser.ts).
  const eventi: ScoringEvent[] = [];
  for (const blocco of blocchi) {
    await yieldToBrowser();
    for (const evento of decodificaBlocco(blocco)) eventi.push(evento);
  }
  return eventi;
}

/** Every scoring event of the session, in id order (risposta-all; the latency tab's raw rows). */
export async function fetchAllEvents(
  sessione: number,
  signal?: AbortSignal,
): Promise<EventoPunteggioRow[]> {
  const path = '/api/gas/risposta-all/';
  const query = { squadra__sessione: sessione, limit: EVENTS_PAGE };
  const first = await typedApi.page(path, 'eventoPunteggio', {
    query: { ...query, offset: 0 },
    signal,
  });
  const offsets: number[] = [];
  for (let offset = EVENTS_PAGE; offset < first.count; offset += EVENTS_PAGE) offsets.push(offset);
  const rest = await Promise.all(
    offsets.map((offset) =>
      typedApi.page(path, 'eventoPunteggio', { query: { ...query, offset }, signal }),
    ),
  );
  // A page that grew meanwhile may repeat an event: the engine keeps the first of an id.
  return [first, ...rest].flatMap((p) => p.results);
}

export function fetchEventsAfter(sessione: number, idGt: number): Promise<ScoringEvent[]> {
  return typedApi.list('/api/gas/risposta-all/', 'eventoPunteggio', {
    query: { squadra__sessione: sessione, id__gt: idGt, page_size: EVENTS_PAGE },
  });
}

export function fetchEventIds(sessione: number): Promise<number[]> {
  return typedApi.array('/api/gas/risposta-all/pk_risposte/', 'id', {
    query: { squadra__sessione: sessione },
  });
}

export function fetchEventsByIds(sessione: number, ids: number[]): Promise<ScoringEvent[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return typedApi.array('/api/gas/risposta-all/pk_risposte/', 'eventoPunteggio', {
    query: { squadra__sessione: sessione, pk__in: ids },
  });
}

export const fetchPoli = (evento: number, signal?: AbortSignal) =>
  typedApi.list('/api/gas/polo/', 'polo', { query: { evento, page_size: 500 }, signal });

export const fetchMessaggi = (evento: number, signal?: AbortSignal) =>
  typedApi.list('/api/gas/messaggi-importanti/', 'messaggioImportante', {
    query: { evento },
    signal,
  });

export const fetchScuole = (sessione: number, signal?: AbortSignal) =>
  typedApi.list('/api/gas/sessione/{id}/scuole/', 'scuola', {
    path: { id: sessione },
    query: { page_size: 5000 },
    signal,
  });
