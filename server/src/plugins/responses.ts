// How JSON answers are written. Every route declares its response schemas
// (@gas/contracts responses, api/shared/responses.ts); outside production
// each answer is checked against the schema of its status before it is sent,
// so a presenter that drifts from the wire protocol fails the tests (a 500
// naming the route) instead of reaching the web app. The answer sent is the
// presenter's own object, never a re-encoded copy: checking cannot change
// what is sent. In production the check is skipped (docs/performance.md has
// its cost): the schemas guard the tests, not every request.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** A registered route and whether it declares its answers. */
export type RouteResponses = { method: string; url: string; statuses: string[] };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with the statuses its schema declares (api/responses.test.ts). */
    routeResponses: readonly RouteResponses[];
  }
}

type SerializerInput = { schema: unknown; method: string; url: string };

async function responsesPlugin(app: FastifyInstance, { validate }: { validate: boolean }) {
  const routes: RouteResponses[] = [];
  app.decorate('routeResponses', routes);
  app.addHook('onRoute', (route) => {
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, statuses: Object.keys(response ?? {}) });
    }
  });
  app.setSerializerCompiler(({ schema, method, url }: SerializerInput) => {
    const zodSchema = schema as z.ZodType;
    if (!validate) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      if (!result.success)
        throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(data);
    };
  });
}

export const registerResponses = fp(responsesPlugin, {
  name: 'gas-responses',
  dependencies: [],
});
