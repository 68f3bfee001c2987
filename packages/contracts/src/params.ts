// The id schemas of the wire protocol: every id in a body or a filter, and
// the one `:id` path parameter of the server's routes.
import { z } from 'zod';
import { INT4_MAX, NUMERO_INTERO_RICHIESTO } from './wire';

/** A database id in a body or a filter. */
export const idValue = z.number().int().positive().max(INT4_MAX);

/**
 * A positive int4 written in digits, in a path (`:id`) or a query-string
 * filter (`?evento=`): `abc`, `1.5`, `-1`, `1e3`, `0` or beyond int4 are a
 * 400 with DRF's message, never a 500 and never another object.
 */
export const intParam = (min: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, NUMERO_INTERO_RICHIESTO)
    .transform(Number)
    .pipe(z.number().int().min(min).max(INT4_MAX));
export const idParam = intParam(1);
export const idParams = z.object({ id: idParam });
