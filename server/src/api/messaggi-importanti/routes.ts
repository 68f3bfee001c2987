// /api/gas/messaggi-importanti/: an event's important messages, newest first.
// The event's administrators post and delete them; a new one goes out on the
// live feed /ws/gas/messaggi-importanti/{evento}/ once committed.
import { messaggioImportanteSchema } from '@gas/contracts';
import { created, noContent, ok, page } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messaggioImportanteRequest } from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { apiError } from '../../errors';
import { canEditEvento } from '../../policies';
import { loadEventoWithAccess } from '../../access/queries';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { idParams } from '@gas/contracts';
import { eventoFilter, requireEvento, requireEventoField } from '../evento/access';
import { presentMessaggio } from './present';
import { deleteMessaggio, insertMessaggio, loadMessaggi, messaggioEventoId } from './queries';

const listQuery = paginationQuery.extend({ evento: eventoFilter });

export async function messaggiImportantiRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messaggi-importanti'];

  r.get(
    '/api/gas/messaggi-importanti/',
    { schema: { response: page(messaggioImportanteSchema), tags, querystring: listQuery } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await loadMessaggi(
        db,
        request.actor,
        { eventoId: request.query.evento },
        window,
      );
      return pageOf(request, window, count, rows.map(presentMessaggio));
    },
  );

  r.get(
    '/api/gas/messaggi-importanti/:id/',
    { schema: { response: ok(messaggioImportanteSchema), tags, params: idParams } },
    async (request) => {
      const { rows } = await loadMessaggi(db, request.actor, { id: request.params.id });
      const [messaggio] = rows;
      if (!messaggio) throw apiError('not_found');
      return presentMessaggio(messaggio);
    },
  );

  r.post(
    '/api/gas/messaggi-importanti/',
    {
      schema: {
        response: created(messaggioImportanteSchema),
        tags,
        body: messaggioImportanteRequest,
      },
    },
    async (request, reply) => {
      const { evento, testo } = request.body;
      const entry = await loadEventoWithAccess(db, evento);
      requireEventoField(request.actor, entry, evento, canEditEvento);
      const messaggio = await insertMessaggio(db, evento, testo, new Date());
      // Published only after the insert committed: the feed never shows a lost message.
      const { id, data } = presentMessaggio(messaggio);
      deps.live.publish({ type: 'new_message', eventoId: evento, message: { id, testo, data } });
      reply.status(201);
      return presentMessaggio(messaggio);
    },
  );

  r.delete(
    '/api/gas/messaggi-importanti/:id/',
    { schema: { response: noContent, tags, params: idParams } },
    async (request, reply) => {
      const eventoId = await messaggioEventoId(db, request.params.id);
      const entry = eventoId === null ? null : await loadEventoWithAccess(db, eventoId);
      requireEvento(request.actor, entry, canEditEvento);
      await deleteMessaggio(db, request.params.id);
      return reply.status(204).send();
    },
  );
}
