import { activeResponsabile } from './actor';
import { canManageEvento, canSeeEvento, isEventoAdmin, isEventoStaff } from './evento';
import type { Actor, EventoAccess, SquadraRef, SquadraScope } from './types';
import {
  answerWindowOpen,
  canRecordJokerAt,
  registrationWindowOpenFor,
  squadraEditWindowOpen,
} from './windows';

const NO_SQUADRA: SquadraScope = Object.freeze({
  all: false,
  squadraIds: [],
  scuolaIds: [],
  responsabileId: null,
});

/**
 * Teams that are the actor's own, whatever the event (le-tue-squadre):
 * a main manager (sp) owns every team of his schools plus those assigned to
 * him; a secondary manager (ss) only those assigned directly, even when he
 * is linked to a school. Superuser and event staff own nothing by virtue of
 * their role: their wider rights are granted elsewhere.
 */
export function ownedSquadraScope(actor: Actor): SquadraScope {
  const r = activeResponsabile(actor);
  if (r === null) return NO_SQUADRA;
  return {
    all: false,
    squadraIds: r.squadraIds,
    scuolaIds: r.ruolo === 'sp' ? r.scuolaIds : [],
    responsabileId: r.id,
  };
}

/** The in-memory twin of the WHERE clause a query builds from a scope. */
export function squadraInScope(scope: SquadraScope, squadra: SquadraRef): boolean {
  if (scope.all) return true;
  return (
    scope.squadraIds.includes(squadra.id) ||
    (squadra.scuolaId !== null && scope.scuolaIds.includes(squadra.scuolaId)) ||
    (scope.responsabileId !== null && squadra.responsabileIds.includes(scope.responsabileId))
  );
}

/**
 * Ownership as spec §6 defines it. Both sides of the direct assignment count
 * (Responsabile.squadre and Squadra.responsabili), so a teacher who
 * registered a team in an unofficial event owns it.
 */
export function ownsSquadra(actor: Actor, squadra: SquadraRef): boolean {
  return squadraInScope(ownedSquadraScope(actor), squadra);
}

/**
 * The teams of this event the actor may submit answers and jokers for:
 * all of them for superuser, administrators and inseritori; their own for
 * whoever passes the event-management rule ('o' with the official flag,
 * 'pub'); none otherwise ('priv' is reserved to its staff).
 */
export function squadraScope(actor: Actor, evento: EventoAccess): SquadraScope {
  if (isEventoStaff(actor, evento)) return { all: true };
  if (!canManageEvento(actor, evento)) return NO_SQUADRA;
  return ownedSquadraScope(actor);
}

/** Answers and jokers for this team, timing aside. */
export function canSubmitForSquadra(
  actor: Actor,
  evento: EventoAccess,
  squadra: SquadraRef,
): boolean {
  // A team id of another event is refused even for a superuser: the answer
  // would be checked against the wrong problems.
  if (squadra.eventoId !== evento.id) return false;
  return squadraInScope(squadraScope(actor, evento), squadra);
}

export function canSubmitAnswerNow(
  actor: Actor,
  evento: EventoAccess,
  squadra: SquadraRef,
  now: Date,
): boolean {
  return canSubmitForSquadra(actor, evento, squadra) && answerWindowOpen(actor, evento, now);
}

export function canSetJokerNow(
  actor: Actor,
  evento: EventoAccess,
  squadra: SquadraRef,
  now: Date,
): boolean {
  return canSubmitForSquadra(actor, evento, squadra) && canRecordJokerAt(actor, evento, now);
}

/**
 * Team sign-up ('Iscrizione squadra'):
 * - never in official events: their teams are registered on the external
 *   olympiad site, and synchronised from there (superuser included);
 * - 'pub': any active main manager or teacher; 'priv': its staff only;
 * - a secondary manager "cannot enrol teams", unless he is administrator or
 *   inseritore of the event, where he acts as event staff;
 * - inside the enrolment window; superuser and administrators may enrol
 *   late (see registrationWindowOpenFor).
 */
export function canRegisterTeam(actor: Actor, evento: EventoAccess, now: Date): boolean {
  return hasRegistrationRight(actor, evento) && registrationWindowOpenFor(actor, evento, now);
}

/** canRegisterTeam without the window: tells a missing right (403) from a closed window (400). */
export function hasRegistrationRight(actor: Actor, evento: EventoAccess): boolean {
  if (evento.tipologia === 'o') return false;
  if (isEventoStaff(actor, evento)) return true;
  const r = activeResponsabile(actor);
  return r !== null && r.ruolo === 'sp' && evento.tipologia === 'pub';
}

/**
 * Team edits: administrators and superuser any time; owners who may act in
 * the event until fine_modifica_squadre. Inseritori enter answers but do not
 * edit teams they do not own.
 */
export function canEditSquadra(
  actor: Actor,
  evento: EventoAccess,
  squadra: SquadraRef,
  now: Date,
): boolean {
  if (!hasSquadraEditRight(actor, evento, squadra)) return false;
  return isEventoAdmin(actor, evento) || squadraEditWindowOpen(evento, now);
}

/** canEditSquadra without the deadline: tells a missing right (403) from a late edit (400). */
export function hasSquadraEditRight(
  actor: Actor,
  evento: EventoAccess,
  squadra: SquadraRef,
): boolean {
  if (squadra.eventoId !== evento.id) return false;
  if (isEventoAdmin(actor, evento)) return true;
  return canManageEvento(actor, evento) && ownsSquadra(actor, squadra);
}

/**
 * Venue and guest flag change logistics and the ranking (a guest competes
 * out of ranking): event administrators only, never the team's owners.
 */
export function canSetSquadraPoloOspite(actor: Actor, evento: EventoAccess): boolean {
  return isEventoAdmin(actor, evento);
}

/**
 * The school given at sign-up makes its main manager an owner of the team
 * (ownsSquadra), so a manager may name only his own schools; event staff and
 * the superuser any.
 */
export function canSetSquadraScuola(actor: Actor, evento: EventoAccess, scuolaId: number): boolean {
  if (isEventoStaff(actor, evento)) return true;
  const r = activeResponsabile(actor);
  return r !== null && r.scuolaIds.includes(scuolaId);
}

/**
 * Members' names and school years, the external id and the penalty are
 * personal data of students: the team's owners and the event staff only.
 */
export function canSeeSquadraDettagli(
  actor: Actor,
  evento: EventoAccess,
  squadra: SquadraRef,
): boolean {
  if (squadra.eventoId !== evento.id || !canSeeEvento(actor, evento)) return false;
  return isEventoStaff(actor, evento) || ownsSquadra(actor, squadra);
}

/**
 * A correct answer's value is the solution: during the contest only the
 * event staff and the team's own managers may read answer values; everyone
 * who can see the event may after the end. (Correctness itself is public:
 * the live feed carries it.)
 */
export function canSeeRispostaValore(
  actor: Actor,
  evento: EventoAccess,
  squadra: SquadraRef,
  now: Date,
): boolean {
  if (squadra.eventoId !== evento.id || !canSeeEvento(actor, evento)) return false;
  if (isEventoStaff(actor, evento)) return true;
  return ownsSquadra(actor, squadra) || now.getTime() >= evento.fine.getTime();
}
