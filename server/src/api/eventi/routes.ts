// /api/gas/sessione/{id}/eventi/: a session's scoring events in the compact,
// cacheable form the scores page loads (issue 18). The index names each
// block of ten minutes with the version of its content; a block asked for
// with its current version is the same forever (`immutable`), so browsers,
// proxies and CDNs keep it, and a closed window is sent once. risposta-all
// stays, for other clients and for the events after a known id.
import { FINESTRA_BLOCCHI_MS, idParam, indiceEventiSchema } from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../errors';
import { canSeeEvento, isAuthenticated, type Actor } from '../../policies';
import type { DbOrTx } from '../../db/client';
import type { ApiDeps } from '../deps';
import { ok, preEncodedJson } from '../shared/responses';
import { eventoOfSessione } from '../risposta/queries';
import { blocchiDi, bytesDi, codificaPer } from './blocchi';

const UN_ANNO = 365 * 24 * 3600;

async function sessioneVisibile(db: DbOrTx, actor: Actor, sessioneId: number) {
  const evento = await eventoOfSessione(db, sessioneId);
  if (!evento || !canSeeEvento(actor, evento.access)) throw apiError('not_found');
}

export async function eventiRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const { snapshots } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['risposta'];

  async function blocchiDellaSessione(actor: Actor, id: number) {
    await sessioneVisibile(db, actor, id);
    const snapshot = await snapshots.get(id);
    if (!snapshot) throw apiError('not_found');
    return { snapshot, blocchi: blocchiDi(snapshot) };
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
          'Con `v` uguale alla versione corrente: immutabile (Cache-Control max-age di un anno). Senza `v` o con una versione superata: il contenuto corrente, da non conservare. Blocco senza eventi: 404.',
        params: z.object({ id: idParam, blocco: z.coerce.number().int().min(0).max(100_000) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { id, blocco } = request.params;
      const { blocchi } = await blocchiDellaSessione(request.actor, id);
      const b = blocchi.perNumero.get(blocco);
      if (!b) throw apiError('not_found');
      const attuale = request.query.v === b.versione;
      const chi = isAuthenticated(request.actor) ? 'private' : 'public';
      const codifica = codificaPer(request.headers['accept-encoding']);
      reply
        .header('Cache-Control', attuale ? `${chi}, max-age=${UN_ANNO}, immutable` : 'no-cache')
        .header('ETag', `W/"${b.versione}"`)
        .header('Vary', 'Accept-Encoding')
        .type('application/json; charset=utf-8');
      if (codifica !== 'identity') reply.header('Content-Encoding', codifica);
      return reply.send(bytesDi(id, b, codifica));
    },
  );
}
