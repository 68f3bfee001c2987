// /api/gas/evento/: list (tipologia, tipologia__in), retrieve, and the
// adapters of the core's use cases (gara/eventi/eventi.ts): create, patch
// (with the nested problemi and sessioni lists); invita.
import { eventoSchema } from '@gas/contracts';
import { created, noContent, ok, page } from '../shared/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventoCreateRequest, eventoPatchRequest, idParams, invitoRequest } from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { auditContext } from '../../audit/queries';
import { TIPOLOGIE_EVENTO, type TipologiaEvento } from '../../db/schema';
import type { Window } from '../../db/window';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../policies';
import { eventoVisibleWhere } from '../../access/queries';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { requireEvento } from '../../gara/permessi';
import { creaEvento, modificaEvento } from '../../gara/eventi/eventi';
import { eventoPage, loadEventoDetails } from '../../gara/eventi/queries';
import { presentEvento } from './present';
import { staffRoutes } from './staff/routes';
import { nominaStaff } from '../../gara/staff/nomina';

const tipologia = z.enum(TIPOLOGIE_EVENTO);
const listQuery = paginationQuery.extend({
  tipologia: tipologia.optional(),
  tipologia__in: z
    .string()
    .max(100)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(tipologia))
    .optional(),
});

/** GET /api/gas/evento/{id}/ as `actor` gets it (also the server's first screen, app.ts). */
export async function eventoVisto(db: DbOrTx, actor: Actor, id: number) {
  const details = await loadEventoDetails(db, [id]);
  // A private event the user may not see does not exist for them.
  requireEvento(actor, details.eventi.get(id) ?? null);
  return presentEvento(details, id, actor, new Date());
}

/** A page of GET /api/gas/evento/ as `actor` gets it (also the server's first screen of the lists, app.ts). */
export async function eventiVisti(
  db: DbOrTx,
  actor: Actor,
  tipologie: { only?: TipologiaEvento; among?: TipologiaEvento[] },
  window: Window,
) {
  const { count, ids } = await eventoPage(db, eventoVisibleWhere(actor), tipologie, window);
  const details = await loadEventoDetails(db, ids);
  const now = new Date();
  return { count, results: ids.map((id) => presentEvento(details, id, actor, now)) };
}

export async function eventoRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gara = { db, modifiche: deps.modifiche, eventiMaxGiorno: deps.config.eventiMaxGiorno };
  const chi = (request: FastifyRequest) => ({
    actor: request.actor,
    audit: auditContext(request, 'api'),
  });

  const nominaEvento = nominaStaff({ db, mailer: deps.mailer, config: deps.config });
  staffRoutes(app, deps);

  const present = async (id: number, actor: Actor) =>
    presentEvento(await loadEventoDetails(db, [id]), id, actor, new Date());

  r.get(
    '/api/gas/evento/',
    {
      config: { cache: 'stabile' },
      schema: { response: page(eventoSchema), tags: ['evento'], querystring: listQuery },
    },
    async (request) => {
      const { actor, query } = request;
      const window = pageWindow(query);
      const { count, results } = await eventiVisti(
        db,
        actor,
        { only: query.tipologia, among: query.tipologia__in },
        window,
      );
      return pageOf(request, window, count, results);
    },
  );

  r.get(
    '/api/gas/evento/:id/',
    {
      config: { cache: 'stabile' },
      schema: { response: ok(eventoSchema), tags: ['evento'], params: idParams },
    },
    async (request) => eventoVisto(db, request.actor, request.params.id),
  );

  r.post(
    '/api/gas/evento/',
    { schema: { response: created(eventoSchema), tags: ['evento'], body: eventoCreateRequest } },
    async (request, reply) => {
      const id = await creaEvento(gara, chi(request), request.body);
      reply.status(201);
      return present(id, request.actor);
    },
  );

  r.patch(
    '/api/gas/evento/:id/',
    {
      schema: {
        response: ok(eventoSchema),
        tags: ['evento'],
        params: idParams,
        body: eventoPatchRequest,
      },
    },
    async (request) => {
      const { id } = request.params;
      await modificaEvento(gara, chi(request), id, request.body);
      return present(id, request.actor);
    },
  );

  r.post(
    '/api/gas/evento/:id/invita/',
    {
      schema: {
        operationId: 'inviteEventoStaff',
        summary: "Nomina un amministratore o un inseritore dell'evento",
        response: noContent,
        tags: ['evento'],
        description:
          "Nomina amministratore (adm) o inseritore (ins) l'account attivo scelto (utente) o quello con questa e-mail; a un indirizzo senza account crea l'account e manda l'e-mail per scegliere la password. Risponde 204 in ogni caso.",
        params: idParams,
        body: invitoRequest,
      },
    },
    async (request, reply) => {
      await nominaEvento({ ...chi(request), log: request.log }, request.params.id, request.body);
      return reply.status(204).send();
    },
  );
}
