// Accounts by e-mail (issue 15), against a real SMTP server inside the test
// process (smtp-server) whose messages are read as they arrived (mailparser):
// 'Password dimenticata?' answers the same whether the address exists or not
// and is rate limited; the link sets a password once, under the password
// rules, and ends every other session; an import's new manager gets the
// link; staff send it again and the old one stops working.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINK_PASSWORD_NON_VALIDO,
  PASSWORD_DIMENTICATA_RISPOSTA,
  PASSWORD_MISMATCH,
} from '@gas/contracts';
import { PASSWORD_COME_USERNAME, PASSWORD_COMUNE, PASSWORD_CORTA } from '../../auth/password-rules';
import { tokenPassword, users } from '../../db/schema';
import { casellaDiPosta, percorsoDelLink, type ParsedMail } from '../../email/testing';
import { testBackends } from '../../db/testing';
import { senzaSegreti } from '../../util/segreti';
import { demoEventi } from '../evento/testing';
import { createTestApp, type TestApp } from '../testing';

/** The token of the link in a message, which points at GAS_PUBLIC_URL. */
const tokenDi = (mail: ParsedMail) => {
  expect(mail.text).toContain('https://gas.example.it/accounts/imposta-password/');
  return percorsoDelLink(mail).split('/')[3]!;
};

describe.each(testBackends())('password links by e-mail on %s', (backend) => {
  const posta = casellaDiPosta();
  let t: TestApp;

  beforeAll(async () => {
    const port = await posta.start();
    t = await createTestApp(backend, {
      config: {
        publicUrl: 'https://gas.example.it',
        email: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'GaS <gas@example.it>' },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await posta.stop();
  });

  it('forgot password: a neutral answer, an Italian e-mail, a link used once under the rules', async () => {
    const docente = await t.login('docente');
    expect((await docente.get('/api/ext-user/whoami/')).json().username).toBe('docente');
    const anonimo = await t.anonymous();

    const sconosciuto = await anonimo.post('/api/auth/password-dimenticata/', {
      email: 'nessuno@altrove.example',
    });
    const noto = await anonimo.post('/api/auth/password-dimenticata/', {
      email: 'DOCENTE@gas.example',
    });
    expect(sconosciuto.statusCode).toBe(200);
    expect(noto.statusCode).toBe(200);
    expect(noto.json()).toEqual(sconosciuto.json());
    expect(noto.json()).toEqual({ detail: PASSWORD_DIMENTICATA_RISPOSTA });

    const mail = await posta.attendi('docente@gas.example', 0);
    expect(mail.subject).toBe('GaS - Gara a Squadre di Fisica: reimposta la password');
    expect(mail.text).toMatch(/Gentile .*\n/);
    expect(mail.html).toContain('https://gas.example.it/accounts/imposta-password/');
    expect(posta.per('altrove.example')).toEqual([]);
    const token = tokenDi(mail);

    // Only its hash is stored.
    const [row] = await t.database.db.select().from(tokenPassword).limit(1);
    expect(row!.hash).not.toContain(token);

    const verifica = await anonimo.post('/api/auth/imposta-password/verifica/', { token });
    expect(verifica.json()).toEqual({ username: 'docente', scopo: 'reimposta' });

    const prova = (password: string, confirm_password = password) =>
      anonimo.post('/api/auth/imposta-password/', { token, password, confirm_password });
    expect((await prova('corta1')).json().password).toContain(PASSWORD_CORTA);
    expect((await prova('password')).json().password).toContain(PASSWORD_COMUNE);
    expect((await prova('DOCENTE')).json().password).toContain(PASSWORD_COME_USERNAME);
    expect((await prova('Una frase lunga 42', 'diversa')).json().confirm_password).toEqual([
      PASSWORD_MISMATCH,
    ]);
    expect((await prova('Una frase lunga 42')).statusCode).toBe(204);

    // Every other session ended; the new password works; the link is spent.
    expect((await docente.get('/api/ext-user/whoami/')).json().username).not.toBe('docente');
    expect((await t.login('docente', 'Una frase lunga 42')).cookies.sessionid).toBeTruthy();
    const again = await prova('Un’altra frase 43');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(LINK_PASSWORD_NON_VALIDO);
  });

  it('rate limits per address and per e-mail (the answer still says nothing about accounts)', async () => {
    const anonimo = await t.anonymous();
    const csrf = anonimo.cookies.csrftoken!;
    const chiedi = (email: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-dimenticata/',
        payload: { email },
        remoteAddress,
        cookies: anonimo.cookies,
        headers: { 'x-csrftoken': csrf },
      });
    const codici = async (
      n: number,
      email: (i: number) => string,
      indirizzo: (i: number) => string,
    ) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await chiedi(email(i), indirizzo(i))).statusCode);
      return out;
    };
    // One address, many e-mails: five, then 429.
    expect(
      await codici(
        7,
        (i) => `x${i}@altrove.example`,
        () => '10.0.0.1',
      ),
    ).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // One e-mail, many addresses: five, then 429.
    expect(
      await codici(
        7,
        () => 'stesso@altrove.example',
        (i) => `10.0.1.${i}`,
      ),
    ).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const bad = await chiedi('non-è-un-indirizzo', '10.0.2.1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().email).toEqual(['Indirizzo e-mail non valido.']);
  });

  it('an imported manager gets the link; staff send a new one and the old stops working', async () => {
    const ev = await demoEventi(t.database.db);
    const staff = await t.as('staff');
    const res = await staff.post('/api/admin/import/', {
      formato: 1,
      evento: ev.nazionale,
      scuole: [{ codice_meccanografico: 'TOPS77000X', nome: 'Liceo di Torino', tipologia: 'LS' }],
      responsabili: [
        {
          id_esterno: 'u-mail',
          username: 'g.verdi',
          email: 'g.verdi@example.it',
          first_name: 'Giulia',
          last_name: 'Verdi',
          scuole: ['TOPS77000X'],
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const invito = await posta.attendi('g.verdi@example.it', 0);
    expect(invito.subject).toBe('GaS - Gara a Squadre di Fisica: scegli la tua password');
    expect(invito.text).toContain('Gentile Giulia Verdi');
    expect(invito.text).toContain('valido 7 giorni');
    const primo = tokenDi(invito);

    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'g.verdi'));
    const resend = await staff.post(`/api/admin/user/${user!.id}/invito-password/`, {});
    expect(resend.statusCode).toBe(200);
    expect(resend.json().link).toMatch(/^https:\/\/gas\.example\.it\/accounts\/imposta-password\//);
    const secondo = tokenDi(await posta.attendi('g.verdi@example.it', 1));
    expect(resend.json().link).toContain(secondo);

    const anonimo = await t.anonymous();
    const vecchio = await anonimo.post('/api/auth/imposta-password/verifica/', { token: primo });
    expect(vecchio.statusCode).toBe(400);
    const nuovo = await anonimo.post('/api/auth/imposta-password/', {
      token: secondo,
      password: 'Fisica a squadre 2026',
      confirm_password: 'Fisica a squadre 2026',
    });
    expect(nuovo.statusCode).toBe(204);
    expect((await t.login('g.verdi', 'Fisica a squadre 2026')).cookies.sessionid).toBeTruthy();
    // Only staff send links.
    const principale = await t.as('principale');
    expect(
      (await principale.post(`/api/admin/user/${user!.id}/invito-password/`, {})).statusCode,
    ).toBe(403);
  });

  it('keeps the token out of request logs', () => {
    expect(senzaSegreti('/accounts/imposta-password/abcDEF_123-x/?a=1')).toBe(
      '/accounts/imposta-password/***/?a=1',
    );
  });
});

describe.each(testBackends())('a password link when the mail server is down, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9: every message is refused at once.
    t = await createTestApp(backend, {
      config: {
        publicUrl: 'https://gas.example.it',
        email: { smtpUrl: 'smtp://127.0.0.1:9', from: 'GaS <gas@example.it>' },
      },
    });
  });
  afterAll(() => t.close());

  it('staff still get the link to pass on, and are told the e-mail did not leave', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'docente'));
    const staff = await t.as('staff');
    const res = await staff.post(`/api/admin/user/${user!.id}/invito-password/`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user!.email, email_inviata: false });
    const token = String(res.json().link).split('/').at(-2)!;
    const anonimo = await t.anonymous();
    const verifica = await anonimo.post('/api/auth/imposta-password/verifica/', { token });
    expect(verifica.statusCode).toBe(200);
  });
});
