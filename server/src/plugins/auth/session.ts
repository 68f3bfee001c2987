// Cookie sessions stored in the database, and Django-style CSRF protection.
//
// - `sessionid` (HttpOnly, SameSite=Lax, Secure over HTTPS) carries a random
//   token; the database keeps only its SHA-256. Login always issues a new one.
// - `csrftoken` (readable by the page) is set on any response that lacks it;
//   every POST/PUT/PATCH/DELETE must echo it in `X-CSRFToken` (login included),
//   otherwise 403. A cross-site page can neither read the cookie nor set the
//   header, so it cannot forge a request.
import { CSRF_COOKIE, CSRF_HEADER } from '@gas/contracts';
import type { PoliticaCache } from '../cache-http';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import type { ChangeSubscription } from '../../db/lazy-change-feed';
import { apiError } from '../../errors';
import { ANONYMOUS, type Actor } from '../../policies';
import type { ActorCache } from '../../auth/actor-cache';
import {
  deleteExpiredLoginSessions,
  deleteLoginSession,
  insertLoginSession,
  loadActor,
  userOfLoginSession,
} from '../../auth/queries';
import { hashToken, randomToken, sameToken } from '../../auth/tokens';

export const SESSION_COOKIE = 'sessionid';
const SESSION_DAYS = 14;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Routes called by servers, not browsers: they carry no cookies and prove
 * themselves with a shared secret header instead (checked by the route), so
 * a CSRF token would protect nothing. Keep this list short and explicit.
 */
export const CSRF_EXEMPT_ROUTES: ReadonlySet<string> = new Set(['/api/gas/chat-token/verify/']);

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's sessions → actors, dropped as they change (actor-cache.ts). */
    actorCache: ActorCache;
  }
  interface FastifyRequest {
    /** Who is calling: ANONYMOUS unless a valid session cookie came with the request. */
    actor: Actor;
    /** Hash of the current login session, if any. */
    loginSessionId: string | null;
  }
}

function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply): string {
  const token = randomToken(24);
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: secure(request),
    httpOnly: false,
    maxAge: 365 * 24 * 3600,
  });
  return token;
}

/** Starts a new login session for the user (a fresh id: no session fixation). */
export async function startLoginSession(
  database: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  if (request.loginSessionId) {
    request.server.actorCache.delete(request.loginSessionId);
    await deleteLoginSession(database.db, request.loginSessionId);
  }
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await insertLoginSession(database.db, {
    id: hashToken(token),
    userId,
    csrfSecret: randomToken(16),
    expiresAt,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request),
    expires: expiresAt,
  });
  // A new CSRF token at login, as Django does.
  setCsrfCookie(request, reply);
}

export async function endLoginSession(
  database: Database,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (request.loginSessionId) {
    request.server.actorCache.delete(request.loginSessionId);
    await deleteLoginSession(database.db, request.loginSessionId);
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  request.actor = ANONYMOUS;
  request.loginSessionId = null;
}

export type SessionAuthOptions = {
  database: Database;
  /** The instance's actor cache (services.ts). */
  actors: ActorCache;
  /** Its subscription to the change feed, started on the first request with a cookie. */
  changes: ChangeSubscription;
};

async function sessionPlugin(app: FastifyInstance, opts: SessionAuthOptions) {
  const { db } = opts.database;
  // Other instances log users out and change their rights too: their changes
  // reach this cache through the change feed (migration 0005, services.ts).
  const { actors: actorCache, changes: feed } = opts;
  app.decorate('actorCache', actorCache);
  await app.register(fastifyCookie);
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('loginSessionId', null);

  app.addHook('onRequest', async (request, reply) => {
    request.actor = ANONYMOUS;
    request.loginSessionId = null;

    const csrfCookie = request.cookies[CSRF_COOKIE];
    // Not on the public reads a shared cache may keep (plugins/cache-http.ts):
    // a cache stores no answer that sets a cookie, and must never hand one
    // visitor's token to the next. Every page asks whoami first, which sets it.
    const condivisibile: PoliticaCache | undefined = request.routeOptions.config.cache;
    if (!csrfCookie && !condivisibile) setCsrfCookie(request, reply);
    // routeOptions.url is the registered pattern, so query strings and the
    // slash-less form cannot widen the exemption to other routes.
    const exempt = CSRF_EXEMPT_ROUTES.has(request.routeOptions.url ?? '');
    if (UNSAFE_METHODS.has(request.method) && !exempt) {
      const header = request.headers[CSRF_HEADER.toLowerCase()];
      if (!csrfCookie || typeof header !== 'string' || !sameToken(header, csrfCookie)) {
        throw apiError('csrf_failed');
      }
    }

    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    feed.ensure();
    const id = hashToken(token);
    const cached = actorCache.get(id);
    if (cached) {
      request.actor = cached;
      request.loginSessionId = id;
      return;
    }
    const mark = actorCache.mark();
    const userId = await userOfLoginSession(db, id);
    if (userId === null) return;
    const actor = await loadActor(db, userId);
    if (!actor) return;
    actorCache.set(id, actor, mark);
    request.actor = actor;
    request.loginSessionId = id;
  });

  // Expired sessions are removed now and then rather than on every request.
  const sweep = setInterval(
    () => {
      deleteExpiredLoginSessions(db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'pulizia sessioni fallita'),
      );
    },
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

export const sessionAuth = fp(sessionPlugin, { name: 'gas-session-auth', dependencies: [] });
