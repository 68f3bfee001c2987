// GET /metrics (issue 16): the Prometheus text format, for the scraper only.
// With GAS_METRICS_TOKEN it needs `Authorization: Bearer <token>`; without,
// only a client on this machine gets it, and only directly (no
// X-Forwarded-For/Forwarded: a reverse proxy on the same host must not make
// it public); anyone else gets 404, as if it did not exist. Every other
// request is timed, labelled by its route's pattern (never its URL).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { detailSchema } from '@gas/contracts';
import { z } from 'zod';
import { sameToken } from '../auth/tokens';
import { ERRORS } from '../errors';
import type { Metriche } from './metriche';

export const METRICS_PATH = '/metrics';
const TOKEN_RICHIESTO = 'Serve il token delle metriche: Authorization: Bearer <GAS_METRICS_TOKEN>.';

function diretto(request: FastifyRequest): boolean {
  const indirizzo = request.socket.remoteAddress ?? '';
  const loopback = /^(127\.|::1$|::ffff:127\.)/.test(indirizzo);
  return loopback && !request.headers['x-forwarded-for'] && !request.headers.forwarded;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The `route` label of a route matching any path (the web app's pages):
     * one label for all of them, never the path itself.
     */
    rottaMetriche?: string;
  }
}

async function metrichePlugin(
  app: FastifyInstance,
  { metriche, token }: { metriche: Metriche; token: string | undefined },
) {
  app.addHook('onResponse', async (request, reply) => {
    const route =
      request.routeOptions.config.rottaMetriche ?? request.routeOptions.url ?? 'nessuna';
    if (route === METRICS_PATH) return;
    metriche.richiesteHttp.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get(
    METRICS_PATH,
    {
      schema: {
        hide: true,
        response: {
          200: z.string().describe('Formato di testo di Prometheus'),
          401: detailSchema,
          404: detailSchema,
        },
      },
    },
    async (request, reply) => {
      if (token) {
        const [schema, valore] = (request.headers.authorization ?? '').split(' ');
        if (schema !== 'Bearer' || !valore || !sameToken(valore, token)) {
          return reply
            .status(401)
            .header('WWW-Authenticate', 'Bearer realm="metrics"')
            .send({ detail: TOKEN_RICHIESTO });
        }
      } else if (!diretto(request)) {
        return reply.status(404).send({ detail: ERRORS.not_found.detail });
      }
      return reply
        .type(metriche.registro.contentType)
        .header('Cache-Control', 'no-store')
        .send(await metriche.testo());
    },
  );
}

export const registerMetriche = fp(metrichePlugin, { name: 'gas-metriche', dependencies: [] });
