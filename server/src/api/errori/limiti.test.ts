// The error inbox's bounds (issue 26): anonymous reports with distinct words
// from two addresses once sent the superusers one e-mail each. Now an
// anonymous client creates at most NUOVI_GRUPPI_ANONIMI_ALL_ORA new groups an
// hour (the rest is counted in one catch-all group), the superusers get at
// most AVVISI_ALL_ORA alerts an hour, and the groups beyond them arrive in one
// digest after the hour: sent once whichever instances try, never lost when
// the mail server fails. A real SMTP server in this process receives them.
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erroreGruppo, users } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { createMailer } from '../../email/mailer';
import { casellaDiPosta } from '../../email/testing';
import { AVVISI_ALL_ORA, EMAIL_ALL_ORA } from '../../errori/avvisi';
import { CasellaErrori, GRUPPO_ANONIME_OLTRE_LIMITE } from '../../errori/casella';
import { NUOVI_GRUPPI_ANONIMI_ALL_ORA } from '../../errori/nuovi-anonimi';
import { createTestApp, type TestApp } from '../testing';

const ORA_MS = 3_600_000;
const PAROLE = [
  'alfa',
  'beta',
  'gamma',
  'delta',
  'epsilon',
  'zeta',
  'eta',
  'theta',
  'iota',
  'kappa',
];
const attesa = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silenzio = { info() {}, warn() {}, error() {} };

async function finche(condizione: () => boolean | Promise<boolean>, ms = 15_000) {
  const fine = Date.now() + ms;
  while (!(await condizione())) {
    if (Date.now() > fine) throw new Error('condizione non raggiunta in tempo');
    await attesa(50);
  }
}

describe.each(testBackends())('error inbox bounds on %s', (backend) => {
  const posta = casellaDiPosta();
  let t: TestApp;
  let smtpUrl: string;
  let superuser: string[];
  /** The test's "now": its reports stay in one clock hour. */
  let adesso: number;

  beforeAll(async () => {
    smtpUrl = `smtp://127.0.0.1:${await posta.start()}`;
    t = await createTestApp(backend, {
      config: {
        publicUrl: 'https://gas.example.it',
        email: { smtpUrl, from: 'GaS <gas@example.it>' },
      },
    });
    superuser = (
      await t.database.db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.isSuperuser, true), eq(users.isActive, true)))
    )
      .map((u) => u.email)
      .filter(Boolean);
    expect(superuser.length).toBeGreaterThan(0);
    // Too close to the end of the hour, the reports would count in two: wait for the next.
    const restano = ORA_MS - (Date.now() % ORA_MS);
    if (restano < 30_000) await attesa(restano + 100);
    adesso = Date.now();
  });
  afterAll(async () => {
    await t.close();
    await posta.stop();
  });

  // Numbers are blanked in a fingerprint (impronta.ts): the words tell the groups apart.
  const segnala = (ip: string, parola: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/errori/',
      remoteAddress: ip,
      headers: { 'x-csrftoken': 'c'.repeat(32) },
      cookies: { csrftoken: 'c'.repeat(32) },
      payload: { tipo: 'errore', messaggio: `Errore inventato ${parola}` },
    });
  const inAttesa = () =>
    t.database.db.select().from(erroreGruppo).where(isNotNull(erroreGruppo.riepilogoDal));
  const perTutti = (n: number) => finche(() => superuser.every((s) => posta.per(s).length >= n));

  it('20 distinct anonymous reports from two addresses: bounded groups, bounded alerts, one digest later', async () => {
    const stati: number[] = [];
    for (const [ip, colore] of [
      ['203.0.113.1', 'rosso'],
      ['198.51.100.2', 'verde'],
    ] as const) {
      for (const parola of PAROLE)
        stati.push((await segnala(ip, `${parola} ${colore}`)).statusCode);
    }
    // Every report is accepted and counted: an attacker learns nothing, a visitor loses nothing.
    expect(stati).toEqual(Array(20).fill(202));
    const gruppi = await t.database.db.select().from(erroreGruppo);
    const raccolta = gruppi.find((g) => g.impronta === GRUPPO_ANONIME_OLTRE_LIMITE.impronta);
    expect(gruppi).toHaveLength(2 * NUOVI_GRUPPI_ANONIMI_ALL_ORA + 1);
    expect(raccolta).toMatchObject({
      messaggio: GRUPPO_ANONIME_OLTRE_LIMITE.messaggio,
      conteggio: 20 - 2 * NUOVI_GRUPPI_ANONIMI_ALL_ORA,
    });

    // Eleven new groups: nine alerts to each superuser within the hour, two groups wait.
    await perTutti(AVVISI_ALL_ORA);
    await finche(async () => (await inAttesa()).length === 2);
    await attesa(500);
    for (const s of superuser) {
      expect(posta.per(s)).toHaveLength(AVVISI_ALL_ORA);
      expect(posta.per(s).every((m) => /: nuovo errore: /.test(m.subject ?? ''))).toBe(true);
    }
    const attesi = (await inAttesa()).map((g) => g.id);

    // Within the hour no digest goes out; after it, one, with both groups.
    await t.app.services.errori.inviaRiepilogo(new Date());
    expect(posta.per(superuser[0]!)).toHaveLength(AVVISI_ALL_ORA);
    await t.app.services.errori.inviaRiepilogo(new Date(adesso + ORA_MS));
    await perTutti(EMAIL_ALL_ORA);
    const riepilogo = posta.per(superuser[0]!)[AVVISI_ALL_ORA]!;
    expect(riepilogo.subject).toBe('GaS - Gara a Squadre di Fisica: riepilogo di 2 errori');
    for (const id of attesi) {
      expect(riepilogo.text).toContain(`https://gas.example.it/admin/errori/${id}/`);
    }
    expect(riepilogo.text).toContain('al massimo 9 all’ora');
    expect(await inAttesa()).toEqual([]);
    // Nothing left: no other digest.
    await t.app.services.errori.inviaRiepilogo(new Date(adesso + 2 * ORA_MS));
    await attesa(300);
    expect(posta.per(superuser[0]!)).toHaveLength(EMAIL_ALL_ORA);
  });

  it('past the hour’s alerts every new group waits; two instances send its digest once; a failed send loses nothing', async () => {
    const prima = posta.per(superuser[0]!).length;
    for (const parola of PAROLE.slice(0, 3)) {
      expect((await segnala('192.0.2.3', `${parola} blu`)).statusCode).toBe(202);
    }
    await finche(async () => (await inAttesa()).length === 3);
    await attesa(300);
    expect(posta.per(superuser[0]!)).toHaveLength(prima);

    const config = {
      publicUrl: 'https://gas.example.it',
      port: 0,
      sentryDsn: undefined,
      nodeEnv: 'test',
    };
    const istanza = (url: string) =>
      new CasellaErrori({
        db: t.database.db,
        mailer: createMailer({ smtpUrl: url, from: 'GaS <gas@example.it>' }, silenzio),
        config,
        log: silenzio,
      });
    // The mail server does not answer: the digest fails, its groups wait again.
    const guasta = istanza('smtp://127.0.0.1:9');
    const dopo = new Date(adesso + 3 * ORA_MS);
    await expect(guasta.inviaRiepilogo(dopo)).rejects.toThrow();
    await guasta.chiudi();
    expect((await inAttesa()).map((g) => g.riepilogoPresoIl)).toEqual([null, null, null]);

    // Two instances at once: one digest with the three groups.
    const [a, b] = [istanza(smtpUrl), istanza(smtpUrl)];
    await Promise.all([
      a.inviaRiepilogo(dopo),
      b.inviaRiepilogo(dopo),
      t.app.services.errori.inviaRiepilogo(dopo),
    ]);
    await perTutti(prima + 1);
    await attesa(500);
    expect(posta.per(superuser[0]!)).toHaveLength(prima + 1);
    expect(posta.per(superuser[0]!).at(-1)!.subject).toBe(
      'GaS - Gara a Squadre di Fisica: riepilogo di 3 errori',
    );
    expect(await inAttesa()).toEqual([]);
    await Promise.all([a.chiudi(), b.chiudi()]);
  });
});
