// What the access rules read: events with their access data (type, dates,
// staff), and which events the visitor may see as SQL conditions.
//
// Which events the visitor may see (spec §6: private events only to their
// administrators and inseritori, superusers all), as SQL conditions. Lists
// filter and paginate with these in the database, so their cost follows the
// page, not the number of events (private ones included) in the database.
// The rule itself is the policies' eventoVisibility / eventoVisibleIn.
import { eq, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { evento, eventoAmministratore, eventoInseritore, sessione } from '../db/schema';
import { eventoVisibility, type Actor } from '../policies';
import { toEventoAccess, type EventoWithAccess } from './evento-access';

/** A condition on the `evento` table of the query; undefined = every event. */
export function eventoVisibleWhere(actor: Actor): SQL | undefined {
  const visibility = eventoVisibility(actor);
  if (visibility.all) return undefined;
  const notPrivate = ne(evento.tipologia, 'priv');
  const r = visibility.responsabileId;
  if (r === null) return notPrivate;
  // Both staff tables are indexed by responsabile_id.
  return or(
    notPrivate,
    inArray(
      evento.id,
      sql`(select ${eventoAmministratore.eventoId} from ${eventoAmministratore}
           where ${eventoAmministratore.responsabileId} = ${r}
           union all
           select ${eventoInseritore.eventoId} from ${eventoInseritore}
           where ${eventoInseritore.responsabileId} = ${r})`,
    ),
  );
}

/**
 * `column` (an evento id of another table) names an event the visitor may
 * see; undefined = every event. For queries that do not join `evento`.
 */
export function inVisibleEvento(actor: Actor, column: AnyColumn): SQL | undefined {
  const where = eventoVisibleWhere(actor);
  if (!where) return undefined;
  return inArray(column, sql`(select ${evento.id} from ${evento} where ${where})`);
}

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

/** The event of a session, with its access data (null: no such session). */
export async function loadEventoOfSessione(
  db: DbOrTx,
  sessioneId: number,
): Promise<EventoWithAccess | null> {
  const [row] = await db
    .select({ eventoId: sessione.eventoId })
    .from(sessione)
    .where(eq(sessione.id, sessioneId));
  return row ? loadEventoWithAccess(db, row.eventoId) : null;
}
