// Server time (the client computes its clock offset from it) and liveness.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../deps';
import { pingDatabase } from './queries';
import { ERROR_RESPONSES, healthSchema, oraServerSchema, readinessSchema } from '@gas/contracts';
import { ok } from '../shared/responses';

export async function systemRoutes(app: FastifyInstance, deps: ApiDeps) {
  app.get(
    '/api/time/',
    {
      schema: {
        summary: "Ora del server (per l'orologio delle pagine)",
        tags: ['sistema'],
        response: ok(oraServerSchema),
      },
    },
    async () => {
      const now = new Date();
      return { time: now.toISOString(), epoch_ms: now.getTime() };
    },
  );

  app.get(
    '/healthz',
    {
      schema: {
        hide: true,
        response: { 200: healthSchema, 503: healthSchema, ...ERROR_RESPONSES },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(deps.database.db);
        return { status: 'ok', database: deps.database.kind };
      } catch (error) {
        app.log.error({ err: error }, 'healthz: database non raggiungibile');
        return reply.status(503).send({ status: 'error', database: deps.database.kind });
      }
    },
  );

  // Readiness, for load balancers: 200 only while this instance should get
  // traffic (util/readiness.ts); /healthz above stays the liveness check.
  app.get(
    '/readyz',
    {
      schema: {
        hide: true,
        response: { 200: readinessSchema, 503: readinessSchema, ...ERROR_RESPONSES },
      },
    },
    async (_request, reply) => {
      const stato = deps.readiness.state();
      return reply.status(stato.pronto ? 200 : 503).send(stato);
    },
  );
}
