// Loads what the permission rules need to know about events: type, dates and
// the responsabile ids of administrators and inseritori.
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { evento, eventoAmministratore, eventoInseritore, type Evento } from '../db/schema';
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

/** The events with the given ids (any order), each with its access data. */
export async function loadEventiWithAccess(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, EventoWithAccess>> {
  const out = new Map<number, EventoWithAccess>();
  if (ids.length === 0) return out;
  const unique = [...new Set(ids)];
  const [rows, admins, inseritori] = await Promise.all([
    db.select().from(evento).where(inArray(evento.id, unique)),
    db.select().from(eventoAmministratore).where(inArray(eventoAmministratore.eventoId, unique)),
    db.select().from(eventoInseritore).where(inArray(eventoInseritore.eventoId, unique)),
  ]);
  for (const row of rows) {
    const a = admins.filter((x) => x.eventoId === row.id).map((x) => x.responsabileId);
    const i = inseritori.filter((x) => x.eventoId === row.id).map((x) => x.responsabileId);
    out.set(row.id, { row, access: toEventoAccess(row, a, i) });
  }
  return out;
}

export async function loadEventoWithAccess(
  db: DbOrTx,
  id: number,
): Promise<EventoWithAccess | null> {
  return (await loadEventiWithAccess(db, [id])).get(id) ?? null;
}
