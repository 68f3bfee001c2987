// OpenAPI document of the API at /api/schema/ and a browsable page at /api/docs/,
// generated from the same zod schemas that validate the requests.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GaS API',
        version: '1.6.0',
        description:
          "API della piattaforma GaS (Gara a Squadre). Stile Django REST Framework: liste paginate con `next`, errori `{detail}`, errori di campo `{campo: [messaggi]}`. Le richieste POST/PUT/PATCH/DELETE richiedono l'header `X-CSRFToken` uguale al cookie `csrftoken`.",
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          csrfHeader: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
}
