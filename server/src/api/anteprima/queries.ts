// What a link preview reads: a session and its event, only when the anonymous
// public may see the event (a private event's title must not reach a chat
// preview), and the schools of the winning teams. Only this file of the
// folder touches drizzle.
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { evento, scuola, sessione } from '../../db/schema';
import { eventoVisibleWhere } from '../../access/queries';
import { ANONYMOUS } from '../../policies';

export type SessionePubblica = {
  sessione: string;
  evento: string;
  inizio: Date;
  fine: Date;
};

/** The session with its event, or null when unknown or hidden from visitors. */
export async function sessionePubblica(db: DbOrTx, id: number): Promise<SessionePubblica | null> {
  const [row] = await db
    .select({
      sessione: sessione.nome,
      evento: evento.titolo,
      inizio: evento.inizio,
      fine: evento.fine,
    })
    .from(sessione)
    .innerJoin(evento, eq(evento.id, sessione.eventoId))
    .where(and(eq(sessione.id, id), eventoVisibleWhere(ANONYMOUS)))
    .limit(1);
  return row ?? null;
}

/** School names by id (the winners' schools). */
export async function nomiScuole(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: scuola.id, nome: scuola.nome })
    .from(scuola)
    .where(inArray(scuola.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.nome]));
}
