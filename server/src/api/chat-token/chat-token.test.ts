// Chat tokens: issue and reset for every demo role, the bot's verify call
// (shared secret, no CSRF, 503 when unconfigured), bad payloads with nothing
// written, and no one ever sees someone else's token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { MESSAGGI_PERSONE } from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { testBackends } from '../../db/testing';
import { chatToken, users } from '../../db/schema';
import { createTestApp, type Role, type TestApp } from '../testing';
import { cells } from '../squadra/testing';

const SECRET = 'segreto-del-bot-della-chat-di-prova';

describe.each(testBackends())('chat-token API on %s', (backend) => {
  let t: TestApp;
  // The same database behind an app configured with the bot's secret.
  let bot: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const config = loadConfig({ NODE_ENV: 'test', GAS_CHAT_BOT_SECRET: SECRET });
    bot = await buildApp({
      config: { ...config, demo: false },
      database: t.database,
      logger: false,
    });
    await bot.ready();
  });
  afterAll(async () => {
    await bot.close();
    await t.close();
  });

  const verify = (token: unknown, authorization = `Bearer ${SECRET}`) =>
    bot.inject({
      method: 'POST',
      url: '/api/gas/chat-token/verify/',
      headers: authorization ? { authorization } : {},
      payload: { token },
    });
  const tokens = () => t.database.db.select().from(chatToken).orderBy(asc(chatToken.id));

  describe('POST /api/gas/chat-token/ and reset/', () => {
    const table: Record<Role, number> = {
      anonimo: 403,
      docente: 200,
      principale: 200,
      secondario: 200,
      inseritore: 200,
      amministratore: 200,
      staff: 200,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      const client = await t.as(role);
      const issued = await client.post('/api/gas/chat-token/', {});
      expect(issued.statusCode).toBe(expected);
      const reset = await client.post('/api/gas/chat-token/reset/');
      expect(reset.statusCode).toBe(expected);
      if (expected !== 200) return;
      expect(issued.json()).toEqual({ token: expect.any(String), username: role });
      expect(reset.json().token).not.toBe(issued.json().token);
      const [user] = await t.database.db.select().from(users).where(eq(users.username, role));
      const [row] = await t.database.db
        .select()
        .from(chatToken)
        .where(eq(chatToken.userId, user!.id));
      expect(row!.token).toBe(reset.json().token);
    });
  });

  it('returns the current token until reset; the chat name can be changed', async () => {
    const client = await t.as('principale');
    const a = (await client.post('/api/gas/chat-token/', {})).json();
    const b = (await client.post('/api/gas/chat-token/', { user: '  paola.b ' })).json();
    expect(b).toEqual({ token: a.token, username: 'paola.b' });
    const c = (await client.post('/api/gas/chat-token/', {})).json();
    expect(c).toEqual(b);
    const reset = (await client.post('/api/gas/chat-token/reset/')).json();
    expect(reset.username).toBe('paola.b');
    const old = await verify(a.token);
    expect(old.json()).toEqual({ valid: false });
    const ok = await verify(reset.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      valid: true,
      // The account the token belongs to, and apart the name it chose for the chat.
      username: 'principale',
      chat_name: 'paola.b',
      user: {
        id: expect.any(Number),
        username: 'principale',
        first_name: 'Paola',
        last_name: 'Bertini',
        is_staff: false,
        is_superuser: false,
        ruolo: 'sp',
      },
    });
  });

  // Issue 12 item 6: principale asked for the chat name 'admin' and verify
  // answered as if the token were admin's.
  it('a chat name is one account’s: another’s username or chat name is refused', async () => {
    const before = await tokens();
    const principale = await t.as('principale');
    for (const user of ['admin', 'ADMIN', ' Staff ', 'referente.pisa']) {
      const res = await principale.post('/api/gas/chat-token/', { user });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ user: [MESSAGGI_PERSONE.nomeChatDuplicato] });
    }
    expect(await tokens()).toEqual(before);
    const docente = await t.as('docente');
    expect((await docente.post('/api/gas/chat-token/', { user: 'Dani' })).statusCode).toBe(200);
    const taken = await (await t.as('secondario')).post('/api/gas/chat-token/', { user: 'dANI' });
    expect(taken.json()).toEqual({ user: [MESSAGGI_PERSONE.nomeChatDuplicato] });
    // One's own name, in another case, is one's own.
    const own = await docente.post('/api/gas/chat-token/', { user: 'DANI' });
    expect(own.json().username).toBe('DANI');
    const mine = await docente.post('/api/gas/chat-token/', { user: 'docente' });
    expect(mine.json().username).toBe('docente');
  });

  it('verify reports the account the token belongs to, whatever name it chose', async () => {
    const client = await t.as('amministratore');
    const { token } = (await client.post('/api/gas/chat-token/', { user: 'Aldo' })).json();
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'amministratore'));
    const res = (await verify(token)).json();
    expect(res).toMatchObject({
      valid: true,
      username: 'amministratore',
      chat_name: 'Aldo',
      user: { id: row!.id, username: 'amministratore' },
    });
  });

  it('two accounts asking for one new name at once: one gets it', async () => {
    const results = await Promise.all(
      (['inseritore', 'staff'] as const).map(async (role) =>
        (await t.as(role)).post('/api/gas/chat-token/', { user: `Conteso` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = results.find((r) => r.statusCode === 400)!;
    expect(refused.json()).toEqual({ user: [MESSAGGI_PERSONE.nomeChatDuplicato] });
  });

  it('nobody receives another user’s token', async () => {
    const mine = (await (await t.as('docente')).post('/api/gas/chat-token/', {})).json();
    const theirs = (await (await t.as('secondario')).post('/api/gas/chat-token/', {})).json();
    expect(mine.token).not.toBe(theirs.token);
    expect(mine.username).toBe('docente');
  });

  it('verify: the bot needs the secret, not a CSRF token', async () => {
    const { token } = (await (await t.as('staff')).post('/api/gas/chat-token/', {})).json();
    expect((await verify(token)).json().valid).toBe(true);
    const noSecret = await verify(token, '');
    expect(noSecret.statusCode).toBe(403);
    expect((await verify(token, 'Bearer sbagliato')).statusCode).toBe(403);
    expect((await verify(token, SECRET)).statusCode).toBe(403);
    // On the app without a configured secret the call is unavailable.
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/gas/chat-token/verify/',
      headers: { authorization: `Bearer ${SECRET}` },
      payload: { token },
    });
    expect(off.statusCode).toBe(503);
    // The exemption is for that path only: other unsafe calls still need CSRF.
    const client = await t.as('staff');
    const csrf = await client.request('POST', '/api/gas/chat-token/', {}, { csrf: false });
    expect(csrf.statusCode).toBe(403);
    expect(csrf.json().detail).toMatch(/CSRF/);
  });

  it('a deactivated account’s token is no longer valid', async () => {
    const { token } = (await (await t.as('inseritore')).post('/api/gas/chat-token/', {})).json();
    await t.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.username, 'inseritore'));
    expect((await verify(token)).json()).toEqual({ valid: false });
    await t.database.db
      .update(users)
      .set({ isActive: true })
      .where(eq(users.username, 'inseritore'));
  });

  it.each([
    ['wrong type', { user: 12 }],
    ['100 kB name', { user: 'x'.repeat(100_000) }],
    ['blank name', { user: '   ' }],
    ['control characters', { user: 'a\u0007b' }],
    ['not an object', [1]],
  ])('bad issue payload (%s): 400 and nothing written', async (_name, body) => {
    const before = await tokens();
    const res = await (await t.as('amministratore')).post('/api/gas/chat-token/', body);
    expect(res.statusCode).toBe(400);
    expect(await tokens()).toEqual(before);
  });

  it.each([
    ['missing', undefined],
    ['wrong type', 42],
    ['100 kB', 'x'.repeat(100_000)],
    ['NUL', 'abc\u0000'],
  ])('bad verify payload (%s): 400', async (_name, token) => {
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('token');
  });

  it('anonymous writes are 403 whatever they send', async () => {
    const anon = await t.as('anonimo');
    expect(
      (await anon.post('/api/gas/chat-token/', { user: 'x'.repeat(100_000) })).statusCode,
    ).toBe(403);
    expect((await anon.post('/api/gas/chat-token/reset/')).statusCode).toBe(403);
  });
});
