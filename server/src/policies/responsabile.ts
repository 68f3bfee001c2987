import { activeResponsabile, isAuthenticated, isSuperuser } from './actor';
import { ownsSquadra } from './squadra';
import type { Actor, ResponsabileTarget, SquadraRef } from './types';

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

// A main manager manages the secondary managers of his schools, those with a
// team of his schools (one may have teams but no school), and those he
// created. Never another main manager: those come from the external site.
// Never a staff or superuser account either, even one with a secondary
// profile: only a superuser acts on those (issue 26).
function managesSecondary(actor: Actor, target: ResponsabileTarget): boolean {
  const sp = activeMainManager(actor);
  if (sp === null || target.ruolo !== 'ss' || target.userId === actor.userId) return false;
  if (target.privilegiato === true) return false;
  if (target.createdBy != null && target.createdBy === actor.userId) return true;
  const mine = (id: number) => sp.scuolaIds.includes(id);
  return target.scuolaIds.some(mine) || (target.squadraScuolaIds ?? []).some(mine);
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

/**
 * A team handed to a secondary manager: the superuser any; a main manager
 * only a team he owns (his schools' or assigned to him), never merely one he
 * can see.
 */
export function canAssignSquadra(actor: Actor, squadra: SquadraRef): boolean {
  return isSuperuser(actor) || ownsSquadra(actor, squadra);
}

/**
 * Whose manager record the actor may read (lists, profile): the superuser
 * all; everyone his own; the colleagues sharing one of his schools (the
 * profile lists "other managers of the user's schools"); and the secondary
 * managers he manages. Others do not exist for him (404).
 */
export function canSeeResponsabile(actor: Actor, target: ResponsabileTarget): boolean {
  if (canEditResponsabile(actor, target)) return true;
  const r = activeResponsabile(actor);
  return r !== null && target.scuolaIds.some((id) => r.scuolaIds.includes(id));
}

/**
 * The newsletter flag is the person's own consent to e-mails: only the owner
 * (and the superuser) reads or changes it once the record exists; the main
 * manager sets it only when creating the record from the form.
 */
export function canManageResponsabilePreferences(
  actor: Actor,
  target: ResponsabileTarget,
): boolean {
  return isSuperuser(actor) || (isAuthenticated(actor) && target.userId === actor.userId);
}
