// Reads of events and of what their payload embeds. Only this file touches drizzle.
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  evento,
  fileProgrammato,
  polo,
  poloResponsabile,
  problema,
  responsabile,
  sessione,
  users,
} from '../../db/schema';
import { loadEventiWithAccess } from '../shared/evento-access';

export async function allEventoIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: evento.id })
    .from(evento)
    .orderBy(desc(evento.inizio), desc(evento.id));
  return rows.map((r) => r.id);
}

function staffNamesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: responsabile.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(responsabile)
    .innerJoin(users, eq(users.id, responsabile.userId))
    .where(inArray(responsabile.id, ids));
}

/** Everything the event payload embeds, for a set of events at once. */
export async function loadEventoDetails(db: DbOrTx, ids: readonly number[]) {
  const eventi = await loadEventiWithAccess(db, ids);
  const found = [...eventi.keys()];
  const staffIds = [...eventi.values()].flatMap((e) => [
    ...e.access.amministratoreIds,
    ...e.access.inseritoreIds,
  ]);
  if (found.length === 0) {
    return { eventi, sessioni: [], problemi: [], poli: [], files: [], staffNames: [] };
  }
  const [sessioni, problemi, poli, files, staffNames] = await Promise.all([
    db
      .select()
      .from(sessione)
      .where(inArray(sessione.eventoId, found))
      .orderBy(asc(sessione.ordine), asc(sessione.id)),
    db
      .select()
      .from(problema)
      .where(inArray(problema.eventoId, found))
      .orderBy(asc(problema.ordine)),
    db
      .select({ id: polo.id, eventoId: polo.eventoId, userId: poloResponsabile.userId })
      .from(polo)
      .leftJoin(poloResponsabile, eq(poloResponsabile.poloId, polo.id))
      .where(inArray(polo.eventoId, found)),
    db
      .select({
        id: fileProgrammato.id,
        eventoId: fileProgrammato.eventoId,
        tipologia: fileProgrammato.tipologia,
        data: fileProgrammato.data,
        pubblico: fileProgrammato.pubblico,
        nomeFile: fileProgrammato.nomeFile,
      })
      .from(fileProgrammato)
      .where(inArray(fileProgrammato.eventoId, found)),
    staffNamesOf(db, [...new Set(staffIds)]),
  ]);
  return { eventi, sessioni, problemi, poli, files, staffNames };
}

export type EventoDetails = Awaited<ReturnType<typeof loadEventoDetails>>;
