// /api/gas/problema/: problems of the events the user may see (filter evento),
// ordered as in the contest; and the preview of a solution correction for
// those who may edit the event ('Modifica evento', gara/correzione.ts).
import {
  anteprimaCorrezioneQuery,
  anteprimaCorrezioneSchema,
  idParams,
  problemaSchema,
} from '@gas/contracts';
import { ok, page } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../deps';
import { apiError } from '../../errors';
import {
  canEditEvento,
  canSeeEvento,
  canSeeSoluzioni,
  isAuthenticated,
  type Actor,
} from '../../policies';
import { anteprimaCorrezione } from '../../gara/correzione';
import { problemaById } from '../../gara/queries';
import type { Problema } from '../../db/schema';
import { loadEventiWithAccess } from '../../access/queries';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { eventoFilter } from '../shared/evento-filter';
import { presentProblema } from './present';
import { loadProblemi } from './queries';

const listQuery = paginationQuery.extend({ evento: eventoFilter });

export async function problemaRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['problema'];

  // Solutions depend on each event's dates and staff: loaded for the rows shown only.
  const present = async (actor: Actor, rows: Problema[]) => {
    const eventi = await loadEventiWithAccess(
      db,
      rows.map((p) => p.eventoId),
    );
    const now = new Date();
    return rows.map((p) =>
      presentProblema(p, canSeeSoluzioni(actor, eventi.get(p.eventoId)!.access, now)),
    );
  };

  r.get(
    '/api/gas/problema/',
    {
      config: { cache: 'stabile' },
      schema: { response: page(problemaSchema), tags, querystring: listQuery },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await loadProblemi(
        db,
        request.actor,
        { eventoId: request.query.evento },
        window,
      );
      return pageOf(request, window, count, await present(request.actor, rows));
    },
  );

  r.get(
    '/api/gas/problema/:id/',
    { schema: { response: ok(problemaSchema), tags, params: idParams } },
    async (request) => {
      // A problem of an event the user may not see does not exist for him.
      const { rows } = await loadProblemi(db, request.actor, { id: request.params.id });
      const [problema] = await present(request.actor, rows);
      if (!problema) throw apiError('not_found');
      return problema;
    },
  );

  r.get(
    '/api/gas/problema/:id/anteprima-correzione/',
    {
      schema: {
        response: ok(anteprimaCorrezioneSchema),
        tags,
        params: idParams,
        querystring: anteprimaCorrezioneQuery,
        summary: 'Anteprima della correzione della soluzione',
      },
    },
    async (request) => {
      const { actor } = request;
      if (!isAuthenticated(actor)) throw apiError('not_authenticated');
      const problema = await problemaById(db, request.params.id);
      const evento = problema
        ? (await loadEventiWithAccess(db, [problema.eventoId])).get(problema.eventoId)
        : undefined;
      // A problem of an event the user may not see does not exist for him.
      if (!problema || !evento || !canSeeEvento(actor, evento.access)) {
        throw apiError('not_found');
      }
      if (!canEditEvento(actor, evento.access)) throw apiError('permission_denied');
      return anteprimaCorrezione(db, problema, request.query);
    },
  );
}
