import { canSeeEvento, isEventoStaff } from './evento';
import { ownedSquadraScope } from './squadra';
import type { Actor, EventoAccess, SquadraScope } from './types';

const NESSUNA: SquadraScope = Object.freeze({
  all: false,
  squadraIds: [],
  scuolaIds: [],
  responsabileId: null,
});

/**
 * Whose answers (rows with value, time and author) an actor may list on the
 * answer-submission page: the event's staff every team's; anyone else the
 * teams he owns. Owning is enough to read, even where the actor may not
 * submit (a teacher without the official flag still follows his school's
 * teams); nothing of an event he cannot see. Values inside the rows still go
 * through canSeeRispostaValore; correctness is public anyway (live feed).
 */
export function rispostaListScope(actor: Actor, evento: EventoAccess): SquadraScope {
  if (!canSeeEvento(actor, evento)) return NESSUNA;
  if (isEventoStaff(actor, evento)) return { all: true };
  return ownedSquadraScope(actor);
}
