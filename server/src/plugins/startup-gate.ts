// Until start-up is over (util/readiness.ts) only the probes are answered:
// anything else gets 503 with Retry-After, before the session hook can touch
// a database still being migrated.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../errors';
import type { Readiness } from '../util/readiness';

/** The probes, and the metrics a monitor reads during start-up too. */
const SONDE = new Set(['/healthz', '/readyz', '/metrics']);

export const registerStartupGate = fp(
  async function startupGatePlugin(app: FastifyInstance, { readiness }: { readiness: Readiness }) {
    app.addHook('onRequest', async (request, reply) => {
      if (readiness.started) return;
      if (SONDE.has(request.url.split('?')[0]!)) return;
      reply.header('Retry-After', '5');
      throw apiError('unavailable', 'Il server si sta avviando: riprova tra qualche secondo.');
    });
  },
  { name: 'gas-startup-gate', dependencies: [] },
);
