// The `response` part of every route's schema: the success answer from
// @gas/contracts plus the error bodies any route may give. Declared on every
// route (api/responses.test.ts fails otherwise), so answers are checked in
// tests and described in the OpenAPI document (/api/schema/).
import { ERROR_RESPONSES, paginated } from '@gas/contracts';
import { z } from 'zod';

/** 200 with this body. */
export const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...ERROR_RESPONSES });
/** 200 with a DRF page of these items. */
export const page = <T extends z.ZodType>(item: T) => ok(paginated(item));
/** 201 with this body. */
export const created = <T extends z.ZodType>(schema: T) => ({ 201: schema, ...ERROR_RESPONSES });
/** 204 and no body. */
export const noContent = {
  204: z.undefined().describe('Nessun contenuto'),
  ...ERROR_RESPONSES,
};
/** A file's bytes (not JSON), or 304 when the client's copy is current. */
export const pdfResponse = {
  200: z.unknown().describe('Il PDF (application/pdf)'),
  304: z.undefined().describe('Non modificato'),
  ...ERROR_RESPONSES,
};
/**
 * JSON the route encodes (and compresses) itself, once for many answers: the
 * contracts' schema named here describes it, and the web client checks it.
 */
export const preEncodedJson = (schemaName: string) => ({
  200: z.unknown().describe(`JSON già codificato: ${schemaName} di @gas/contracts`),
  ...ERROR_RESPONSES,
});
/** Newline-delimited JSON the route streams itself (the open feed, docs/feed.md). */
export const ndjsonResponse = (schemaName: string) => ({
  200: z
    .unknown()
    .describe(`application/x-ndjson: una riga JSON ${schemaName} di @gas/contracts per riga`),
  ...ERROR_RESPONSES,
});
/** A CSV download (text/csv, not JSON). */
export const csvResponse = {
  200: z.string().describe('CSV (UTF-8 con BOM, separatore ;)'),
  ...ERROR_RESPONSES,
};
