// An instance that starts while a contest is on (a restart, a rolling deploy,
// one more instance behind the proxy) meets its viewers cold: the snapshot of
// a 40,000-answer session not built, its blocks not compressed, the code of
// its reads not yet optimised. Its first seconds then go to that work at full
// CPU while every request queues behind it (docs/performance.md, the storm).
// So before /readyz says yes, it makes the reads a visitor's scores page makes
// (web/src/features/punteggi), through the app itself, for each public session
// whose contest is on: a load balancer sends viewers only to an instance that
// has served them once.
//
// A warm-up never keeps an instance out: it is bounded in sessions and time,
// and a read that fails is logged and passed over.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { sessioniPubblicheInCorso } from './queries';

export type WarmupOptions = {
  now?: Date;
  /** At most this long (default 20 s): then the instance takes traffic, warm or not. */
  budgetMs?: number;
  /** At most this many sessions (default 10), the most recent first. */
  sessioni?: number;
};

export type WarmupResult = { sessioni: number; letture: number; fallite: number; ms: number };

/** A session counts as on from 30 minutes before its start to an hour after its end. */
const PRIMA_MS = 30 * 60_000;
const DOPO_MS = 60 * 60_000;
/** The teams are read page by page, as the page does; bounded all the same. */
const PAGINE_SQUADRE_MAX = 100;

type Indice = { blocchi: { blocco: number; versione: string }[] };
type PaginaSquadre = { next: string | null };

export async function warmUp(
  app: FastifyInstance,
  db: DbOrTx,
  options: WarmupOptions = {},
): Promise<WarmupResult> {
  const started = Date.now();
  // Spent once its instant is reached (>=): a budget of 0 reads nothing, even
  // when the first read comes in the same millisecond as the start.
  const scadenza = started + (options.budgetMs ?? 20_000);
  const result: WarmupResult = { sessioni: 0, letture: 0, fallite: 0, ms: 0 };

  /** A visitor's read (no cookie, compressed as a browser asks): its body when 200. */
  const leggi = async (url: string, accept = 'application/json'): Promise<string | null> => {
    if (Date.now() >= scadenza) return null;
    result.letture += 1;
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { accept, 'accept-encoding': 'br, gzip' },
    });
    if (response.statusCode !== 200) {
      result.fallite += 1;
      app.log.warn({ url, status: response.statusCode }, 'riscaldamento: lettura non riuscita');
      return null;
    }
    const encoding = response.headers['content-encoding'];
    const body =
      encoding === 'br'
        ? brotliDecompressSync(response.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(response.rawPayload)
          : response.rawPayload;
    return body.toString('utf8');
  };
  const leggiJson = async <T>(url: string): Promise<T | null> => {
    const body = await leggi(url);
    return body === null ? null : (JSON.parse(body) as T);
  };

  const sessioni = await sessioniPubblicheInCorso(db, options.now ?? new Date(), {
    primaMs: PRIMA_MS,
    dopoMs: DOPO_MS,
    limite: options.sessioni ?? 10,
  });
  for (const { sessioneId, eventoId } of sessioni) {
    if (Date.now() >= scadenza) break;
    result.sessioni += 1;
    // The scores page as painted by the server (its renderer is loaded on
    // first use), then its reads in its order (bench/storm/pagina.ts makes the same).
    await leggi(`/sessione/${sessioneId}/punteggi/`, 'text/html');
    await leggi('/api/ext-user/whoami/');
    await leggi('/api/gas/evento/');
    await leggi(`/api/gas/sessione/${sessioneId}/`);
    const indice = await leggiJson<Indice>(`/api/gas/sessione/${sessioneId}/eventi/`);
    let pagina: string | null = `/api/gas/squadra/in_sessione/?sessione=${sessioneId}&page=1`;
    for (let n = 0; pagina && n < PAGINE_SQUADRE_MAX; n += 1) {
      const squadre: PaginaSquadre | null = await leggiJson<PaginaSquadre>(pagina);
      pagina = squadre?.next ? pathOf(squadre.next) : null;
    }
    await leggi(`/api/gas/evento/${eventoId}/`);
    await leggi('/api/time/');
    await leggi(`/api/gas/sessione/${sessioneId}/punteggi/`);
    await leggi(`/api/gas/messaggi-importanti/?evento=${eventoId}`);
    for (const b of indice?.blocchi ?? []) {
      await leggi(`/api/gas/sessione/${sessioneId}/eventi/${b.blocco}/?v=${b.versione}`);
    }
  }
  result.ms = Date.now() - started;
  return result;
}

/** A pagination link's path and query (the links are absolute). */
const pathOf = (link: string) => {
  const url = new URL(link, 'http://localhost');
  return url.pathname + url.search;
};
