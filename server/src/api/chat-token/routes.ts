// Tokens for the community chat (spec §2 chat-token page, §7):
//   POST /api/gas/chat-token/         {user?} -> {token, username}  (login required)
//   POST /api/gas/chat-token/reset/           -> {token, username}  (login required)
//   POST /api/gas/chat-token/verify/  {token} -> {valid, username, user}  (chat bot)
// The bot is a server without cookies: it sends GAS_CHAT_BOT_SECRET as
// `Authorization: Bearer ...` and its path is exempt from CSRF (session.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatTokenRequest, chatTokenVerifyRequest } from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { apiError } from '../../errors';
import { randomToken, sameToken } from '../../plugins/auth/tokens';
import { findByToken, issueToken, resetToken, usernameOf } from './queries';

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
    { preValidation: loginRequired, schema: { tags, body: chatTokenRequest } },
    async (request, reply) => {
      const userId = request.actor.userId!;
      const row = await issueToken(
        db,
        userId,
        request.body.user,
        await usernameOf(db, userId),
        randomToken(24),
      );
      reply.header('Cache-Control', 'no-store');
      return row;
    },
  );

  r.post(
    '/api/gas/chat-token/reset/',
    { preValidation: loginRequired, schema: { tags } },
    async (request, reply) => {
      const userId = request.actor.userId!;
      const row = await resetToken(db, userId, await usernameOf(db, userId), randomToken(24));
      reply.header('Cache-Control', 'no-store');
      return row;
    },
  );

  r.post(
    '/api/gas/chat-token/verify/',
    {
      preValidation: botOnly,
      schema: {
        tags,
        body: chatTokenVerifyRequest,
        description: 'Per il bot della chat: header `Authorization: Bearer <GAS_CHAT_BOT_SECRET>`.',
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const found = await findByToken(db, request.body.token);
      // A deactivated account loses the chat with everything else.
      if (!found || !found.user.isActive) return { valid: false };
      const { user } = found;
      return {
        valid: true,
        username: found.chatName,
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
