import { activeResponsabile, canUseAdminActions, isSuperuser } from './actor';
import type { Actor, EventoAccess, EventoVisibility, Tipologia } from './types';

// Membership in the event's lists counts only for an active profile (spec §6
// base rule); superuser is handled by each caller.
function isListedAdmin(actor: Actor, evento: EventoAccess): boolean {
  const r = activeResponsabile(actor);
  return r !== null && evento.amministratoreIds.includes(r.id);
}

function isListedInseritore(actor: Actor, evento: EventoAccess): boolean {
  const r = activeResponsabile(actor);
  return r !== null && evento.inseritoreIds.includes(r.id);
}

/** Superuser or listed in amministratori ("Administration rights"). */
export function isEventoAdmin(actor: Actor, evento: EventoAccess): boolean {
  return isSuperuser(actor) || isListedAdmin(actor, evento);
}

/**
 * "Entry rights: administrators, superuser, or inseritori." Administrators
 * have all inseritori rights, so both lists count.
 */
export function isEventoStaff(actor: Actor, evento: EventoAccess): boolean {
  return isEventoAdmin(actor, evento) || isListedInseritore(actor, evento);
}

/**
 * Private events are visible only to their administrators and inseritori;
 * official and public ones to everyone, anonymous included. A deactivated
 * profile loses its view of private events with its other rights.
 */
export function canSeeEvento(actor: Actor, evento: EventoAccess): boolean {
  return evento.tipologia !== 'priv' || isEventoStaff(actor, evento);
}

/** canSeeEvento for every event at once: what list queries filter on. */
export function eventoVisibility(actor: Actor): EventoVisibility {
  if (isSuperuser(actor)) return { all: true };
  return { all: false, responsabileId: activeResponsabile(actor)?.id ?? null };
}

/** The in-memory twin of the WHERE clause a query builds from a visibility. */
export function eventoVisibleIn(visibility: EventoVisibility, evento: EventoAccess): boolean {
  if (visibility.all || evento.tipologia !== 'priv') return true;
  const id = visibility.responsabileId;
  return (
    id !== null && (evento.amministratoreIds.includes(id) || evento.inseritoreIds.includes(id))
  );
}

/** Inseritori "submit and delete answers for all teams". */
export function canEnterAnswersForAllTeams(actor: Actor, evento: EventoAccess): boolean {
  return isEventoStaff(actor, evento);
}

export function canDeleteAnswers(actor: Actor, evento: EventoAccess): boolean {
  return isEventoStaff(actor, evento);
}

// A custom momento_consegna is data entry of a paper slip: the same people
// who may enter answers for every team, never a team's own manager (who could
// otherwise backdate an answer to earn a higher score).
export function canChooseDeliveryTime(actor: Actor, evento: EventoAccess): boolean {
  return isEventoStaff(actor, evento);
}

/** Dates, title, scoring parameters, problems and files: administrators only. */
export function canEditEvento(actor: Actor, evento: EventoAccess): boolean {
  return isEventoAdmin(actor, evento);
}

/** Appointing administrators and inseritori (roles 'adm' and 'ins'). */
export function canInvite(actor: Actor, evento: EventoAccess): boolean {
  return isEventoAdmin(actor, evento);
}

/**
 * Reading the e-mail addresses of the accounts an event administrator finds
 * to appoint: only who reads them in the back office already (staff); an
 * administrator reads an address he typed whole (issue 26).
 */
export function canSeeUserEmails(actor: Actor): boolean {
  return canUseAdminActions(actor);
}

/**
 * "Official events cannot be created without an administrator's approval":
 * so an event administrator may not turn an event into an official one, nor
 * downgrade an official one (its teams come from the external site).
 */
export function canChangeTipologia(actor: Actor, evento: EventoAccess, nuova: Tipologia): boolean {
  if (isSuperuser(actor)) return true;
  if (!canEditEvento(actor, evento)) return false;
  if (nuova === evento.tipologia) return true;
  return nuova !== 'o' && evento.tipologia !== 'o';
}

/** Any active responsabile may organise unofficial events; 'o' needs a superuser. */
export function canCreateEvento(actor: Actor, tipologia: Tipologia): boolean {
  if (isSuperuser(actor)) return true;
  return activeResponsabile(actor) !== null && tipologia !== 'o';
}

/**
 * Events one user may create a day are bounded (GAS_EVENTI_MAX_GIORNO,
 * counted together with the accounts a main manager created), and so are the
 * secondary managers he creates (GAS_RESPONSABILI_MAX_GIORNO), so that nobody
 * can flood the lists; staff and superusers are exempt (they prepare whole
 * seasons and are trusted with the back office anyway).
 */
export function isExemptFromEventiMaxGiorno(actor: Actor): boolean {
  return canUseAdminActions(actor);
}

/**
 * The "event management" base rule of spec §6: may this actor act (submit
 * answers, at least for own teams) in this event at all?
 * - no event given: any active responsabile (the per-event check follows once
 *   the event is known);
 * - 'o': needs puo_iscriversi_gare_ufficiali (event staff always may);
 * - 'pub': any active responsabile, for their own teams only ("Ordinary
 *   teacher in a public non-official event may ... submit answers for their
 *   own teams only"); the team check is ownsSquadra;
 * - 'priv': only administrators and inseritori.
 */
export function canManageEvento(actor: Actor, evento: EventoAccess | null): boolean {
  if (isSuperuser(actor)) return true;
  const r = activeResponsabile(actor);
  if (r === null) return false;
  if (evento === null) return true;
  if (isEventoStaff(actor, evento)) return true;
  switch (evento.tipologia) {
    case 'o':
      return r.puoIscriversiGareUfficiali;
    case 'pub':
      return true;
    case 'priv':
      return false;
  }
}

/**
 * Problem solutions (Problema.soluzione and the answers' correct values) are
 * the contest itself: administrators and inseritori see them always, everyone
 * else who can see the event only from its end, like the solutions file.
 */
export function canSeeSoluzioni(actor: Actor, evento: EventoAccess, now: Date): boolean {
  if (!canSeeEvento(actor, evento)) return false;
  return isEventoStaff(actor, evento) || now.getTime() >= evento.fine.getTime();
}
