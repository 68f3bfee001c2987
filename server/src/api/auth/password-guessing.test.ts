// Password guessing (issue 12 item 6): a login for an unknown or inactive
// username computes a hash like any other, so its time does not tell which
// usernames exist; wrong current passwords at the password change are
// throttled per account like failed logins.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WRONG_OLD_PASSWORD } from '@gas/contracts';
import { testBackends } from '../../db/testing';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../testing';

// scrypt itself, counted: what makes a login slow is what must happen every time.
const crypto = vi.hoisted(() => ({ scryptCalls: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  const scrypt = ((...args: Parameters<typeof original.scrypt>) => {
    crypto.scryptCalls += 1;
    return original.scrypt(...args);
  }) as typeof original.scrypt;
  return { ...original, default: { ...original, scrypt }, scrypt };
});

describe.each(testBackends())('password guessing on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  /** scrypt runs of one failed login. */
  async function hashesOf(username: string) {
    const client = await t.anonymous();
    const before = crypto.scryptCalls;
    const res = await client.post('/api/auth/login/', { username, password: 'indovinata' });
    expect(res.statusCode).toBe(400);
    return crypto.scryptCalls - before;
  }

  it('hashes for unknown and inactive usernames as for known ones', async () => {
    await hashesOf('riscaldamento'); // the dummy hash itself is made once, on first use
    const known = await hashesOf('docente');
    expect(known).toBe(1);
    expect(await hashesOf('nessuno-si-chiama-cosi')).toBe(known);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.username, 'staff'));
    try {
      expect(await hashesOf('staff')).toBe(known);
    } finally {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.username, 'staff'));
    }
  });

  it('throttles wrong current passwords per account: 429 in Italian, nothing changed', async () => {
    const phone = await t.login('amministratore');
    const laptop = await t.login('amministratore');
    const change = (old_password: string) => ({
      old_password,
      new_password: 'nuova-password-1',
      confirm_password: 'nuova-password-1',
    });
    const [before] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'amministratore'));
    for (let i = 0; i < 5; i += 1) {
      const res = await (i % 2 ? phone : laptop).post('/api/auth/password/', change(`prova-${i}`));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ old_password: [WRONG_OLD_PASSWORD] });
    }
    const hashes = crypto.scryptCalls;
    for (const client of [phone, laptop]) {
      const blocked = await client.post('/api/auth/password/', change('gas-demo'));
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toBe(
        'Troppi tentativi con una password attuale sbagliata: riprova fra qualche minuto.',
      );
    }
    // Refused before any hash is computed, and the password is still the old one.
    expect(crypto.scryptCalls).toBe(hashes);
    const [after] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'amministratore'));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    // Another account is not affected.
    const other = await t.login('inseritore');
    const ok = await other.post('/api/auth/password/', change('gas-demo'));
    expect(ok.statusCode).toBe(204);
  });
});
