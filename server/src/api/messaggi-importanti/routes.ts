// /api/gas/messaggi-importanti/: an event's important messages, newest first.
// The event's administrators post, edit and delete them through the core's
// use cases (gara/messaggi/): audited, and on the live feed
// /ws/gas/messaggi-importanti/{evento}/ once committed.
import { messaggioImportanteSchema } from '@gas/contracts';
import { created, noContent, ok, page } from '../shared/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messaggioImportantePatch, messaggioImportanteRequest } from '@gas/contracts';
import { auditContext } from '../../audit/queries';
import type { ApiDeps } from '../deps';
import { apiError } from '../../errors';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { idParams } from '@gas/contracts';
import {
  eliminaMessaggio,
  modificaMessaggio,
  pubblicaMessaggio,
} from '../../gara/messaggi/messaggi';
import { eventoFilter } from '../shared/evento-filter';
import { presentMessaggio } from '../../gara/messaggi/messaggio';
import { loadMessaggi } from './queries';

const listQuery = paginationQuery.extend({ evento: eventoFilter });

export async function messaggiImportantiRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messaggi-importanti'];
  const gara = { db, modifiche: deps.modifiche };
  const chi = (request: FastifyRequest) => ({
    actor: request.actor,
    audit: auditContext(request, 'api'),
  });

  r.get(
    '/api/gas/messaggi-importanti/',
    {
      config: { cache: 'viva' },
      schema: { response: page(messaggioImportanteSchema), tags, querystring: listQuery },
    },
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
      const messaggio = await pubblicaMessaggio(gara, chi(request), request.body);
      reply.status(201);
      return presentMessaggio(messaggio);
    },
  );

  r.patch(
    '/api/gas/messaggi-importanti/:id/',
    {
      schema: {
        response: ok(messaggioImportanteSchema),
        tags,
        params: idParams,
        body: messaggioImportantePatch,
      },
    },
    async (request) => {
      const { id } = request.params;
      return presentMessaggio(await modificaMessaggio(gara, chi(request), id, request.body.testo));
    },
  );

  r.delete(
    '/api/gas/messaggi-importanti/:id/',
    { schema: { response: noContent, tags, params: idParams } },
    async (request, reply) => {
      await eliminaMessaggio(gara, chi(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
