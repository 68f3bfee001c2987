import { isSuperuser } from './actor';
import type { Actor, PoloRef } from './types';

/**
 * "Bigliettini consegna": superusers and the managers of a venue of the
 * session. Venue managers are users who need no responsabile profile. With
 * no venue there are no slips, so the tab is off even for a superuser.
 * Routes must also check canSeeEvento: this rule knows only the venues.
 */
export function canSeeDeliverySlips(actor: Actor, sessionVenues: readonly PoloRef[]): boolean {
  if (sessionVenues.length === 0) return false;
  if (isSuperuser(actor)) return true;
  const userId = actor.userId;
  return userId !== null && sessionVenues.some((polo) => polo.responsabileUserIds.includes(userId));
}
