import {
  canChooseDeliveryTime,
  canDeleteAnswers,
  canEditEvento,
  canEnterAnswersForAllTeams,
  canInvite,
  canManageEvento,
  canSeeEvento,
} from './evento';
import { canSeeDeliverySlips } from './poli';
import { canRegisterTeam } from './squadra';
import type { Actor, EventoAccess, EventoPermessi, PoloRef } from './types';

const NESSUN_PERMESSO: EventoPermessi = Object.freeze({
  puo_modificare: false,
  puo_inserire: false,
  puo_consegnare: false,
  puo_cancellare_risposte: false,
  puo_scegliere_momento_consegna: false,
  puo_vedere_bigliettini: false,
  puo_invitare: false,
  puo_iscrivere_squadre: false,
});

/**
 * The flags the event payload carries for the current user. `venues` are the
 * venues of the event's sessions (for the delivery-slips tab). The flags say
 * who may act, not whether a window is open now, except puo_iscrivere_squadre,
 * which drives the sign-up form's list of sessions "with enrolment open".
 * puo_consegnare is the event-management rule: true for a secondary manager
 * with no team too, so the page can tell him to contact his main manager.
 */
export function eventoPermissionsFor(
  actor: Actor,
  evento: EventoAccess,
  now: Date,
  venues: readonly PoloRef[] = [],
): EventoPermessi {
  // Defence in depth: an event the actor cannot see grants nothing.
  if (!canSeeEvento(actor, evento)) return NESSUN_PERMESSO;
  return {
    puo_modificare: canEditEvento(actor, evento),
    puo_inserire: canEnterAnswersForAllTeams(actor, evento),
    puo_consegnare: canManageEvento(actor, evento),
    puo_cancellare_risposte: canDeleteAnswers(actor, evento),
    puo_scegliere_momento_consegna: canChooseDeliveryTime(actor, evento),
    puo_vedere_bigliettini: canSeeDeliverySlips(actor, venues),
    puo_invitare: canInvite(actor, evento),
    puo_iscrivere_squadre: canRegisterTeam(actor, evento, now),
  };
}
