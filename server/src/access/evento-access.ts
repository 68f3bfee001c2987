// What the permission rules need to know about an event: type, dates and the
// responsabile ids of administrators and inseritori (loaded by queries.ts).
import type { Evento } from '../db/schema';
import type { EventoAccess } from '../policies';

const NEVER = new Date(0);

/** Null registration dates mean "no registration window" (closed). */
export function toEventoAccess(
  row: Evento,
  amministratoreIds: readonly number[],
  inseritoreIds: readonly number[],
): EventoAccess {
  return {
    id: row.id,
    tipologia: row.tipologia,
    amministratoreIds,
    inseritoreIds,
    inizio: row.inizio,
    fine: row.fine,
    inizioIscrizioni: row.inizioIscrizioni ?? NEVER,
    fineIscrizioni: row.fineIscrizioni ?? NEVER,
    fineModificaSquadre: row.fineModificaSquadre ?? row.inizio,
    fineConsegnaJolly: row.fineConsegnaJolly ?? row.fine,
  };
}

export type EventoWithAccess = { row: Evento; access: EventoAccess };
