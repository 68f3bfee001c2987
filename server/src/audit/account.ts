// Entries for the changes of an account's secrets (issue 26): a password
// chosen, changed or set by a superuser, a one-time link to choose one
// issued. The entry names the account and says which secret changed, as
// `campo: ['***', '***']` with a note saying how; the value (password, hash,
// link, token) never enters the log.
import type { DbOrTx } from '../db/client';
import { recordChange, type AuditContext } from './queries';

/** The fields an entry marks as changed, never with their values. */
export const CAMPI_SEGRETI = {
  password: 'password',
  /** The account's one-time link to choose a password (its token). */
  linkPassword: 'link_password',
  /** The account's token for the chat. */
  tokenChat: 'token_chat',
} as const;

export type CampoSegreto = (typeof CAMPI_SEGRETI)[keyof typeof CAMPI_SEGRETI];

/** Why a secret changed, as the entry's note says it. */
export const NOTE_SEGRETI = {
  passwordCambiata: 'password cambiata dall’utente',
  passwordDaLink: 'password scelta con il link ricevuto per e-mail',
  linkDimenticata: 'link per reimpostare la password chiesto con «Password dimenticata?»',
  linkInvito: 'link per scegliere la password inviato',
} as const;

/** Records that `campo` of the account changed, in the caller's transaction. */
export async function recordSecretChange(
  tx: DbOrTx,
  context: AuditContext,
  account: { id: number; username: string },
  campo: CampoSegreto,
  nota: string,
): Promise<void> {
  await recordChange(
    tx,
    { ...context, nota: [context.nota, nota].filter(Boolean).join('; ') },
    {
      azione: 'modifica',
      risorsa: 'user',
      oggettoId: account.id,
      oggettoNome: account.username,
      prima: null,
      dopo: null,
      segreti: [campo],
    },
  );
}
