// The event's staff (issue 26): GET /api/gas/evento/{id}/candidati/?q= finds
// accounts to appoint; the appointment itself (POST …/invita/, routes.ts) is
// the core's use case (gara/staff/nomina.ts).
import { candidatiQuery, candidatiSchema, idParams } from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadEventoWithAccess } from '../../../access/queries';
import { canInvite, canSeeUserEmails } from '../../../policies';
import type { ApiDeps } from '../../deps';
import { ok } from '../../shared/responses';
import { requireEvento } from '../../../gara/permessi';
import { cercaCandidati } from '../../../gara/staff/queries';

export function staffRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/gas/evento/:id/candidati/',
    {
      schema: {
        summary: "Account da nominare amministratori o inseritori dell'evento",
        tags: ['evento'],
        description:
          "Gli account attivi da nominare amministratori o inseritori dell'evento, per nome, nome utente o e-mail intera (al massimo 10). Solo per chi può nominarli; l'e-mail si legge solo se è staff o se l'ha scritta intera.",
        params: idParams,
        querystring: candidatiQuery,
        response: ok(candidatiSchema),
      },
    },
    async (request) => {
      const entry = await loadEventoWithAccess(db, request.params.id);
      requireEvento(request.actor, entry, canInvite);
      const vedeEmail = canSeeUserEmails(request.actor);
      return { results: await cercaCandidati(db, request.query.q, vedeEmail) };
    },
  );
}
