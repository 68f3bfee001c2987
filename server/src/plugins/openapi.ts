// OpenAPI document of the API at /api/schema/ and a browsable page at /api/docs/,
// generated from the same zod schemas that validate the requests.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeOperations, SECURITY_SCHEMES } from '../openapi/operations';

async function openApiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12, so zod's tuples and nulls keep their shape.
      openapi: '3.1.0',
      info: {
        title: 'GaS API',
        version: '1.6.0',
        // No licence is published: the code and the API are all rights reserved, as the law
        // has it without one (an SPDX reference of our own, as OpenAPI 3.1 allows).
        license: {
          name: 'Tutti i diritti riservati (nessuna licenza pubblicata)',
          identifier: 'LicenseRef-GaS-Tutti-i-diritti-riservati',
        },
        description:
          "API della piattaforma GaS (Gara a Squadre). Stile Django REST Framework: liste paginate con `next`, errori `{detail}`, errori di campo `{campo: [messaggi]}`. Le richieste POST/PUT/PATCH/DELETE richiedono l'header `X-CSRFToken` uguale al cookie `csrftoken`.",
      },
      // Same origin as the web app, which is the API's one client.
      servers: [{ url: '/', description: "L'origine stessa dell'app" }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    // Ids, summaries and security derived from method and path (openapi/operations.ts).
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      describeOperations(openapiObject.paths as Parameters<typeof describeOperations>[0]);
      return openapiObject;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
}

export const registerOpenApi = fp(openApiPlugin, { name: 'gas-openapi', dependencies: [] });
