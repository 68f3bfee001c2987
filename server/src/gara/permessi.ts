// How the use cases and routes on an event's data (evento, file-programmato,
// polo, problema, messaggi-importanti) turn the policies' answers into the
// API's errors. The decisions themselves stay in policies/.
import { pkNonValido } from '@gas/contracts';
import { apiError, fieldErrors, type FieldErrors } from '../errors';
import { canSeeEvento, isAuthenticated, type Actor, type EventoAccess } from '../policies';
import type { EventoWithAccess } from '../access/evento-access';

type Rule = (actor: Actor, evento: EventoAccess) => boolean;

/**
 * An event named in the URL: 404 when it does not exist or the user may not
 * see it (a private event does not exist for outsiders), 403 when the user
 * sees it but `allowed` says no ('not_authenticated' for anonymous visitors).
 */
export function requireEvento(
  actor: Actor,
  entry: EventoWithAccess | null,
  allowed?: Rule,
): EventoWithAccess {
  if (!entry || !canSeeEvento(actor, entry.access)) throw apiError('not_found');
  if (allowed && !allowed(actor, entry.access)) {
    throw apiError(isAuthenticated(actor) ? 'permission_denied' : 'not_authenticated');
  }
  return entry;
}

/** An event named in the body: a field error instead of 404. */
export function requireEventoField(
  actor: Actor,
  entry: EventoWithAccess | null,
  id: number,
  allowed: Rule,
  field = 'evento',
): EventoWithAccess {
  if (!entry || !canSeeEvento(actor, entry.access))
    throw fieldErrors({ [field]: [pkNonValido(id)] });
  return requireEvento(actor, entry, allowed);
}

/** Merges field errors of several checks and throws them as one 400, if any. */
export function throwIfErrors(...parts: FieldErrors[]): void {
  const merged: FieldErrors = {};
  for (const part of parts) {
    for (const [key, messages] of Object.entries(part)) (merged[key] ??= []).push(...messages);
  }
  if (Object.keys(merged).length > 0) throw fieldErrors(merged);
}
