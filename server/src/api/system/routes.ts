// Server time (the client computes its clock offset from it) and liveness.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../deps';
import { pingDatabase } from './queries';

export async function systemRoutes(app: FastifyInstance, deps: ApiDeps) {
  app.get('/api/time/', async () => {
    const now = new Date();
    return { time: now.toISOString(), epoch_ms: now.getTime() };
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await pingDatabase(deps.database.db);
      return { status: 'ok', database: deps.database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'healthz: database non raggiungibile');
      return reply.status(503).send({ status: 'error', database: deps.database.kind });
    }
  });
}
