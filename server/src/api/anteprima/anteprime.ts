// Link previews of the session pages (issue 28): for /sessione/{pk}/punteggi/
// and /sessione/{pk}/risultati/, the Open Graph and Twitter card tags the web
// app plugin (plugins/static.ts) puts in index.html. The winner comes from
// the same score snapshot the pages show, so the preview agrees with them.
//
// Every crawler of every chat that sees a shared link asks for it at once, so
// the lookups are kept briefly (per session, both pages share them) and
// concurrent misses wait for one load (lru-cache's fetch).
import { INT4_MAX } from '@gas/contracts';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client';
import type { SnapshotCache } from '../../scores/cache';
import { nomiScuole, sessionePubblica } from './queries';
import { anteprima, metaTags, type Anteprima, type Vincitore } from './tags';

const PAGINA = /^\/sessione\/(\d{1,10})\/(punteggi|risultati)\/?$/;

/**
 * How long a preview is kept: a shared link is fetched by many crawlers
 * within seconds. Short, because an event made private must stop showing its
 * title soon: the same 10 s shared caches keep an open event's blocks (api/eventi).
 */
export const ANTEPRIMA_TTL_MS = 10_000;

export type AnteprimeOptions = {
  db: DbOrTx;
  snapshots: Pick<SnapshotCache, 'get'>;
  ttlMs?: number;
  now?: () => Date;
};

/**
 * The tags for a page path (no query string), with `origin` the site's
 * public origin for og:url; null for any other path, an unknown or malformed
 * session, or one the anonymous public may not see.
 */
export type TagsAnteprima = (path: string, origin: string) => Promise<string | null>;

export function creaAnteprime({
  db,
  snapshots,
  ttlMs = ANTEPRIMA_TTL_MS,
  now = () => new Date(),
}: AnteprimeOptions): TagsAnteprima {
  async function vincitori(id: number): Promise<Vincitore[]> {
    const snapshot = await snapshots.get(id);
    // Guests have no position, so they never win.
    const primi = (snapshot?.punteggi.classifica ?? []).filter((r) => r.posizione === 1);
    const scuole = await nomiScuole(
      db,
      primi.flatMap((r) => (r.scuola === null ? [] : [r.scuola])),
    );
    return primi.map((r) => ({
      nome: r.nome,
      scuola: r.scuola === null ? null : (scuole.get(r.scuola) ?? null),
      totale: r.totale,
    }));
  }

  // Values are wrapped: lru-cache keeps no null, and an unknown session is
  // worth remembering too (a crawler retries).
  const cache = new LRUCache<number, { valore: Anteprima | null }>({
    max: 2000,
    ttl: ttlMs,
    fetchMethod: async (id) => {
      const sessione = await sessionePubblica(db, id);
      if (!sessione) return { valore: null };
      const adesso = now();
      const conclusa = adesso >= sessione.fine;
      return {
        valore: anteprima({ ...sessione, vincitori: conclusa ? await vincitori(id) : [] }, adesso),
      };
    },
  });

  return async (path, origin) => {
    const match = PAGINA.exec(path);
    if (!match) return null;
    const id = Number(match[1]);
    if (id < 1 || id > INT4_MAX) return null;
    const found = await cache.fetch(id);
    if (!found?.valore) return null;
    return metaTags(found.valore, `${origin}/sessione/${id}/${match[2]}/`);
  };
}
