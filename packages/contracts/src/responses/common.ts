// Shapes every API answer shares: DRF pages, error bodies, ids and instants.
import { z } from 'zod';

export const id = z.number().int().positive();
/** An instant as the server writes it: ISO 8601 in UTC (`Date.toISOString()`), format date-time in the JSON Schema. */
export const istante = z.string().meta({ format: 'date-time' });

/** A DRF page: `next`/`previous` are links (absolute with GAS_PUBLIC_URL, else relative to the origin) or null. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Paginated<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};

/** `{detail}`: an error about the whole request, or a confirmation. */
export const detailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof detailSchema>;

/** `{campo: [messaggi]}`, with `non_field_errors` for the rest (spec §5). */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrorsBody = z.infer<typeof fieldErrorsSchema>;

/** Every error body the API answers with. */
export const errorBodySchema = z.union([detailSchema, fieldErrorsSchema]);

/** An empty answer (204, 304). */
export const emptySchema = z.undefined();

/** The error answers every route may give, for the OpenAPI document and the serializer. */
export const ERROR_RESPONSES = {
  400: errorBodySchema,
  403: detailSchema,
  404: detailSchema,
  429: detailSchema,
  500: detailSchema,
} as const;
