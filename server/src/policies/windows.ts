import { isEventoAdmin, isEventoStaff } from './evento';
import type { Actor, EventoAccess } from './types';

// Time windows of spec §4. All bounds are inclusive, so an answer stamped at
// exactly `fine` still counts. These helpers check time only: combine them
// with the rights checks (canSubmitForSquadra, ...), or use the combined
// canSubmitAnswerNow / canSetJokerNow. Keeping them apart lets a route answer
// 403 for a missing right and 400 for a closed window.

function within(now: Date, from: Date, to: Date): boolean {
  const t = now.getTime();
  return from.getTime() <= t && t <= to.getTime();
}

/**
 * Answers are accepted while the event runs. Administrators, inseritori and
 * superusers may always enter them: they correct results and key in paper
 * slips after the end (spec: "only while the event runs, except for event
 * administrators and inseritori").
 */
export function answerWindowOpen(actor: Actor, evento: EventoAccess, now: Date): boolean {
  return isEventoStaff(actor, evento) || within(now, evento.inizio, evento.fine);
}

/**
 * Pure deadline: now <= fine_consegna_jolly. There is no lower bound: the
 * spec only says "joker until fine_consegna_jolly", and a choice made before
 * the start gains nothing.
 */
export function jokerWindowOpen(evento: EventoAccess, now: Date): boolean {
  return now.getTime() <= evento.fineConsegnaJolly.getTime();
}

/**
 * Ordinary managers are refused after fine_consegna_jolly. Administrators,
 * inseritori and superusers may still record a joker afterwards, as data
 * entry of a paper slip handed in on time; the once-per-team rule still
 * holds for them (enforced where the joker is stored).
 */
export function canRecordJokerAt(actor: Actor, evento: EventoAccess, now: Date): boolean {
  return isEventoStaff(actor, evento) || jokerWindowOpen(evento, now);
}

/** inizio_iscrizioni <= now <= fine_iscrizioni. */
export function registrationWindowOpen(evento: EventoAccess, now: Date): boolean {
  return within(now, evento.inizioIscrizioni, evento.fineIscrizioni);
}

/**
 * Superusers and the event's administrators may enrol outside the window:
 * they could move the dates anyway, and a late team on the contest day is a
 * real need. Inseritori and teachers keep to the published window.
 */
export function registrationWindowOpenFor(actor: Actor, evento: EventoAccess, now: Date): boolean {
  return isEventoAdmin(actor, evento) || registrationWindowOpen(evento, now);
}

/** Team edits until fine_modifica_squadre (inclusive). */
export function squadraEditWindowOpen(evento: EventoAccess, now: Date): boolean {
  return now.getTime() <= evento.fineModificaSquadre.getTime();
}
