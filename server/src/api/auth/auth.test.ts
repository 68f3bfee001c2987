import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testBackends } from '../../db/testing';
import { loginSession, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../testing';

describe.each(testBackends())('authentication and CSRF on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('whoami gives a logged-out user and always a csrftoken cookie to anonymous visitors', async () => {
    const client = await t.anonymous();
    const res = await client.get('/api/ext-user/whoami/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: null, is_authenticated: false, responsabile: null });
    expect(client.cookies.csrftoken).toBeTruthy();
  });

  it('rejects unsafe methods without a matching X-CSRFToken header, login included', async () => {
    const client = await t.anonymous();
    const noHeader = await client.request(
      'POST',
      '/api/auth/login/',
      { username: 'admin', password: 'gas-demo' },
      { csrf: false },
    );
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().detail).toMatch(/CSRF/);
    const wrong = await client.request(
      'POST',
      '/api/auth/login/',
      { username: 'admin', password: 'gas-demo' },
      { csrf: false, headers: { 'x-csrftoken': 'altro' } },
    );
    expect(wrong.statusCode).toBe(403);
    expect(client.cookies.sessionid).toBeUndefined();
  });

  it('logs in with a new HttpOnly session cookie and answers the user like whoami', async () => {
    const client = await t.anonymous();
    const res = await client.post('/api/auth/login/', {
      username: 'principale',
      password: 'gas-demo',
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sessionid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const body = res.json();
    expect(body).toMatchObject({ username: 'principale', is_authenticated: true });
    expect(body.responsabile).toMatchObject({ ruolo: 'sp', attivo: true });
    expect(body).not.toHaveProperty('password_hash');
    const whoami = await client.get('/api/ext-user/whoami/');
    expect(whoami.json()).toEqual(body);
  });

  it('stores only a hash of the session token', async () => {
    const client = await t.login('staff');
    const rows = await t.database.db.select().from(loginSession);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.id === client.cookies.sessionid)).toBe(false);
  });

  it('answers wrong credentials with a non-field error and changes nothing', async () => {
    const client = await t.anonymous();
    const res = await client.post('/api/auth/login/', {
      username: 'docente',
      password: 'sbagliata',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['Impossibile eseguire il login con le credenziali immesse.'],
    });
    expect(client.cookies.sessionid).toBeUndefined();
  });

  it('answers a malformed login payload with Italian field errors', async () => {
    const client = await t.anonymous();
    const res = await client.post('/api/auth/login/', { username: 12 });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.password).toEqual(['Questo campo è obbligatorio.']);
    expect(body.username).toEqual(['Inserisci un testo.']);
  });

  it('throttles repeated failures with 429 and an Italian detail', async () => {
    const client = await t.anonymous();
    for (let i = 0; i < 5; i += 1) {
      const res = await client.post('/api/auth/login/', { username: 'secondario', password: 'x' });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await client.post('/api/auth/login/', {
      username: 'secondario',
      password: 'gas-demo',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/Troppi tentativi/);
  });

  it('logs out: the session is gone and the user is anonymous again', async () => {
    const client = await t.login('amministratore');
    const res = await client.post('/api/auth/logout/');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const whoami = await client.get('/api/ext-user/whoami/');
    expect(whoami.json().is_authenticated).toBe(false);
  });

  it('changes the password after checking the old one and the confirmation', async () => {
    const [before] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'inseritore'));
    const client = await t.login('inseritore');
    const anon = await t.anonymous();
    expect((await anon.post('/api/auth/password/', {})).statusCode).toBe(400);

    const mismatch = await client.post('/api/auth/password/', {
      old_password: 'gas-demo',
      new_password: 'nuova-password-1',
      confirm_password: 'diversa-password',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().confirm_password).toEqual(['Le due password non corrispondono']);

    const wrongOld = await client.post('/api/auth/password/', {
      old_password: 'non-lei',
      new_password: 'nuova-password-1',
      confirm_password: 'nuova-password-1',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toHaveProperty('old_password');
    const [unchanged] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'inseritore'));
    expect(unchanged?.passwordHash).toBe(before?.passwordHash);

    const ok = await client.post('/api/auth/password/', {
      old_password: 'gas-demo',
      new_password: 'nuova-password-1',
      confirm_password: 'nuova-password-1',
    });
    expect(ok.statusCode).toBe(204);
    expect((await client.get('/api/ext-user/whoami/')).json().username).toBe('inseritore');
    await expect(t.login('inseritore')).rejects.toThrow();
    await t.login('inseritore', 'nuova-password-1');
  });
});
