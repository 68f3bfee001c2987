import { canSeeEvento, isEventoStaff } from './evento';
import type { Actor, EventoAccess, FileRef } from './types';

/**
 * "Event text becomes public at start, solutions at end", unless the file
 * carries its own publication time.
 */
export function filePublicationTime(evento: EventoAccess, file: FileRef): Date {
  if (file.data !== null) return file.data;
  return file.tipologia === 'problemi' ? evento.inizio : evento.fine;
}

/**
 * Public to everyone who can see the event. `pubblico` can only withhold a
 * file, never release it early: a stale or defaulted flag must not leak the
 * problems before the start. To publish early, set an earlier `data`.
 */
export function fileIsPublic(evento: EventoAccess, file: FileRef, now: Date): boolean {
  return file.pubblico && now.getTime() >= filePublicationTime(evento, file).getTime();
}

/** Administrators, inseritori and superusers see the files before publication. */
export function canSeeFile(actor: Actor, evento: EventoAccess, file: FileRef, now: Date): boolean {
  if (!canSeeEvento(actor, evento)) return false;
  return isEventoStaff(actor, evento) || fileIsPublic(evento, file, now);
}
