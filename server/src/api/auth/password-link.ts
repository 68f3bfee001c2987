// 'Password dimenticata?' and the one-time links (issue 15):
//   POST /api/auth/password-dimenticata/   {email}: always the same neutral
//        answer; rate limited per address and per e-mail
//   POST /api/auth/imposta-password/verifica/  {token}: whom a valid link is for
//   POST /api/auth/imposta-password/       {token, password, confirm_password}:
//        the password rules, then the new password; every session of the
//        account ends
// The token travels in bodies, never in an API URL, so request logs never
// hold it (the web page's own URL is redacted by the logger, app.ts).
import {
  LINK_PASSWORD_NON_VALIDO,
  PASSWORD_DIMENTICATA_RISPOSTA,
  detailSchema,
  impostaPasswordRequest,
  passwordDimenticataRequest,
  tokenPasswordSchema,
  verificaTokenRequest,
} from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountDelToken, usaTokenPassword } from '../../auth/queries';
import { hashPassword } from '../../auth/password';
import { problemiPassword } from '../../auth/password-rules';
import { apiError, fieldErrors } from '../../errors';
import { LoginThrottle } from '../../plugins/auth/login-throttle';
import type { ApiDeps } from '../deps';
import { noContent, ok } from '../shared/responses';
import { inviaLinkPassword } from '../../auth/inviti';
import { baseUrlDi } from '../../email/messaggi';
import { activeUserByEmail } from './queries';
import { auditContext } from '../../audit/queries';
import { NOTE_SEGRETI } from '../../audit/account';

const TROPPE_RICHIESTE = 'Troppe richieste di reimpostazione: riprova fra qualche minuto.';
/** Any address (the per-e-mail count). */
const OGNI_INDIRIZZO = '*';

export function passwordLinkRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  // Five requests per address and per e-mail every 15 minutes (LoginThrottle's window).
  const perIndirizzo = new LoginThrottle();
  const perEmail = new LoginThrottle();

  r.post(
    '/api/auth/password-dimenticata/',
    {
      schema: {
        operationId: 'requestPasswordLink',
        summary: 'Password dimenticata: manda il link per sceglierne una',
        tags: ['auth'],
        body: passwordDimenticataRequest,
        response: ok(detailSchema),
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      if (
        perIndirizzo.isBlocked(request.ip, OGNI_INDIRIZZO) ||
        perEmail.isBlocked(OGNI_INDIRIZZO, email)
      ) {
        throw apiError('throttled', TROPPE_RICHIESTE);
      }
      perIndirizzo.recordFailure(request.ip, OGNI_INDIRIZZO);
      perEmail.recordFailure(OGNI_INDIRIZZO, email);
      const user = await activeUserByEmail(db, email);
      if (user) {
        // Sent after the answer: its time does not tell whether the account exists.
        void inviaLinkPassword(
          { db, mailer: deps.mailer, baseUrl: baseUrlDi(deps.config) },
          {
            userId: user.id,
            email: user.email,
            username: user.username,
            nome: `${user.firstName} ${user.lastName}`.trim(),
          },
          'reimposta',
          auditContext(request, 'api', NOTE_SEGRETI.linkDimenticata),
        ).catch((err: unknown) =>
          request.log.error({ err, userId: user.id }, 'password dimenticata: e-mail non inviata'),
        );
      }
      return { detail: PASSWORD_DIMENTICATA_RISPOSTA };
    },
  );

  r.post(
    '/api/auth/imposta-password/verifica/',
    {
      schema: {
        operationId: 'verifyPasswordLink',
        summary: 'Per chi è un link per impostare la password',
        tags: ['auth'],
        body: verificaTokenRequest,
        response: ok(tokenPasswordSchema),
      },
    },
    async (request) => {
      const account = await accountDelToken(db, request.body.token);
      if (!account) throw apiError('bad_request', LINK_PASSWORD_NON_VALIDO);
      return { username: account.username, scopo: account.scopo };
    },
  );

  r.post(
    '/api/auth/imposta-password/',
    {
      schema: {
        operationId: 'setPassword',
        summary: 'Imposta la password con un link',
        tags: ['auth'],
        body: impostaPasswordRequest,
        response: noContent,
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const account = await accountDelToken(db, token);
      if (!account) throw apiError('bad_request', LINK_PASSWORD_NON_VALIDO);
      const problemi = problemiPassword(password, account);
      if (problemi.length > 0) throw fieldErrors({ password: problemi });
      const userId = await usaTokenPassword(
        db,
        token,
        await hashPassword(password),
        // Made by the link's owner, who has no session: the entry says so.
        { ...auditContext(request, 'api'), userId: account.userId },
      );
      if (userId === null) throw apiError('bad_request', LINK_PASSWORD_NON_VALIDO);
      // Every session of the account ended: at once here, on the change feed elsewhere.
      app.actorCache.forgetUser(userId);
      return reply.status(204).send();
    },
  );
}
