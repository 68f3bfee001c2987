// The instance's own cache of the public reads (issue 18). In the opening
// minute thousands of visitors ask one instance for the same session, event
// and teams; without a proxy in front each would be built, serialised and
// compressed again. What a shared cache may keep (routes marked
// `config.cache`, asked by a visitor without a session) is kept here too, for
// the same few seconds (CACHE_CONDIVISA), already compressed in the encoding
// asked for; concurrent misses of one key wait for the first (as nginx's
// proxy_cache_lock). A committed change of contest data (the change stream,
// gara/modifiche.ts, whatever path made it: a route, the back office, the
// scheduled import) drops what it may have changed at once: an answer or a
// joker the live reads (snapshot, messages, blocks' index), anything else
// every entry; so does any other write request answered here. Writes on
// other instances reach it within the same seconds a proxy would take.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { ModificaGara } from '@gas/contracts';
import { CACHE_CONDIVISA, type PoliticaCache } from './cache-http';
import { codificaAccettata, comprimi, SOGLIA_COMPRESSIONE } from './compressione';

type Voce = {
  politica: PoliticaCache;
  headers: Record<string, string>;
  body: Buffer;
};

type Richiesta = { chiave: string; politica: PoliticaCache; codifica: 'br' | 'gzip' | null };

declare module 'fastify' {
  interface FastifyRequest {
    microcache?: Richiesta;
  }
}

const HEADERS = ['content-type', 'cache-control', 'cdn-cache-control', 'etag', 'vary'] as const;
/** Writes that change only the live reads. */
const SCRITTURE_VIVE = new Set(['/api/gas/risposta/', '/api/gas/jolly/']);

function daVisitatore(request: FastifyRequest): boolean {
  return !/(?:^|;\s*)sessionid=/.test(request.headers.cookie ?? '');
}

export type MicrocacheOptions = {
  /** The change stream (gara/modifiche.ts); returns the unsubscribe. */
  modifiche: { iscrivi(nome: string, ricevi: (m: ModificaGara) => void): () => void };
};

/** The changes that touch only the live reads (the answers and jokers of a session). */
export const MODIFICHE_VIVE: ReadonlySet<ModificaGara['tipo']> = new Set([
  'consegna',
  'consegna_eliminata',
]);

export const registerMicrocache = fp(
  async function registerMicrocache(app: FastifyInstance, options: MicrocacheOptions) {
    const voci = new LRUCache<string, Voce>({
      maxSize: 128 * 1024 * 1024,
      sizeCalculation: (v) => v.body.length + 512,
    });
    const inCorso = new Map<string, Promise<void>>();
    const fine = new Map<string, () => void>();
    /** Lets the reads waiting on a key go on: from the kept entry, or building their own. */
    const rilascia = (chiave: string) => {
      inCorso.delete(chiave);
      fine.get(chiave)?.();
      fine.delete(chiave);
    };
    /** Drops the entries a change may have made stale (null: every entry). */
    const svuota = (solo: PoliticaCache | null) => {
      for (const [chiave, voce] of voci.entries()) {
        if (solo === null || voce.politica === solo) voci.delete(chiave);
      }
    };
    const smetti = options.modifiche.iscrivi('microcache', (modifica) => {
      // A reload request changes no data; who may see an event is the access
      // guard's (the database's change feed, from any instance): the kept
      // reads are anonymous and live for a second at most.
      if (modifica.tipo === 'ricarica_richiesta' || modifica.tipo === 'accesso_modificato') return;
      svuota(MODIFICHE_VIVE.has(modifica.tipo) ? 'viva' : null);
    });
    app.addHook('onClose', async () => smetti());

    // After the session and the rate limits (onRequest hooks): a hit skips
    // validation, the handler, serialisation and compression, not the limits.
    app.addHook('preHandler', async (request, reply) => {
      const politica = request.routeOptions.config.cache;
      if (!politica || (request.method !== 'GET' && request.method !== 'HEAD')) return;
      if (!daVisitatore(request)) return;
      const codifica = codificaAccettata(request.headers['accept-encoding']);
      // Everything the answer depends on: path and query, the encoding, and
      // being a visitor (every visitor gets the same answer). A cached route's
      // answer must depend on nothing else of the request: not Host nor
      // X-Forwarded-Host (pagination links are relative or from GAS_PUBLIC_URL).
      const chiave = `${request.url}\n${codifica ?? 'identity'}`;
      let voce = voci.get(chiave);
      if (!voce && inCorso.has(chiave)) {
        await inCorso.get(chiave);
        voce = voci.get(chiave);
      }
      if (voce) {
        const etag = voce.headers.etag;
        if (etag && request.headers['if-none-match'] === etag) {
          return reply
            .code(304)
            .headers({ etag, 'cache-control': voce.headers['cache-control'] })
            .send();
        }
        return reply.code(200).headers(voce.headers).send(voce.body);
      }
      if (!inCorso.has(chiave)) {
        inCorso.set(chiave, new Promise((resolve) => fine.set(chiave, resolve)));
        request.microcache = { chiave, politica, codifica };
        // Released when the response is over, sent or not: a visitor who
        // leaves before his answer (a page closed, a phone losing the
        // network) gets no onResponse (only onRequestAbort), and the key
        // stayed taken: every later read of that URL waited forever (the
        // scores page's events index, for everyone, until a restart).
        reply.raw.once('close', () => rilascia(chiave));
      }
    });

    // After the Cache-Control and ETag hooks (cache-http.ts), before
    // @fastify/compress (a route's own hook): the payload is the JSON text.
    app.addHook('onSend', async (request, reply, payload) => {
      const m = request.microcache;
      if (!m || reply.statusCode !== 200) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (/no-cache|no-store|private/.test(String(reply.getHeader('cache-control') ?? ''))) {
        return payload;
      }
      const raw = Buffer.from(payload);
      let body: Buffer = raw;
      // A route that encodes its own answer (the events' blocks) has chosen by
      // the same negotiation: kept as it is.
      const giaCodificata = reply.getHeader('content-encoding');
      if (giaCodificata !== undefined && giaCodificata !== (m.codifica ?? 'identity'))
        return payload;
      if (giaCodificata === undefined && m.codifica && raw.length >= SOGLIA_COMPRESSIONE) {
        body = comprimi(raw, m.codifica);
        reply.header('content-encoding', m.codifica);
        reply.header('vary', 'accept-encoding');
      }
      const headers: Record<string, string> = {};
      for (const h of [...HEADERS, 'content-encoding'] as const) {
        const v = reply.getHeader(h);
        if (v !== undefined) headers[h] = String(v);
      }
      voci.set(
        m.chiave,
        { politica: m.politica, headers, body },
        { ttl: CACHE_CONDIVISA[m.politica] * 1000 },
      );
      return body;
    });

    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
      svuota(SCRITTURE_VIVE.has(request.routeOptions.url ?? '') ? 'viva' : null);
    });
  },
  // Its onSend hook follows cache-http's (Cache-Control, ETag): registered after it.
  { name: 'gas-microcache', dependencies: ['gas-cache-http'] },
);
