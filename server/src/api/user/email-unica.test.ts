// An e-mail address identifies one account (issue 12 item 1, "invitation
// takeover"): a manager cannot be created with an address already in use in
// any case, not even by two requests at once or when the route's own check is
// bypassed (the unique index answers, as a field error), an edit cannot change
// an address, and an invitation grants the role to exactly one account.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGGI_PERSONE as M } from '@gas/contracts';
import { testBackends } from '../../db/testing';
import { eventoAmministratore, eventoInseritore, responsabile, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../testing';
import { createPrivateEvent } from '../evento/testing';
import { emailTaken } from './queries';

// The route's check, replaceable per call: the database must refuse on its own.
vi.mock('./queries', async (importOriginal) => {
  const original = await importOriginal<typeof import('./queries')>();
  return { ...original, emailTaken: vi.fn(original.emailTaken) };
});

const nuovo = (username: string, email: string) => ({
  email,
  username,
  password: 'password-sicura',
  confirm_password: 'password-sicura',
});

describe.each(testBackends())('one account per e-mail address on %s', (backend) => {
  let t: TestApp;
  let priv: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    priv = await createPrivateEvent(t, 'Allenamento con inviti');
  });
  afterAll(() => t.close());

  const accountsWith = async (email: string) =>
    t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
  const staffOf = async (eventoId: number) => {
    const { db } = t.database;
    const adm = await db
      .select({ id: eventoAmministratore.responsabileId })
      .from(eventoAmministratore)
      .where(eq(eventoAmministratore.eventoId, eventoId));
    const ins = await db
      .select({ id: eventoInseritore.responsabileId })
      .from(eventoInseritore)
      .where(eq(eventoInseritore.eventoId, eventoId));
    return { adm: adm.map((r) => r.id).sort(), ins: ins.map((r) => r.id).sort() };
  };
  const responsabileOf = async (username: string) => {
    const [row] = await t.database.db
      .select({ id: responsabile.id })
      .from(responsabile)
      .innerJoin(users, eq(users.id, responsabile.userId))
      .where(eq(users.username, username));
    return row!.id;
  };

  it("a plain teacher cannot create an account with an administrator's address", async () => {
    const docente = await t.as('docente');
    for (const email of ['admin@gas.example', 'Admin@GAS.example', 'ADMIN@gas.example']) {
      const res = await docente.post('/api/gas/user/', nuovo('impostore', email));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: [M.emailDuplicata] });
    }
    expect(await accountsWith('admin@gas.example')).toHaveLength(1);
  });

  it('two requests at once with one address: one account', async () => {
    const docente = await t.as('docente');
    const results = await Promise.all(
      ['gara.a', 'gara.b', 'gara.c'].map((username, i) =>
        docente.post(
          '/api/gas/user/',
          nuovo(username, ['x@Scuola.example', 'X@scuola.example', 'x@scuola.EXAMPLE'][i]!),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await accountsWith('x@scuola.example')).toHaveLength(1);
  });

  it("the database has the last word: past the route's check, still a field error", async () => {
    vi.mocked(emailTaken).mockResolvedValueOnce(false);
    const res = await (
      await t.as('docente')
    ).post('/api/gas/user/', nuovo('aggira.controllo', 'Amministratore@gas.example'));
    expect(vi.mocked(emailTaken)).toHaveBeenCalled();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [M.emailDuplicata] });
    expect(await accountsWith('amministratore@gas.example')).toHaveLength(1);
  });

  it('an edit cannot change an address (read-only, as in the spec)', async () => {
    const created = await (
      await t.as('principale')
    ).post('/api/gas/user/', nuovo('delegato.unico', 'delegato.unico@scuola.example'));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const res = await (
      await t.as('principale')
    ).patch(`/api/gas/user/${id}/`, {
      email: 'admin@gas.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('delegato.unico@scuola.example');
    expect(await accountsWith('admin@gas.example')).toHaveLength(1);
  });

  it('an invitation grants the role to exactly the account with that address', async () => {
    const amm = await t.as('amministratore');
    const before = await staffOf(priv);
    const res = await amm.post(`/api/gas/evento/${priv}/invita/`, {
      email: 'DOCENTE@gas.Example',
      ruolo: 'adm',
    });
    expect(res.statusCode).toBe(204);
    const after = await staffOf(priv);
    expect(after.ins).toEqual(before.ins);
    expect(after.adm).toEqual([...before.adm, await responsabileOf('docente')].sort());
  });

  it('should two accounts ever share an address, an invitation grants it to nobody', async () => {
    const { db } = t.database;
    // Only a database without migration 0005's index could hold such a pair.
    await db.execute(sql`drop index users_email_lower_unique`);
    try {
      const [twin] = await db
        .insert(users)
        .values({ username: 'gemello', email: 'Principale@GAS.example' })
        .returning({ id: users.id });
      await db.insert(responsabile).values({ userId: twin!.id, ruolo: 'sp' });
      const before = await staffOf(priv);
      const res = await (
        await t.as('amministratore')
      ).post(`/api/gas/evento/${priv}/invita/`, {
        email: 'principale@gas.example',
        ruolo: 'ins',
      });
      expect(res.statusCode).toBe(204);
      expect(await staffOf(priv)).toEqual(before);
      await db.delete(users).where(and(eq(users.id, twin!.id), eq(users.username, 'gemello')));
    } finally {
      await db.execute(
        sql`create unique index users_email_lower_unique on users (lower(email)) where email <> ''`,
      );
    }
  });
});
