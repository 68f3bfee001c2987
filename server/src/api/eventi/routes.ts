// /api/gas/sessione/{id}/eventi/: a session's scoring events in the compact,
// cacheable form the scores page loads (issue 18). The index names each
// block of ten minutes with the version of its content; a block asked for
// with its current version never changes (`immutable`), so browsers keep it
// and a closed window is sent once. Shared caches (proxies, CDNs) keep it a
// year only when the event is public and over; otherwise for the seconds of
// the other public reads, since the event may still turn private and its
// blocks must then stop being served (policyBlocco). risposta-all stays, for
// other clients and for the events after a known id.
import { FINESTRA_BLOCCHI_MS, idParam, indiceEventiSchema } from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../errors';
import { isAuthenticated, type Actor, type EventoAccess } from '../../policies';
import { CACHE_CONDIVISA } from '../../plugins/cache-http';
import type { ApiDeps } from '../deps';
import { ok, preEncodedJson } from '../shared/responses';
import { sessioneVisibile } from '../shared/sessione-visibile';
import { blocchiDi, bytesDi, codificaPer } from './blocchi';

const UN_ANNO = 365 * 24 * 3600;

/**
 * Cache-Control of a block asked for with its current version. The browser
 * keeps it a year in any case (what its user already saw). A shared cache
 * may keep it a year only if nobody can lose sight of it: a public event
 * that is over. A running public event may still turn private (or be
 * edited): shared caches keep its blocks the seconds of the other public
 * reads. A logged-in user's answer is his browser's alone.
 */
export function policyBlocco(actor: Actor, evento: EventoAccess, now: Date): string {
  if (isAuthenticated(actor)) return `private, max-age=${UN_ANNO}, immutable`;
  const perSempre = evento.tipologia !== 'priv' && evento.fine.getTime() <= now.getTime();
  if (perSempre) return `public, max-age=${UN_ANNO}, immutable`;
  return `public, max-age=${UN_ANNO}, s-maxage=${CACHE_CONDIVISA.stabile}, immutable`;
}

export async function eventiRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { snapshots } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['risposta'];

  async function blocchiDellaSessione(actor: Actor, id: number) {
    const { access: evento } = await sessioneVisibile(deps.lookups, actor, id);
    const snapshot = await snapshots.get(id);
    if (!snapshot) throw apiError('not_found');
    return { evento, snapshot, blocchi: blocchiDi(snapshot) };
  }

  r.get(
    '/api/gas/sessione/:id/eventi/',
    {
      config: { cache: 'viva' },
      schema: {
        response: ok(indiceEventiSchema),
        tags,
        summary: 'Indice degli eventi di punteggio, in blocchi di dieci minuti',
        description:
          'Pubblico per le sessioni visibili (altrimenti 404). Ogni blocco ha la versione del suo contenuto: /eventi/{blocco}/?v={versione} è immutabile. Gli stessi eventi di risposta-all.',
        params: z.object({ id: idParam }),
      },
    },
    async (request) => {
      const { snapshot, blocchi } = await blocchiDellaSessione(request.actor, request.params.id);
      const lista = [...blocchi.perNumero.values()];
      return {
        sessione: snapshot.sessioneId,
        ora: snapshot.ora.toISOString(),
        inizio: new Date(blocchi.inizio).toISOString(),
        finestra_ms: FINESTRA_BLOCCHI_MS,
        eventi: lista.reduce((n, b) => n + b.eventi, 0),
        blocchi: lista.map((b) => ({ blocco: b.blocco, eventi: b.eventi, versione: b.versione })),
      };
    },
  );

  r.get(
    '/api/gas/sessione/:id/eventi/:blocco/',
    {
      // A shareable read (no CSRF cookie, which would keep caches from
      // storing it); its Cache-Control is set below, by version.
      config: { cache: 'stabile' },
      schema: {
        response: preEncodedJson('bloccoEventiSchema'),
        tags,
        summary: 'Un blocco di eventi di punteggio, in colonne',
        description:
          'Con `v` uguale alla versione corrente: immutabile (Cache-Control max-age di un anno; per le cache condivise un anno solo se l’evento è pubblico e concluso, altrimenti s-maxage di pochi secondi). Senza `v` o con una versione superata: il contenuto corrente, da non conservare. Blocco senza eventi: 404.',
        params: z.object({ id: idParam, blocco: z.coerce.number().int().min(0).max(100_000) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { id, blocco } = request.params;
      const { evento, blocchi } = await blocchiDellaSessione(request.actor, id);
      const b = blocchi.perNumero.get(blocco);
      if (!b) throw apiError('not_found');
      const attuale = request.query.v === b.versione;
      const codifica = codificaPer(request.headers['accept-encoding']);
      reply
        .header(
          'Cache-Control',
          attuale ? policyBlocco(request.actor, evento, new Date()) : 'no-cache',
        )
        .header('ETag', `W/"${b.versione}"`)
        .header('Vary', 'Accept-Encoding')
        .type('application/json; charset=utf-8');
      if (codifica !== 'identity') reply.header('Content-Encoding', codifica);
      return reply.send(bytesDi(id, b, codifica));
    },
  );
}
