// /api/gas/messaggi-importanti/: an event's important messages, newest first.
// The event's administrators post, edit and delete them; each change goes out
// on the live feed /ws/gas/messaggi-importanti/{evento}/ once committed
// (new_message, edit_message, delete_message) and is in the audit log.
import { messaggioImportanteSchema } from '@gas/contracts';
import { created, noContent, ok, page } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messaggioImportantePatch, messaggioImportanteRequest } from '@gas/contracts';
import { auditContext, recordChange } from '../../audit/queries';
import type { ApiDeps } from '../deps';
import { apiError } from '../../errors';
import { canEditEvento } from '../../policies';
import { loadEventoWithAccess } from '../../access/queries';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { idParams } from '@gas/contracts';
import { eventoFilter, requireEvento, requireEventoField } from '../evento/access';
import { presentMessaggio } from './present';
import {
  deleteMessaggio,
  insertMessaggio,
  loadMessaggi,
  messaggioEventoId,
  updateMessaggio,
} from './queries';

/** How the audit log names a message: the start of its text. */
const titoloMessaggio = (testo: string) => (testo.length > 60 ? `${testo.slice(0, 59)}…` : testo);

const listQuery = paginationQuery.extend({ evento: eventoFilter });

export async function messaggiImportantiRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messaggi-importanti'];

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
      const { evento, testo } = request.body;
      const entry = await loadEventoWithAccess(db, evento);
      requireEventoField(request.actor, entry, evento, canEditEvento);
      const messaggio = await db.transaction(async (tx) => {
        const row = await insertMessaggio(tx, evento, testo, new Date());
        await recordChange(tx, auditContext(request, 'api'), {
          azione: 'crea',
          risorsa: 'messaggio-importante',
          oggettoId: row.id,
          oggettoNome: titoloMessaggio(row.testo),
          prima: null,
          dopo: presentMessaggio(row),
        });
        return row;
      });
      // Published only after the insert committed: the feed never shows a lost message.
      const { id, data } = presentMessaggio(messaggio);
      deps.live.publish({ type: 'new_message', eventoId: evento, message: { id, testo, data } });
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
      const eventoId = await messaggioEventoId(db, request.params.id);
      const entry = eventoId === null ? null : await loadEventoWithAccess(db, eventoId);
      requireEvento(request.actor, entry, canEditEvento);
      const edited = await db.transaction(async (tx) => {
        const [before] = (await loadMessaggi(tx, request.actor, { id: request.params.id })).rows;
        const row = await updateMessaggio(tx, request.params.id, request.body.testo);
        if (!before || !row) throw apiError('not_found');
        await recordChange(tx, auditContext(request, 'api'), {
          azione: 'modifica',
          risorsa: 'messaggio-importante',
          oggettoId: row.id,
          oggettoNome: titoloMessaggio(row.testo),
          prima: presentMessaggio(before),
          dopo: presentMessaggio(row),
        });
        return row;
      });
      const { id, testo, data } = presentMessaggio(edited);
      deps.live.publish({
        type: 'edit_message',
        eventoId: edited.eventoId,
        message: { id, testo, data },
      });
      return presentMessaggio(edited);
    },
  );

  r.delete(
    '/api/gas/messaggi-importanti/:id/',
    { schema: { response: noContent, tags, params: idParams } },
    async (request, reply) => {
      const eventoId = await messaggioEventoId(db, request.params.id);
      const entry = eventoId === null ? null : await loadEventoWithAccess(db, eventoId);
      requireEvento(request.actor, entry, canEditEvento);
      const deleted = await db.transaction(async (tx) => {
        const row = await deleteMessaggio(tx, request.params.id);
        if (!row) return null;
        await recordChange(tx, auditContext(request, 'api'), {
          azione: 'elimina',
          risorsa: 'messaggio-importante',
          oggettoId: row.id,
          oggettoNome: titoloMessaggio(row.testo),
          prima: presentMessaggio(row),
          dopo: null,
        });
        return row;
      });
      if (deleted) {
        deps.live.publish({ type: 'delete_message', eventoId: deleted.eventoId, id: deleted.id });
      }
      return reply.status(204).send();
    },
  );
}
