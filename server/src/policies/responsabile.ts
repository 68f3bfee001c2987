import { activeResponsabile, isAuthenticated, isSuperuser } from './actor';
import type { Actor, ResponsabileTarget } from './types';

function activeMainManager(actor: Actor) {
  const r = activeResponsabile(actor);
  return r !== null && r.ruolo === 'sp' ? r : null;
}

/**
 * "Crea un nuovo responsabile" is for main managers only, with or without
 * the official flag (a teacher may delegate his public-event teams too).
 */
export function canCreateSecondaryManager(actor: Actor): boolean {
  return isSuperuser(actor) || activeMainManager(actor) !== null;
}

/**
 * Flags of a secondary manager created by `creator`. The official flag is
 * inherited: secondary managers exist to delegate answer submission, and
 * without the flag they could never submit for official teams.
 */
export function newSecondaryManagerFlags(creator: Actor): {
  ruolo: 'ss';
  attivo: true;
  puoIscriversiGareUfficiali: boolean;
} {
  const r = activeResponsabile(creator);
  return {
    ruolo: 'ss',
    attivo: true,
    puoIscriversiGareUfficiali: isSuperuser(creator) || (r?.puoIscriversiGareUfficiali ?? false),
  };
}

// A main manager manages the secondary managers of his schools, and those he
// created (one may have teams but no school yet). Never another main manager:
// those come from the external site.
function managesSecondary(actor: Actor, target: ResponsabileTarget): boolean {
  const sp = activeMainManager(actor);
  if (sp === null || target.ruolo !== 'ss' || target.userId === actor.userId) return false;
  if (target.createdBy != null && target.createdBy === actor.userId) return true;
  return target.scuolaIds.some((id) => sp.scuolaIds.includes(id));
}

/**
 * May open the edit form of `target` at all: superuser; a main manager for
 * the secondary managers he manages; anyone for his own record (only the
 * preferences are editable there: username, e-mail and names are read-only,
 * and main managers change their data on the external site). Own-record
 * edits need no active profile: a deactivated user may still unsubscribe.
 */
export function canEditResponsabile(actor: Actor, target: ResponsabileTarget): boolean {
  if (isSuperuser(actor)) return true;
  if (isAuthenticated(actor) && target.userId === actor.userId) return true;
  return managesSecondary(actor, target);
}

/**
 * May change which teams and schools `target` is assigned to. Not on one's
 * own record: a secondary manager could otherwise assign himself any team.
 * Each assigned school/team must also pass canAssignScuola / ownsSquadra.
 */
export function canEditResponsabileAssignments(actor: Actor, target: ResponsabileTarget): boolean {
  return isSuperuser(actor) || managesSecondary(actor, target);
}

/** A main manager hands out only his own schools. */
export function canAssignScuola(actor: Actor, scuolaId: number): boolean {
  if (isSuperuser(actor)) return true;
  const sp = activeMainManager(actor);
  return sp !== null && sp.scuolaIds.includes(scuolaId);
}
