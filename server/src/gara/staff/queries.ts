// Appointing an event's administrators and inseritori (issue 26). Any active
// account can be appointed, found by name, username or e-mail; rights need a
// manager profile (spec §6), so an account without one gets an empty one (no
// schools, no teams, no official contests). An address without an account
// gets an account and the e-mail to choose its password (the import's
// one-time links, auth/inviti.ts).
import type { Candidato } from '@gas/contracts';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx, DbTransaction } from '../../db/client';
import { eventoAmministratore, eventoInseritore, responsabile, users } from '../../db/schema';
import type { Account } from '../../auth/inviti';
import { containsPattern } from '../../db/like';

/** Accounts an event administrator may find at once. */
export const CANDIDATI_MAX = 10;

const nomeDi = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

/**
 * Active accounts whose name or username contains `q`, or whose e-mail is `q`
 * (whole, any case). Who may see e-mails (staff) also finds by part of an
 * address and reads every address; the others read an address only when they
 * typed it whole (they knew it already), so an event administrator cannot
 * collect the addresses of the product's users.
 */
export async function cercaCandidati(
  db: DbOrTx,
  q: string,
  vedeEmail: boolean,
): Promise<Candidato[]> {
  const pattern = containsPattern(q);
  const emailUguale = sql`lower(${users.email}) = lower(${q})`;
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        or(
          ilike(users.username, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          vedeEmail ? ilike(users.email, pattern) : emailUguale,
        ),
      ),
    )
    .orderBy(users.lastName, users.firstName, users.username)
    .limit(CANDIDATI_MAX);
  return rows.map((u) => ({
    id: u.id,
    nome: nomeDi(u),
    username: u.username,
    email: vedeEmail || u.email.toLowerCase() === q.toLowerCase() ? u.email || null : null,
  }));
}

type Bersaglio = { utente: number } | { email: string };

export type Nomina =
  /** Appointed (or already was). */
  | { esito: 'nominato'; nuovoAccount: Account | null }
  /** No active account to appoint (an inactive one, or a user id that does not exist). */
  | { esito: 'nessuno' }
  /** The inviter made too many new accounts today. */
  | { esito: 'troppi' };

/** The manager profile of the account, made when missing (an empty one: rights come from the event). */
async function profiloDi(tx: DbTransaction, userId: number) {
  const [esistente] = await tx
    .select({ id: responsabile.id })
    .from(responsabile)
    .where(eq(responsabile.userId, userId));
  if (esistente) return esistente.id;
  const [nuovo] = await tx
    .insert(responsabile)
    .values({ userId })
    .returning({ id: responsabile.id });
  return nuovo!.id;
}

/**
 * Makes the account (by user id or e-mail, any case) an administrator or
 * inseritore of the event; an unknown address gets a new account, returned so
 * that the caller sends it the link to choose a password after the commit.
 * An address identifies one account (unique index, migration 0005); should
 * two share one, nobody is appointed.
 */
export async function nomina(
  tx: DbTransaction,
  eventoId: number,
  bersaglio: Bersaglio,
  ruolo: 'adm' | 'ins',
  /** May a new account be made (the inviter's bound)? */
  puoCreare: () => boolean,
  now = new Date(),
): Promise<Nomina> {
  const trovati = await tx
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(
      'utente' in bersaglio
        ? eq(users.id, bersaglio.utente)
        : sql`lower(${users.email}) = lower(${bersaglio.email})`,
    )
    .limit(2);
  if (trovati.length > 1) return { esito: 'nessuno' };
  let userId: number;
  let nuovoAccount: Account | null = null;
  if (trovati.length === 1) {
    if (!trovati[0]!.isActive) return { esito: 'nessuno' };
    userId = trovati[0]!.id;
  } else if ('email' in bersaglio) {
    if (!puoCreare()) return { esito: 'troppi' };
    // The address is the username (its characters are a username's); the
    // person reads it in the e-mail and may log in with it.
    const email = bersaglio.email;
    const [preso] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${email})`);
    const username = preso ? `${email}+${now.getTime().toString(36)}` : email;
    const [u] = await tx
      .insert(users)
      .values({ username, email, isActive: true })
      .returning({ id: users.id });
    userId = u!.id;
    nuovoAccount = { userId, email, username, nome: '' };
  } else {
    return { esito: 'nessuno' };
  }
  const responsabileId = await profiloDi(tx, userId);
  const table = ruolo === 'adm' ? eventoAmministratore : eventoInseritore;
  await tx.insert(table).values({ eventoId, responsabileId }).onConflictDoNothing();
  return { esito: 'nominato', nuovoAccount };
}
