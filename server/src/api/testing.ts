// HTTP test harness: the real app on a test database (demo data by default),
// and a client per demo role that logs in and handles cookies and CSRF like a
// browser. Usage:
//
//   describe.each(testBackends())('risposta API on %s', (backend) => {
//     let t: TestApp;
//     beforeAll(async () => { t = await createTestApp(backend); });
//     afterAll(() => t.close());
//     it('...', async () => {
//       const res = await (await t.as('inseritore')).post('/api/gas/risposta/', {...});
//       expect(res.statusCode).toBe(201);
//     });
//   });
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createTestDatabase, type TestBackend, type TestDatabase } from '../db/testing';

export const DEMO_PASSWORD = 'gas-demo';
export const ROLES = [
  'anonimo',
  'docente',
  'principale',
  'secondario',
  'inseritore',
  'amministratore',
  'staff',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

export type Client = {
  role: Role | string;
  cookies: Record<string, string>;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    extra?: { headers?: Record<string, string>; csrf?: boolean; payload?: string | Buffer },
  ): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
};

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  /** A logged-in client for a demo role (cached per role), or an anonymous one. */
  as(role: Role): Promise<Client>;
  /** A client logged in with any username/password. */
  login(username: string, password?: string): Promise<Client>;
  anonymous(): Promise<Client>;
  /** The id of the account with this username (the demo's, or one a test made). */
  userId(username: string): Promise<number>;
  close(): Promise<void>;
};

function storeCookies(client: Client, response: LightMyRequestResponse) {
  for (const cookie of response.cookies) {
    const expired =
      cookie.value === '' ||
      (cookie.expires instanceof Date && cookie.expires.getTime() < Date.now());
    if (expired) delete client.cookies[cookie.name];
    else client.cookies[cookie.name] = cookie.value;
  }
}

function newClient(app: FastifyInstance, role: string): Client {
  const client: Client = {
    role,
    cookies: {},
    async request(method, url, body, extra = {}) {
      const headers: Record<string, string> = { ...(extra.headers ?? {}) };
      const csrf = client.cookies.csrftoken;
      if (method !== 'GET' && extra.csrf !== false && csrf) headers['x-csrftoken'] = csrf;
      const response = await app.inject({
        method,
        url,
        headers,
        cookies: client.cookies,
        ...(extra.payload !== undefined
          ? { payload: extra.payload }
          : body !== undefined
            ? { payload: body as object }
            : {}),
      });
      storeCookies(client, response);
      return response;
    },
    get: (url) => client.request('GET', url),
    post: (url, body) => client.request('POST', url, body ?? {}),
    patch: (url, body) => client.request('PATCH', url, body ?? {}),
    put: (url, body) => client.request('PUT', url, body ?? {}),
    delete: (url) => client.request('DELETE', url),
  };
  return client;
}

export async function createTestApp(
  backend: TestBackend,
  options: {
    seed?: boolean;
    now?: Date;
    config?: Partial<AppConfig>;
    /** Pino options (default: no log). */
    logger?: Record<string, unknown>;
    /** The app's own logger (its redaction included), written here. */
    logDestination?: { write(line: string): void };
    /** Routes added before the app is ready (a route that fails on purpose). */
    extraRoutes?: (app: FastifyInstance) => void;
    /** An open database to serve instead of a new test database (closed with the app). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database: TestDatabase = options.database
    ? Object.assign(options.database, { backend, seedNow: null })
    : await createTestDatabase(backend, { seed: options.seed ?? true, now: options.now });
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    demo: false,
    demoLive: false,
    ...options.config,
  };
  const app = await buildApp({
    config,
    database,
    ...(options.logDestination
      ? { logDestination: options.logDestination }
      : { logger: options.logger ?? false }),
  });
  options.extraRoutes?.(app);
  await app.ready();
  const cache = new Map<string, Client>();

  const anonymous = async () => {
    const client = newClient(app, 'anonimo');
    await client.get('/api/ext-user/whoami/');
    return client;
  };
  const login = async (username: string, password = DEMO_PASSWORD) => {
    const client = newClient(app, username);
    await client.get('/api/ext-user/whoami/');
    const res = await client.post('/api/auth/login/', { username, password });
    if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
    return client;
  };
  return {
    app,
    database,
    anonymous,
    login,
    async userId(username) {
      const [row] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, username));
      if (!row) throw new Error(`nessun account ${username}`);
      return row.id;
    },
    async as(role) {
      const cached = cache.get(role);
      if (cached) return cached;
      const client = role === 'anonimo' ? await anonymous() : await login(role);
      cache.set(role, client);
      return client;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
