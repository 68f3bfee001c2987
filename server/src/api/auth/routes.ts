// Login, logout, password change and whoami (spec §7, issue 4 item 1).
import { userSchema } from '@gas/contracts';
import { noContent, ok } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CSRF_COOKIE,
  LOGIN_FAILED,
  WRONG_OLD_PASSWORD,
  loginRequest,
  passwordChangeRequest,
} from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { apiError, fieldErrors } from '../../errors';
import { loadActor } from '../../auth/queries';
import { LoginThrottle } from '../../plugins/auth/login-throttle';
import { hashPassword, verifyPassword } from '../../auth/password';
import { problemiPassword } from '../../auth/password-rules';
import { endLoginSession, setCsrfCookie, startLoginSession } from '../../plugins/auth/session';
import { passwordLinkRoutes } from './password-link';
import { presentWhoami } from './present';
import { changePassword, touchLastLogin, userByUsername } from './queries';
import { userById } from '../../auth/queries';
import { auditContext, recordChange } from '../../audit/queries';
import { CAMPI_SEGRETI, NOTE_SEGRETI, recordSecretChange } from '../../audit/account';

const TOO_MANY_LOGINS = 'Troppi tentativi di accesso falliti: riprova fra qualche minuto.';
const TOO_MANY_OLD_PASSWORDS =
  'Troppi tentativi con una password attuale sbagliata: riprova fra qualche minuto.';

export async function authRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { database } = deps;
  const { db } = database;
  const throttle = new LoginThrottle();
  // Wrong current passwords at the password change, counted per account from
  // any address: a session left open must not become a password oracle.
  const oldPasswordThrottle = new LoginThrottle();
  const ACCOUNT = 'account';
  const r = app.withTypeProvider<ZodTypeProvider>();
  passwordLinkRoutes(app, deps);

  r.get(
    '/api/ext-user/whoami/',
    {
      schema: {
        operationId: 'getWhoami',
        summary: 'Utente della sessione (anonimo senza login)',
        response: ok(userSchema),
        tags: ['auth'],
      },
    },
    async (request, reply) => {
      // whoami always (re)sends the CSRF cookie so a fresh page can start unsafe calls.
      if (!request.cookies[CSRF_COOKIE]) setCsrfCookie(request, reply);
      reply.header('Cache-Control', 'no-store');
      return presentWhoami(db, request.actor);
    },
  );

  r.post(
    '/api/auth/login/',
    {
      schema: {
        operationId: 'login',
        summary: 'Login con username e password',
        response: ok(userSchema),
        tags: ['auth'],
        body: loginRequest,
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      if (throttle.isBlocked(request.ip, username)) {
        throw apiError('throttled', TOO_MANY_LOGINS);
      }
      const user = await userByUsername(db, username);
      // Hashed for unknown and inactive accounts too (against a dummy hash):
      // the answer takes as long either way and does not tell which usernames exist.
      const matches = await verifyPassword(password, user?.passwordHash);
      const ok = user !== null && user.isActive && matches;
      if (!user || !ok) {
        throttle.recordFailure(request.ip, username);
        throw fieldErrors({ non_field_errors: [LOGIN_FAILED] });
      }
      throttle.reset(request.ip, username);
      await startLoginSession(database, request, reply, user.id);
      await touchLastLogin(db, user.id);
      // Logins of staff and superusers are in the audit log (issue 14).
      if (user.isStaff || user.isSuperuser) {
        await recordChange(
          db,
          { userId: user.id, indirizzo: request.ip, origine: 'api' },
          {
            azione: 'accesso',
            risorsa: 'user',
            oggettoId: user.id,
            oggettoNome: user.username,
            prima: null,
            dopo: null,
          },
        );
      }
      const actor = await loadActor(db, user.id);
      reply.header('Cache-Control', 'no-store');
      return presentWhoami(db, actor ?? request.actor);
    },
  );

  r.post(
    '/api/auth/logout/',
    {
      schema: {
        operationId: 'logout',
        summary: 'Logout: chiude la sessione',
        response: noContent,
        tags: ['auth'],
      },
    },
    async (request, reply) => {
      await endLoginSession(database, request, reply);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/auth/password/',
    {
      schema: {
        operationId: 'changePassword',
        summary: 'Cambia la password',
        response: noContent,
        tags: ['auth'],
        body: passwordChangeRequest,
      },
    },
    async (request, reply) => {
      const userId = request.actor.userId;
      if (userId === null) throw apiError('not_authenticated');
      const account = String(userId);
      if (oldPasswordThrottle.isBlocked(ACCOUNT, account)) {
        throw apiError('throttled', TOO_MANY_OLD_PASSWORDS);
      }
      const user = await userById(db, userId);
      if (!user || !(await verifyPassword(request.body.old_password, user.passwordHash))) {
        oldPasswordThrottle.recordFailure(ACCOUNT, account);
        throw fieldErrors({ old_password: [WRONG_OLD_PASSWORD] });
      }
      oldPasswordThrottle.reset(ACCOUNT, account);
      const problemi = problemiPassword(request.body.new_password, user);
      if (problemi.length > 0) throw fieldErrors({ new_password: problemi });
      const passwordHash = await hashPassword(request.body.new_password);
      // Other devices signed in with the old password are signed out.
      await db.transaction(async (tx) => {
        await changePassword(tx, userId, passwordHash);
        await recordSecretChange(
          tx,
          auditContext(request, 'api'),
          user,
          CAMPI_SEGRETI.password,
          NOTE_SEGRETI.passwordCambiata,
        );
      });
      // At once here; other instances hear it on the change feed.
      app.actorCache.forgetUser(userId);
      await startLoginSession(database, request, reply, userId);
      return reply.status(204).send();
    },
  );
}
