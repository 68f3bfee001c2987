// The event of a session the visitor may see, for the public reads of a
// session's scoring events: what thousands of page loads ask in the opening
// minute, so the lookup is shared (access/lookups.ts).
import type { EventoWithAccess } from '../../access/evento-access';
import type { EventoLookups } from '../../access/lookups';
import { apiError } from '../../errors';
import { canSeeEvento, type Actor } from '../../policies';

/** The session's event, or 404 when the session does not exist for this visitor. */
export async function sessioneVisibile(
  lookups: Pick<EventoLookups, 'sessionePerLettura'>,
  actor: Actor,
  sessioneId: number,
): Promise<EventoWithAccess> {
  const evento = await lookups.sessionePerLettura(sessioneId);
  if (!evento || !canSeeEvento(actor, evento.access)) throw apiError('not_found');
  return evento;
}
