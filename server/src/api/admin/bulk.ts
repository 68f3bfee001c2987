// Bulk actions of the back office (issue 14, item 2): the same change to the
// selected records (assign teams to a venue or a session, mark guests,
// activate managers...) or their deletion, in one transaction, all or
// nothing, each record checked and logged as if changed alone; and the age
// order of an event's teams from a pasted list.
import { azioneDiGruppo, esitoAzioneSchema, ordineEtaRequest } from '@gas/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError, apiError, fieldErrors } from '../../errors';
import type { ApiDeps } from '../deps';
import { ok } from '../shared/responses';
import { getRecord, teamsOfEvento } from '../../gara/registro/queries';
import type { AdminResource, Change } from '../../gara/registro/resource';
import { deleteOne, patchOne, type WriteContext } from './writes';

type Helpers = {
  context(request: FastifyRequest, tx: WriteContext['tx'], nota?: string): WriteContext;
  afterCommit(change: Change): void;
  patchBody: z.ZodObject;
  checkReferences(input: Record<string, unknown>): Promise<void>;
  dbRefusal(error: unknown): unknown;
};

/**
 * A record's failure as a message on `ids`, naming the record; a refused
 * right stays a 403 (an account only a superuser manages, issue 26).
 */
function onRecord(resource: AdminResource, id: number, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const body = error.body as Record<string, unknown>;
  if (error.status === 403 && typeof body.detail === 'string') {
    return apiError('permission_denied', `${resource.risorsa.singolare} ${id}: ${body.detail}`);
  }
  const messages =
    typeof body.detail === 'string'
      ? [body.detail]
      : Object.entries(body).flatMap(([field, list]) =>
          (list as string[]).map((m) => (field === 'non_field_errors' ? m : `${field}: ${m}`)),
        );
  return fieldErrors({
    ids: messages.map((m) => `${resource.risorsa.singolare} ${id}: ${m}`),
  });
}

export function bulkRoutes(
  app: FastifyInstance,
  deps: ApiDeps,
  resource: AdminResource,
  helpers: Helpers,
) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { nome } = resource.risorsa;
  const tags = [`admin: ${nome}`];
  const canEdit = resource.risorsa.modifica !== false;

  r.post(
    `/api/admin/${nome}/azioni/`,
    {
      schema: {
        response: ok(esitoAzioneSchema),
        tags,
        body: azioneDiGruppo(
          canEdit ? helpers.patchBody : (helpers.patchBody.pick({}) as z.ZodObject),
        ),
      },
    },
    async (request) => {
      const body = request.body;
      const ids = [...new Set(body.ids)];
      if (body.azione === 'modifica') {
        if (!canEdit) throw fieldErrors({ azione: ['Questi elementi non si modificano qui.'] });
        const valori = body.valori as Record<string, unknown>;
        if (Object.keys(valori).length === 0) {
          throw fieldErrors({ valori: ['Indica almeno un campo da cambiare.'] });
        }
        await helpers.checkReferences(valori);
      }
      const nota =
        body.azione === 'modifica'
          ? 'azione di gruppo: modifica'
          : 'azione di gruppo: eliminazione';
      const changes = await db
        .transaction(async (tx) => {
          const ctx = helpers.context(request, tx, nota);
          const done: Change[] = [];
          for (const id of ids) {
            try {
              done.push(
                body.azione === 'modifica'
                  ? await patchOne(ctx, resource, id, body.valori as Record<string, unknown>)
                  : await deleteOne(ctx, resource, id, body.forza === true),
              );
            } catch (error) {
              throw onRecord(resource, id, helpers.dbRefusal(error));
            }
          }
          return done;
        })
        .catch((error: unknown) => {
          throw helpers.dbRefusal(error);
        });
      for (const change of changes) helpers.afterCommit(change);
      return { azione: body.azione, numero: changes.length };
    },
  );

  if (nome !== 'squadra') return;
  r.post(
    '/api/admin/squadra/ordine-eta/',
    {
      schema: {
        summary: "Ordine d'età delle squadre di un evento, da un elenco (back office)",
        response: ok(esitoAzioneSchema),
        tags,
        body: ordineEtaRequest,
      },
    },
    async (request) => {
      const { evento, elenco } = request.body;
      const teams = await teamsOfEvento(db, evento);
      const byName = new Map(teams.map((t) => [t.nome.trim().toLowerCase(), t.id]));
      const byId = new Set(teams.map((t) => t.id));
      const lines = elenco
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean);
      const errors: string[] = [];
      const order: number[] = [];
      lines.forEach((line, i) => {
        const id =
          /^\d+$/.test(line) && byId.has(Number(line))
            ? Number(line)
            : byName.get(line.toLowerCase());
        if (id === undefined)
          errors.push(`Riga ${i + 1}: «${line}» non è una squadra di questo evento.`);
        else if (order.includes(id)) errors.push(`Riga ${i + 1}: «${line}» compare due volte.`);
        else order.push(id);
      });
      if (lines.length === 0) errors.push('Incolla almeno una squadra, una per riga.');
      if (errors.length > 0) throw fieldErrors({ elenco: errors.slice(0, 50) });
      const changes = await db.transaction(async (tx) => {
        const ctx = helpers.context(request, tx, 'ordine di età da elenco');
        const done: Change[] = [];
        for (const [i, id] of order.entries()) {
          const before = await getRecord(tx, resource, id);
          if (before?.ordine_eta === i + 1) continue;
          done.push(await patchOne(ctx, resource, id, { ordine_eta: i + 1 }));
        }
        return done;
      });
      for (const change of changes) helpers.afterCommit(change);
      return { azione: 'modifica' as const, numero: changes.length };
    },
  );
}
