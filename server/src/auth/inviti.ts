// One-time links to set a password (issue 15), sent by e-mail: to a manager
// the import created ('imposta', 7 days), on 'Password dimenticata?'
// ('reimposta', 2 hours), or again by staff from the back office.
import { CAMPI_SEGRETI, NOTE_SEGRETI, recordSecretChange } from '../audit/account';
import type { AuditContext } from '../audit/queries';
import { nuovoTokenPassword } from './queries';
import type { DbOrTx } from '../db/client';
import type { ScopoTokenPassword } from '../db/schema';
import type { Mailer } from '../email/mailer';
import { invitoPassword, reimpostaPassword } from '../email/messaggi';

export const INVITO_GIORNI = 7;
export const REIMPOSTA_ORE = 2;

const VALIDITA_MS: Record<ScopoTokenPassword, number> = {
  imposta: INVITO_GIORNI * 24 * 3600_000,
  reimposta: REIMPOSTA_ORE * 3600_000,
};

export type Account = { userId: number; email: string; username: string; nome: string };

/** The page that uses a token (web route /accounts/imposta-password/{token}/). */
export const linkPassword = (baseUrl: string, token: string) =>
  `${baseUrl.replace(/\/+$/, '')}/accounts/imposta-password/${token}/`;

/**
 * Makes a new link for the account (earlier ones stop working); returns the
 * link. The link is in the audit log as issued (`audit` says by whom and
 * why), in the transaction that stores it.
 */
export async function creaLinkPassword(
  db: DbOrTx,
  baseUrl: string,
  account: Account,
  scopo: ScopoTokenPassword,
  audit: AuditContext,
): Promise<string> {
  const token = await db.transaction(async (tx) => {
    const nuovo = await nuovoTokenPassword(tx, account.userId, scopo, VALIDITA_MS[scopo]);
    await recordSecretChange(
      tx,
      audit,
      { id: account.userId, username: account.username },
      CAMPI_SEGRETI.linkPassword,
      scopo === 'imposta'
        ? `${NOTE_SEGRETI.linkInvito} (valido ${INVITO_GIORNI} giorni)`
        : `valido ${REIMPOSTA_ORE} ore`,
    );
    return nuovo;
  });
  return linkPassword(baseUrl, token);
}

/** The e-mail with a link made by creaLinkPassword; throws when the mail server refuses it. */
export async function spedisciLinkPassword(
  mailer: Mailer,
  account: Account,
  scopo: ScopoTokenPassword,
  link: string,
): Promise<void> {
  const destinatario = { email: account.email, nome: account.nome, username: account.username };
  await mailer.invia(
    scopo === 'imposta'
      ? invitoPassword(destinatario, link, INVITO_GIORNI)
      : reimpostaPassword(destinatario, link, REIMPOSTA_ORE),
  );
}

/** A new link for the account, e-mailed after the commit; returns the link. */
export async function inviaLinkPassword(
  deps: { db: DbOrTx; mailer: Mailer; baseUrl: string },
  account: Account,
  scopo: ScopoTokenPassword,
  audit: AuditContext,
): Promise<string> {
  const link = await creaLinkPassword(deps.db, deps.baseUrl, account, scopo, audit);
  await spedisciLinkPassword(deps.mailer, account, scopo, link);
  return link;
}

/** The invitations of a batch of new accounts, one after the other; failures are logged, not thrown. */
export async function invitaTutti(
  deps: { db: DbOrTx; mailer: Mailer; baseUrl: string; log: { error(o: object, m: string): void } },
  accounts: readonly Account[],
  audit: AuditContext,
): Promise<number> {
  let inviati = 0;
  for (const account of accounts) {
    if (!account.email) continue;
    try {
      await inviaLinkPassword(deps, account, 'imposta', audit);
      inviati += 1;
    } catch (err) {
      deps.log.error({ err, userId: account.userId }, 'invito: e-mail non inviata');
    }
  }
  return inviati;
}
