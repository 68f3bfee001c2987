// Constants of the wire protocol that server and web app share: the int4
// bound of every id, the one `:id` path parameter, the CSRF names and the
// Italian messages both sides write.
import { z } from 'zod';

/** Ids are PostgreSQL int4: a larger number must be a 400 or 404, never a 500. */
export const INT4_MAX = 2_147_483_647;

/** A database id in a body or a filter. */
export const idValue = z.number().int().positive().max(INT4_MAX);

/**
 * A positive int4 written in digits, in a path (`:id`) or a query-string
 * filter (`?evento=`): `abc`, `1.5`, `-1`, `1e3`, `0` or beyond int4 are a
 * 400 with DRF's message, never a 500 and never another object.
 */
export const NUMERO_INTERO_RICHIESTO = 'È richiesto un numero intero valido.';
export const intParam = (min: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, NUMERO_INTERO_RICHIESTO)
    .transform(Number)
    .pipe(z.number().int().min(min).max(INT4_MAX));
export const idParam = intParam(1);
export const idParams = z.object({ id: idParam });

/** Django's CSRF double submit: the cookie the server sets and the header unsafe requests repeat it in. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

/** DRF's message for an id that names nothing the user may see. */
export const pkNonValido = (pk: number | string) => `Pk "${pk}" non valido - l'oggetto non esiste.`;
