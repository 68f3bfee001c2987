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
 * Nothing counts before the start (spec §4, issue 12 item 9): before it
 * nobody may answer, staff included. Administrators, inseritori and
 * superusers may still enter answers after the end: they key in paper slips,
 * with the slip's delivery time, which must fall within the contest
 * (deliveryInWindow). Everyone else only while the event runs.
 */
export function answerWindowOpen(actor: Actor, evento: EventoAccess, now: Date): boolean {
  if (now.getTime() < evento.inizio.getTime()) return false;
  return isEventoStaff(actor, evento) || now.getTime() <= evento.fine.getTime();
}

/** The joker is chosen during the contest, from the start to fine_consegna_jolly. */
export function jokerWindowOpen(evento: EventoAccess, now: Date): boolean {
  return within(now, evento.inizio, evento.fineConsegnaJolly);
}

/**
 * Ordinary managers are refused outside [inizio, fine_consegna_jolly].
 * Administrators, inseritori and superusers may still record a joker after
 * the deadline, as data entry of a paper slip handed in on time (its
 * delivery time must be within the window: deliveryInWindow); never before
 * the start. The once-per-team rule still holds for them (enforced where the
 * joker is stored).
 */
export function canRecordJokerAt(actor: Actor, evento: EventoAccess, now: Date): boolean {
  if (now.getTime() < evento.inizio.getTime()) return false;
  return isEventoStaff(actor, evento) || jokerWindowOpen(evento, now);
}

/**
 * Does a delivery instant count? An answer from the start to the end, a
 * joker from the start to fine_consegna_jolly (inclusive). Whoever submits,
 * and whether the instant is the server clock or a paper slip's time.
 */
export function deliveryInWindow(evento: EventoAccess, at: Date, kind: 'r' | 'j'): boolean {
  return within(at, evento.inizio, kind === 'r' ? evento.fine : evento.fineConsegnaJolly);
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
