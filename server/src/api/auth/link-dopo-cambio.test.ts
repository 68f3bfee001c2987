// A pending reset or invitation link stops working once the account's
// password changes, by any path (issue 26, item 5): the change-password
// form, another link, a superuser in the back office; and once its e-mail
// address changes. Otherwise a link read from an old mailbox would undo the
// change.
import { LINK_PASSWORD_NON_VALIDO } from '@gas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nuovoTokenPassword } from '../../auth/queries';
import { tokenPassword } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../testing';

const ORA = 3_600_000;

describe.each(testBackends())('password links after a password change, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const userId = (username: string) => t.userId(username);

  /** Waits (5 s at most) until the account has a link stored: its invitation's. */
  async function invitoInviato(id: number) {
    for (let attesa = 0; attesa < 100; attesa += 1) {
      const righe = await t.database.db
        .select({ id: tokenPassword.id })
        .from(tokenPassword)
        .where(eq(tokenPassword.userId, id));
      if (righe.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`nessun invito per l'account ${id}`);
  }

  /** Whether a link still works: its check, and setting a password with it. */
  async function funziona(token: string) {
    const anonimo = await t.anonymous();
    const verifica = await anonimo.post('/api/auth/imposta-password/verifica/', { token });
    if (verifica.statusCode === 200) return true;
    expect(verifica.json()).toEqual({ detail: LINK_PASSWORD_NON_VALIDO });
    const usa = await anonimo.post('/api/auth/imposta-password/', {
      token,
      password: 'Dal vecchio link 2026',
      confirm_password: 'Dal vecchio link 2026',
    });
    expect(usa.statusCode).toBe(400);
    return false;
  }

  it.each(['reimposta', 'imposta'] as const)(
    'the change-password form ends a pending %s link',
    async (scopo) => {
      const id = await userId('docente');
      const token = await nuovoTokenPassword(t.database.db, id, scopo, 2 * ORA);
      expect(await funziona(token)).toBe(true);
      const docente = await t.login('docente');
      const nuova = `Nuova per ${scopo} 2026`;
      const res = await docente.post('/api/auth/password/', {
        old_password: DEMO_PASSWORD,
        new_password: nuova,
        confirm_password: nuova,
      });
      expect(res.statusCode).toBe(204);
      expect(await funziona(token)).toBe(false);
      // Back to the demo password for the next case, by a superuser.
      const admin = await t.as('admin');
      await admin.patch(`/api/admin/user/${id}/`, { password: DEMO_PASSWORD });
    },
  );

  it('a password set in the back office ends the pending links', async () => {
    const id = await userId('inseritore');
    const admin = await t.as('admin');
    const sent = await admin.post(`/api/admin/user/${id}/invito-password/`, {});
    expect(sent.statusCode).toBe(200);
    const token = String(sent.json().link).split('/').at(-2)!;
    expect(await funziona(token)).toBe(true);
    const set = await admin.patch(`/api/admin/user/${id}/`, { password: 'Scelta dallo staff 1' });
    expect(set.statusCode).toBe(200);
    expect(await funziona(token)).toBe(false);
  });

  it('a password set through a link ends the other pending links', async () => {
    const id = await userId('amministratore');
    const primo = await nuovoTokenPassword(t.database.db, id, 'imposta', 2 * ORA);
    const anonimo = await t.anonymous();
    const usa = await anonimo.post('/api/auth/imposta-password/', {
      token: primo,
      password: 'Scelta col link 2026',
      confirm_password: 'Scelta col link 2026',
    });
    expect(usa.statusCode).toBe(204);
    expect(await funziona(primo)).toBe(false);
  });

  it('a new e-mail address ends the links sent to the old one; other edits keep them', async () => {
    const id = await userId('secondario');
    const staff = await t.as('staff');
    const token = await nuovoTokenPassword(t.database.db, id, 'imposta', 2 * ORA);
    const nome = await staff.patch(`/api/admin/user/${id}/`, { first_name: 'Sergio' });
    expect(nome.statusCode).toBe(200);
    expect(await funziona(token)).toBe(true);
    const stessa = String(nome.json().email).toUpperCase();
    expect((await staff.patch(`/api/admin/user/${id}/`, { email: stessa })).statusCode).toBe(200);
    expect(await funziona(token)).toBe(true);
    const nuova = await staff.patch(`/api/admin/user/${id}/`, {
      email: 'nuovo.indirizzo@example.it',
    });
    expect(nuova.statusCode).toBe(200);
    expect(await funziona(token)).toBe(false);
  });

  it('an import that changes a manager’s e-mail address ends his pending links', async () => {
    const staff = await t.as('staff');
    const documento = (email: string) => ({
      formato: 1,
      scuole: [],
      responsabili: [{ id_esterno: 'R-LINK', username: 'r.link', email }],
      squadre: [],
    });
    expect((await staff.post('/api/admin/import/', documento('primo@example.it'))).statusCode).toBe(
      200,
    );
    const id = await userId('r.link');
    // The import invites its new manager in the background after its commit
    // (gara/importazione/dopo.ts), and a new link ends the earlier ones: the
    // test's own link is made once that invitation's is stored.
    await invitoInviato(id);
    const token = await nuovoTokenPassword(t.database.db, id, 'imposta', 2 * ORA);
    // The same data again: nothing changes, the link keeps working.
    expect((await staff.post('/api/admin/import/', documento('primo@example.it'))).statusCode).toBe(
      200,
    );
    expect(await funziona(token)).toBe(true);
    expect(
      (await staff.post('/api/admin/import/', documento('secondo@example.it'))).statusCode,
    ).toBe(200);
    expect(await funziona(token)).toBe(false);
  });
});
