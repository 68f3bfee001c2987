import type { Actor, ResponsabileInfo } from './types';

export const ANONYMOUS: Actor = Object.freeze({
  userId: null,
  isSuperuser: false,
  isStaff: false,
  responsabile: null,
});

export function isAuthenticated(actor: Actor): boolean {
  return actor.userId !== null;
}

// A flag on an actor without a user can only be a bug upstream: it must never
// grant anything.
export function isSuperuser(actor: Actor): boolean {
  return isAuthenticated(actor) && actor.isSuperuser;
}

/**
 * Spec §6: "Basis for any management right: logged in with an active
 * responsabile profile. Otherwise none." Every rule except superuser goes
 * through here, so deactivating a profile revokes all its rights at once,
 * including its places in amministratori/inseritori lists.
 */
export function activeResponsabile(actor: Actor): ResponsabileInfo | null {
  if (!isAuthenticated(actor)) return null;
  const r = actor.responsabile;
  return r !== null && r.attivo ? r : null;
}

export function hasManagementBase(actor: Actor): boolean {
  return isSuperuser(actor) || activeResponsabile(actor) !== null;
}

/** Back-office links and the admin-actions page (spec §6 "Staff"). */
export function canUseAdminActions(actor: Actor): boolean {
  return isSuperuser(actor) || (isAuthenticated(actor) && actor.isStaff);
}

/** "Latenza arrivo risposte" tab: superuser only (spec §2, §6). */
export function canSeeLatencyTab(actor: Actor): boolean {
  return isSuperuser(actor);
}
