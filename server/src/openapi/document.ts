// The OpenAPI document as the server publishes it at /api/schema/, built
// without a running server: the app on an empty in-memory database (no demo
// data), asked once. `npm run openapi` writes it and the web's types from it.
import { createTestApp } from '../api/testing';

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  [key: string]: unknown;
};

export async function openApiDocument(): Promise<OpenApiDocument> {
  const t = await createTestApp('pglite', { seed: false });
  try {
    await t.app.ready();
    return t.app.swagger() as unknown as OpenApiDocument;
  } finally {
    await t.close();
  }
}
