// The audit log of chat tokens (issue 26): the chat name an account chose and
// a new token are changes of the account (resource `user`), the token itself
// only as `token_chat: ['***', '***']`. Asking again for an unchanged token
// changes nothing and leaves no entry.
import type { FastifyRequest } from 'fastify';
import { CAMPI_SEGRETI } from '../../audit/account';
import { auditContext, recordChange } from '../../audit/queries';
import type { DbOrTx } from '../../db/client';

type TokenChat = { token: string; username: string };

export async function registraTokenChat(
  tx: DbOrTx,
  request: FastifyRequest,
  account: { id: number; username: string },
  prima: TokenChat | null,
  dopo: TokenChat,
): Promise<void> {
  const nuovo = prima?.token !== dopo.token;
  await recordChange(
    tx,
    auditContext(
      request,
      'api',
      !nuovo ? '' : prima ? 'token della chat rinnovato' : 'token della chat creato',
    ),
    {
      azione: 'modifica',
      risorsa: 'user',
      oggettoId: account.id,
      oggettoNome: account.username,
      prima: { nome_chat: prima?.username ?? null },
      dopo: { nome_chat: dopo.username },
      segreti: nuovo ? [CAMPI_SEGRETI.tokenChat] : [],
    },
  );
}
