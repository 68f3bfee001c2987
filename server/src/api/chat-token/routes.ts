// Tokens for the community chat (spec §2 chat-token page, §7):
//   POST /api/gas/chat-token/         {user?} -> {token, username}  (login required)
//   POST /api/gas/chat-token/reset/           -> {token, username}  (login required)
//   POST /api/gas/chat-token/verify/  {token} -> {valid, username, chat_name, user}  (chat bot)
// A chat name belongs to one account (any case): a name that is another
// account's chat name or username is refused. Verify reports the account the
// token belongs to (`username`, `user`) and, apart, the name it chose for the
// chat (`chat_name`), so the bot never takes a typed name for an account.
// The bot is a server without cookies: it sends GAS_CHAT_BOT_SECRET as
// `Authorization: Bearer ...` and its path is exempt from CSRF (session.ts).
import { chatTokenSchema } from '@gas/contracts';
import { ok } from '../shared/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGGI_PERSONE as M,
  chatTokenRequest,
  chatTokenVerifyRequest,
  chatTokenVerifyResponse,
} from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { PG_UNIQUE_VIOLATION, pgError } from '../../db/client';
import { apiError, fieldErrors } from '../../errors';
import { randomToken, sameToken } from '../../auth/tokens';
import { registraTokenChat } from './audit';
import {
  chatNameTaken,
  chatTokenOf,
  findByToken,
  issueToken,
  resetToken,
  usernameOf,
} from './queries';

const nameTaken = () => fieldErrors({ user: [M.nomeChatDuplicato] });

/** Two requests at once for one name: the unique index refuses the second. */
function duplicateName(error: unknown): unknown {
  const info = pgError(error);
  return info?.code === PG_UNIQUE_VIOLATION &&
    info.constraint === 'chat_token_username_lower_unique'
    ? nameTaken()
    : error;
}

function loginRequired(request: FastifyRequest) {
  if (request.actor.userId === null) throw apiError('not_authenticated');
  return Promise.resolve();
}

export async function chatTokenRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const secret = deps.config.chatBotSecret;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat-token'];

  // Checked before the body, so a caller without the secret learns nothing.
  const botOnly = (request: FastifyRequest) => {
    if (!secret) throw apiError('unavailable', 'Verifica dei token della chat non configurata.');
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, secret)) throw apiError('permission_denied');
    return Promise.resolve();
  };

  r.post(
    '/api/gas/chat-token/',
    {
      preValidation: loginRequired,
      schema: {
        summary: 'Token della chat (e nome in chat) dell’utente',
        response: ok(chatTokenSchema),
        tags,
        body: chatTokenRequest,
      },
    },
    async (request, reply) => {
      const userId = request.actor.userId!;
      const name = request.body.user;
      if (name !== undefined && (await chatNameTaken(db, userId, name))) throw nameTaken();
      const username = await usernameOf(db, userId);
      const row = await db
        .transaction(async (tx) => {
          const prima = await chatTokenOf(tx, userId);
          const dopo = await issueToken(tx, userId, name, username, randomToken(24));
          await registraTokenChat(tx, request, { id: userId, username }, prima, dopo);
          return dopo;
        })
        .catch((error: unknown) => {
          throw duplicateName(error);
        });
      reply.header('Cache-Control', 'no-store');
      return row;
    },
  );

  r.post(
    '/api/gas/chat-token/reset/',
    {
      preValidation: loginRequired,
      schema: {
        operationId: 'resetChatToken',
        summary: 'Nuovo token della chat (il vecchio non vale più)',
        response: ok(chatTokenSchema),
        tags,
      },
    },
    async (request, reply) => {
      const userId = request.actor.userId!;
      const username = await usernameOf(db, userId);
      const row = await db
        .transaction(async (tx) => {
          const prima = await chatTokenOf(tx, userId);
          const dopo = await resetToken(tx, userId, username, randomToken(24));
          await registraTokenChat(tx, request, { id: userId, username }, prima, dopo);
          return dopo;
        })
        .catch((error: unknown) => {
          throw duplicateName(error);
        });
      reply.header('Cache-Control', 'no-store');
      return row;
    },
  );

  r.post(
    '/api/gas/chat-token/verify/',
    {
      preValidation: botOnly,
      schema: {
        operationId: 'verifyChatToken',
        summary: 'Per il bot della chat: di chi è un token',
        security: [{ chatBot: [] }],
        tags,
        body: chatTokenVerifyRequest,
        response: ok(chatTokenVerifyResponse),
        description:
          "Per il bot della chat: header `Authorization: Bearer <GAS_CHAT_BOT_SECRET>`. `username` e `user` sono l'account GaS del token; `chat_name` il nome che l'account ha scelto per la chat.",
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const found = await findByToken(db, request.body.token);
      // A deactivated account loses the chat with everything else.
      if (!found || !found.user.isActive) return { valid: false as const };
      const { user } = found;
      return {
        valid: true as const,
        username: user.username,
        chat_name: found.chatName,
        user: {
          id: user.id,
          username: user.username,
          first_name: user.firstName,
          last_name: user.lastName,
          is_staff: user.isStaff,
          is_superuser: user.isSuperuser,
          ruolo: found.attivo ? found.ruolo : null,
        },
      };
    },
  );
}
