// What the live feeds read from the database: a message by id (for the
// LISTEN/NOTIFY bridge when a message is too long for a payload), who is still
// behind a login session (access re-checks, access-guard.ts) and the sessions
// to warm up. Which event a session belongs to is access/queries.ts's.
import { and, asc, desc, eq, gt, gte, inArray, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { evento, loginSession, messaggioImportante, sessione } from '../db/schema';

export async function messaggioById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(messaggioImportante).where(eq(messaggioImportante.id, id));
  return row ?? null;
}

/**
 * The user behind each of these login sessions (by session id), for the
 * sessions that still exist and have not expired: a logout, an expiry or a
 * deleted user leaves the session out.
 */
export async function usersOfLoginSessions(
  db: DbOrTx,
  sessionIds: readonly string[],
): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: loginSession.id, userId: loginSession.userId })
    .from(loginSession)
    .where(and(inArray(loginSession.id, [...sessionIds]), gt(loginSession.expiresAt, new Date())));
  return new Map(rows.map((r) => [r.id, r.userId]));
}

/**
 * The public sessions whose contest is on around `now` (from `primaMs` before
 * its start to `dopoMs` after its end), most recent start first: the ones a
 * starting instance warms up (warmup.ts).
 */
export async function sessioniPubblicheInCorso(
  db: DbOrTx,
  now: Date,
  { primaMs, dopoMs, limite }: { primaMs: number; dopoMs: number; limite: number },
): Promise<{ sessioneId: number; eventoId: number }[]> {
  return db
    .select({ sessioneId: sessione.id, eventoId: sessione.eventoId })
    .from(sessione)
    .innerJoin(evento, eq(evento.id, sessione.eventoId))
    .where(
      and(
        ne(evento.tipologia, 'priv'),
        lte(evento.inizio, new Date(now.getTime() + primaMs)),
        gte(evento.fine, new Date(now.getTime() - dopoMs)),
      ),
    )
    .orderBy(desc(evento.inizio), asc(sessione.id))
    .limit(limite);
}
