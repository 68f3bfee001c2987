// Which events the visitor may see (spec §6: private events only to their
// administrators and inseritori, superusers all), as SQL conditions. Lists
// filter and paginate with these in the database, so their cost follows the
// page, not the number of events (private ones included) in the database.
// The rule itself is the policies' eventoVisibility / eventoVisibleIn.
import { inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { evento, eventoAmministratore, eventoInseritore } from '../db/schema';
import { eventoVisibility, type Actor } from '../policies';

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
