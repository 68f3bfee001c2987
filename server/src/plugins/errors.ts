// Every error leaves the server in the DRF shape of spec §8: `{"detail": ...}`
// or field errors. Bad input is a 4xx with an Italian message; only genuine
// bugs become a 500, logged with their stack but never sent to the client.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pgError } from '../db/client';
import { ApiError, ERRORS, zodIssuesToFieldErrors, type ErrorCode } from '../errors';
import type { CasellaErrori } from '../errori/casella';

const fastifyCodes: Partial<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'parse_error',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'parse_error',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
};

function codeForStatus(status: number): ErrorCode {
  if (status === 401 || status === 403) return 'permission_denied';
  if (status === 404) return 'not_found';
  if (status === 405) return 'method_not_allowed';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'throttled';
  return 'bad_request';
}

/** `errori` receives every genuine bug (a 500) with its request's method, route and id. */
async function errorHandlerPlugin(
  app: FastifyInstance,
  { errori }: { errori: Pick<CasellaErrori, 'segnalaRichiesta'> },
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? ERRORS.bad_request.detail,
      }));
      // Body, query-string and path errors alike become field errors keyed by name.
      return reply.status(400).send(zodIssuesToFieldErrors(issues as never));
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) {
      const entry = ERRORS[mapped];
      return reply.status(entry.status).send({ detail: entry.detail });
    }
    // Input the database cannot store (class 22: NUL bytes, out-of-range
    // numbers or dates) or that conflicts with its constraints (class 23) is
    // the client's error, whatever route let it through.
    const sqlState = pgError(error)?.code;
    if (sqlState?.startsWith('22')) {
      return reply.status(400).send({ detail: ERRORS.invalid_value.detail });
    }
    if (sqlState?.startsWith('23')) {
      return reply.status(400).send({ detail: ERRORS.conflict.detail });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const entry = ERRORS[codeForStatus(status)];
      return reply.status(status).send({ detail: entry.detail });
    }
    request.log.error({ err: error }, 'errore non gestito');
    errori.segnalaRichiesta(error, {
      metodo: request.method,
      rotta: request.routeOptions.url ?? '(nessuna rotta)',
      requestId: String(request.id),
      userId: request.actor?.userId ?? null,
    });
    return reply.status(500).send({ detail: ERRORS.server_error.detail });
  });
}

// No dependencies: it reads request.actor only if the session hook has run
// (an error may come before it: the start-up gate, helmet, a bad CSRF token).
export const registerErrorHandler = fp(errorHandlerPlugin, {
  name: 'gas-errori',
  dependencies: [],
});
