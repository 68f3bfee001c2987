// /api/gas/sessione/{id}/proclamazione/: the award ceremony after a contest
// (issue 29 item 5), over the core's use cases (gara/proclamazione/).
//   GET   whoever sees the event: the current step, how many there are, what
//         the steps so far reveal (nothing before the first);
//   POST  the event's administrators: {azione: 'avanti' | 'indietro'} or
//         {passo: n}; audited, and every open proclamation page follows
//         through the session's punteggi_eventi feed.
// Not cached (no `config.cache`): a page woken by the feed's frame must read
// the new step, not a shared copy a few seconds old.
import { idParams, proclamazioneRequest, proclamazioneSchema } from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditContext } from '../../audit/queries';
import { leggiProclamazione, muoviProclamazione } from '../../gara/proclamazione/proclamazione';
import type { ApiDeps } from '../deps';
import { ok } from '../shared/responses';

export async function proclamazioneRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessione'];
  const gara = { db: deps.database.db, modifiche: deps.modifiche, snapshots: deps.snapshots };

  r.get(
    '/api/gas/sessione/:id/proclamazione/',
    {
      schema: {
        response: ok(proclamazioneSchema),
        tags,
        operationId: 'getProclamazione',
        summary: 'Proclamazione dei risultati: il passo corrente e ciò che ha rivelato',
        params: idParams,
      },
    },
    async (request) => leggiProclamazione(gara, request.actor, request.params.id),
  );

  r.post(
    '/api/gas/sessione/:id/proclamazione/',
    {
      schema: {
        response: ok(proclamazioneSchema),
        tags,
        operationId: 'moveProclamazione',
        summary:
          'Proclamazione: passo successivo, precedente o scelto (amministratori dell’evento)',
        params: idParams,
        body: proclamazioneRequest,
      },
    },
    async (request) =>
      muoviProclamazione(
        gara,
        { actor: request.actor, audit: auditContext(request, 'api') },
        request.params.id,
        request.body,
      ),
  );
}
