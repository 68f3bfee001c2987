import { canUseAdminActions } from './actor';
import { canSeeEvento, isEventoAdmin } from './evento';
import { ownsSquadra } from './squadra';
import type { Actor, EventoAccess, PoloRef, SquadraRef } from './types';

/**
 * Ranking files (issue 28): whoever may open the session's scores page, at
 * any time the page shows the ranking: everyone for public and official
 * events (during the contest too, as the live page does), only their staff
 * for private ones. The file says 'Classifica provvisoria' until the end.
 * Staff too, whatever the event: the back office, where they work, shows
 * every event and offers the download on its sessions.
 */
export function canDownloadClassifica(actor: Actor, evento: EventoAccess): boolean {
  return canSeeEvento(actor, evento) || canUseAdminActions(actor);
}

/**
 * A team's certificate: the event's administrators (superuser included),
 * the managers of the team's venue, and the team's own managers (ownership
 * as ownsSquadra defines it). Inseritori and staff are not among them: a
 * certificate is not theirs to issue.
 */
export function canDownloadAttestato(
  actor: Actor,
  evento: EventoAccess,
  squadra: SquadraRef,
  poli: readonly PoloRef[],
): boolean {
  if (!canSeeEvento(actor, evento) || squadra.eventoId !== evento.id) return false;
  if (isEventoAdmin(actor, evento)) return true;
  const userId = actor.userId;
  const polo = poli.find((p) => p.id === squadra.poloId);
  if (userId !== null && polo?.responsabileUserIds.includes(userId)) return true;
  return ownsSquadra(actor, squadra);
}
