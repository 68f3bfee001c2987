// Appointing event staff (issue 26): any active account, found by name,
// username or e-mail, even without a manager profile; an address without an
// account gets one and the e-mail to choose its password; e-mails are read
// only by staff or by who typed them whole.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responsabile, users } from '../../../db/schema';
import { testBackends } from '../../../db/testing';
import { casellaDiPosta } from '../../../email/testing';
import { createTestApp, type TestApp } from '../../testing';
import { createPrivateEvent } from '../testing';
import { NuoviAccount } from '../../../gara/staff/nomina';

describe.each(testBackends())('event staff on %s', (backend) => {
  const posta = casellaDiPosta();
  let t: TestApp;
  let priv: number;
  let nuovo: number;

  beforeAll(async () => {
    const port = await posta.start();
    t = await createTestApp(backend, {
      config: {
        publicUrl: 'https://gas.example.it',
        email: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'GaS <gas@example.it>' },
      },
    });
    priv = await createPrivateEvent(t);
    // A new account, made in the back office: no manager profile.
    const [u] = await t.database.db
      .insert(users)
      .values({
        username: 'g.nuovi',
        firstName: 'Giulia',
        lastName: 'Nuovissima',
        email: 'Giulia.Nuovissima@scuola.example',
      })
      .returning({ id: users.id });
    nuovo = u!.id;
    await t.database.db
      .insert(users)
      .values({ username: 'g.spenta', firstName: 'Giulia', lastName: 'Spenta', isActive: false });
  });
  afterAll(async () => {
    await t.close();
    await posta.stop();
  });

  const cerca = (q: string) => `/api/gas/evento/${priv}/candidati/?q=${encodeURIComponent(q)}`;

  it('finds an active account without a manager profile by name, username or whole e-mail', async () => {
    const amm = await t.as('amministratore');
    for (const q of ['nuoviss', 'Giulia Nuov', 'g.nuo', 'GIULIA.nuovissima@scuola.example']) {
      const res = await amm.get(cerca(q));
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json().results.map((c: { id: number }) => c.id),
        q,
      ).toEqual([nuovo]);
    }
    // Inactive accounts are not offered.
    expect((await amm.get(cerca('Spenta'))).json().results).toEqual([]);
  });

  it('shows e-mails only to staff, or to who typed the address whole', async () => {
    const amm = await t.as('amministratore');
    expect((await amm.get(cerca('Nuovissima'))).json().results).toEqual([
      { id: nuovo, nome: 'Giulia Nuovissima', username: 'g.nuovi', email: null },
    ]);
    // Part of an address finds nothing for an event administrator.
    expect((await amm.get(cerca('scuola.example'))).json().results).toEqual([]);
    const intero = (await amm.get(cerca('giulia.nuovissima@scuola.example'))).json();
    expect(intero.results[0].email).toBe('Giulia.Nuovissima@scuola.example');
    const staff = (await (await t.as('admin')).get(cerca('scuola.example'))).json();
    expect(staff.results).toEqual([
      {
        id: nuovo,
        nome: 'Giulia Nuovissima',
        username: 'g.nuovi',
        email: 'Giulia.Nuovissima@scuola.example',
      },
    ]);
  });

  it('lets only who may appoint search, with at least 3 characters', async () => {
    expect((await (await t.as('anonimo')).get(cerca('nuoviss'))).statusCode).toBe(404);
    // docente cannot see the private event; inseritore sees it but may not appoint.
    expect((await (await t.as('docente')).get(cerca('nuoviss'))).statusCode).toBe(404);
    expect((await (await t.as('inseritore')).get(cerca('nuoviss'))).statusCode).toBe(403);
    const corta = await (await t.as('amministratore')).get(cerca('gn'));
    expect(corta.statusCode).toBe(400);
    expect(corta.json()).toEqual({ q: ['Scrivi almeno 3 caratteri.'] });
  });

  it('appoints the account found, giving it a manager profile, and it gets the rights', async () => {
    const amm = await t.as('amministratore');
    const res = await amm.post(`/api/gas/evento/${priv}/invita/`, { utente: nuovo, ruolo: 'adm' });
    expect(res.statusCode).toBe(204);
    const [profilo] = await t.database.db
      .select()
      .from(responsabile)
      .where(eq(responsabile.userId, nuovo));
    expect(profilo).toMatchObject({
      attivo: true,
      puoIscriversiGareUfficiali: false,
      creatoDa: null,
    });
    const e = (await amm.get(`/api/gas/evento/${priv}/`)).json();
    expect(e.amministratori).toContain(profilo!.id);
    expect(e.amministratori_str).toContain('Giulia Nuovissima');
  });

  it('gives an address without an account an account and the e-mail to choose its password', async () => {
    const amm = await t.as('amministratore');
    const res = await amm.post(`/api/gas/evento/${priv}/invita/`, {
      email: 'Prof.Nuovo@altra-scuola.example',
      ruolo: 'ins',
    });
    expect(res.statusCode).toBe(204);
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'Prof.Nuovo@altra-scuola.example'));
    expect(account).toMatchObject({ username: 'Prof.Nuovo@altra-scuola.example', isActive: true });
    expect(account!.passwordHash).toBe('!');
    const mail = await posta.attendi('Prof.Nuovo@altra-scuola.example', 0);
    expect(mail.text).toContain('https://gas.example.it/accounts/imposta-password/');
    const e = (await amm.get(`/api/gas/evento/${priv}/`)).json();
    expect(e.inseritori_str).toContain('Prof.Nuovo@altra-scuola.example');
  });

  it('refuses a body with both or neither of utente and email, and appoints no inactive account', async () => {
    const amm = await t.as('amministratore');
    const url = `/api/gas/evento/${priv}/invita/`;
    const both = await amm.post(url, { utente: nuovo, email: 'a@b.example', ruolo: 'adm' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ email: ['Indica l’utente oppure il suo indirizzo e-mail.'] });
    expect((await amm.post(url, { ruolo: 'adm' })).statusCode).toBe(400);
    const [spenta] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'g.spenta'));
    expect((await amm.post(url, { utente: spenta!.id, ruolo: 'adm' })).statusCode).toBe(204);
    expect(
      await t.database.db.select().from(responsabile).where(eq(responsabile.userId, spenta!.id)),
    ).toEqual([]);
  });
});

describe('new accounts by invitation', () => {
  it('are bounded per inviter over 24 hours', () => {
    const nuovi = new NuoviAccount(2);
    const t0 = Date.parse('2026-11-26T10:00:00Z');
    nuovi.conta(7, t0);
    expect(nuovi.esaurito(7, t0)).toBe(false);
    nuovi.conta(7, t0 + 1000);
    expect(nuovi.esaurito(7, t0 + 2000)).toBe(true);
    expect(nuovi.esaurito(8, t0 + 2000)).toBe(false);
    expect(nuovi.esaurito(7, t0 + 24 * 3600_000 + 1)).toBe(false);
  });
});
