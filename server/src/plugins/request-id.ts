// Request ids (issue 16): every request gets one, carried by each of its log
// lines (pino's `reqId`) and returned in the X-Request-Id header, which the
// web app's error page and error reports show, so that a user's report can
// be matched to the server's log. Behind a trusted proxy that sets the
// header (nginx's $request_id), its id is kept, so both logs agree.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids a proxy may pass on: short, and nothing a log line could be forged with. */
const ID_ACCETTABILE = /^[A-Za-z0-9._-]{8,100}$/;

/** Fastify's genReqId: the trusted proxy's id when it sent a sane one, else a new UUID. */
export function generaRequestId(trustProxy: false | string[]) {
  return (req: IncomingMessage): string => {
    const dalProxy = req.headers[REQUEST_ID_HEADER];
    if (trustProxy && typeof dalProxy === 'string' && ID_ACCETTABILE.test(dalProxy)) {
      return dalProxy;
    }
    return randomUUID();
  };
}

/** Every answer (errors and the web app's pages included) names its request. */
export const registerRequestIdHeader = fp(
  async function requestIdPlugin(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'gas-request-id', dependencies: [] },
);
