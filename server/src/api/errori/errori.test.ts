// The error inbox end to end over HTTP (issue 16): the web app's reports and
// the server's own 500s are stored and grouped, the superusers get one e-mail
// (a real SMTP server in this process), Sentry gets an envelope (a local HTTP
// endpoint standing in for its ingestion), a flood is limited, bad input is
// refused, and no secret reaches a report, an e-mail, an envelope or a log line.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { ERRORI_LIMITI } from '@gas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/testing';
import { erroreGruppo, erroreOccorrenza } from '../../db/schema';
import { casellaDiPosta } from '../../email/testing';
import { STAFF_ONLY } from '../evento/testing';
import { createTestApp, type Role, type TestApp } from '../testing';

const SEGRETI = {
  password: 'Password-Segretissima-1',
  db: 'postgres://gas:DbSegreto99@db.interno:5432/gas',
  bearer: 'Bearer tok_SEGRETO_bearer_123',
  cookie: 'sessionid=COOKIE_SEGRETO_456',
  linkToken: 'TOKENLINKSEGRETO789',
};

/** A stand-in for Sentry's ingestion: every envelope POSTed to /api/{project}/envelope/. */
function fintoSentry() {
  const buste: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const parti: Buffer[] = [];
    req.on('data', (c: Buffer) => parti.push(c));
    req.on('end', () => {
      const corpo = Buffer.concat(parti);
      buste.push(
        (req.headers['content-encoding'] === 'gzip' ? gunzipSync(corpo) : corpo).toString('utf8'),
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    buste,
    start: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function finche(condizione: () => boolean | Promise<boolean>, ms = 10_000) {
  const fine = Date.now() + ms;
  while (!(await condizione())) {
    if (Date.now() > fine) throw new Error('condizione non raggiunta in tempo');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const report = (over: Record<string, unknown> = {}) => ({
  tipo: 'render',
  messaggio: "TypeError: Cannot read properties of undefined (reading 'problemi')",
  stack:
    "TypeError: Cannot read properties of undefined (reading 'problemi')\n    at Classifica (http://gas.test/assets/punteggi-Ab12Cd34.js:1:2345)\n    at renderWithHooks (http://gas.test/assets/index-Zz99Yy88.js:9:100)",
  contesto: 'route /gare/12/punteggi/',
  percorso: '/gare/12/punteggi/',
  versione: '1.6.0',
  ...over,
});

describe.each(testBackends())('error inbox on %s', (backend) => {
  const posta = casellaDiPosta();
  const sentry = fintoSentry();
  const righeDiLog: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    const [smtp, sentryPort] = await Promise.all([posta.start(), sentry.start()]);
    t = await createTestApp(backend, {
      config: {
        publicUrl: 'https://gas.example.it',
        email: { smtpUrl: `smtp://127.0.0.1:${smtp}`, from: 'GaS <gas@example.it>' },
        sentryDsn: `http://chiavepubblica@127.0.0.1:${sentryPort}/42`,
        logLevel: 'info',
      },
      logDestination: { write: (riga) => void righeDiLog.push(riga) },
      extraRoutes(app) {
        // A genuine bug whose message repeats secrets, as a driver's error may.
        app.post('/api/prova-guasto/:id/', async () => {
          throw new Error(`connessione fallita a ${SEGRETI.db} con ${SEGRETI.bearer}`);
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([posta.stop(), sentry.stop()]);
  });

  const gruppi = () => t.database.db.select().from(erroreGruppo);
  const occorrenze = () => t.database.db.select().from(erroreOccorrenza);

  it('a page that crashed: one group counting every viewer, one e-mail to the superusers', async () => {
    const anonimo = await t.anonymous();
    const docente = await t.as('docente');
    const primo = await anonimo.post('/api/errori/', report());
    expect(primo.statusCode).toBe(202);
    expect(primo.json()).toEqual({ ricevuta: true });
    // Another event's page, another build of the same code: the same error.
    const secondo = await docente.post(
      '/api/errori/',
      report({
        contesto: 'route /gare/31/punteggi/',
        stack: report().stack.replaceAll('Ab12Cd34', 'Qq77Rr66').replaceAll(':1:2345', ':1:2399'),
        utente: 'finto',
      }),
    );
    expect(secondo.statusCode).toBe(202);

    const [gruppo] = (await gruppi()).filter((g) => g.origine === 'web');
    expect(gruppo).toMatchObject({ tipo: 'render', conteggio: 2, risolto: false });
    const occ = (await occorrenze()).filter((o) => o.gruppoId === gruppo!.id);
    // The user is the session's, never what the body claims.
    const idDocente = String((await docente.get('/api/ext-user/whoami/')).json().id);
    expect(occ.map((o) => o.utente).sort()).toEqual([idDocente, 'Anonymous'].sort());
    expect(occ.every((o) => o.versione === '1.6.0')).toBe(true);

    const mail = await posta.attendi('admin@gas.example', 0);
    expect(mail.subject).toMatch(/^GaS - Gara a Squadre di Fisica: nuovo errore: TypeError/);
    expect(mail.text).toContain(`https://gas.example.it/admin/errori/${gruppo!.id}/`);
    expect(mail.text).toContain('Origine: web app (render)');
    expect(mail.html).toContain('at Classifica');
    // Only superusers, and one e-mail for the group however many occurrences.
    await new Promise((r) => setTimeout(r, 300));
    expect(posta.per('staff@gas.example')).toEqual([]);
    expect(posta.per('admin@gas.example')).toHaveLength(1);
  });

  it('staff list, open and resolve a group; it reopens when the error comes back, without a second e-mail within the hour', async () => {
    const staff = await t.as('staff');
    const elenco = await staff.get('/api/admin/errori/?risolto=false&origine=web');
    expect(elenco.statusCode).toBe(200);
    const [voce] = elenco.json().results;
    expect(voce).toMatchObject({ origine: 'web', conteggio: 2, risolto: false });

    const dettaglio = await staff.get(`/api/admin/errori/${voce.id}/`);
    expect(dettaglio.json().occorrenze).toHaveLength(2);
    expect(dettaglio.json().occorrenze[0].stack).toContain('at Classifica');

    const risolto = await staff.patch(`/api/admin/errori/${voce.id}/`, { risolto: true });
    expect(risolto.json()).toMatchObject({ risolto: true, risolto_da: expect.any(Number) });
    expect((await staff.get('/api/admin/errori/?risolto=false&origine=web')).json().count).toBe(0);

    await (await t.anonymous()).post('/api/errori/', report());
    const riaperto = (await staff.get(`/api/admin/errori/${voce.id}/`)).json();
    expect(riaperto).toMatchObject({ risolto: false, conteggio: 3, risolto_il: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(posta.per('admin@gas.example')).toHaveLength(1);

    expect((await staff.patch(`/api/admin/errori/${voce.id}/`, { risolto: 'sì' })).json()).toEqual({
      risolto: ['Indica true (risolto) o false (da riaprire).'],
    });
    expect((await staff.get('/api/admin/errori/99999999/')).statusCode).toBe(404);
    expect((await staff.get('/api/admin/errori/?risolto=forse')).json()).toEqual({
      risolto: ['Usa true o false.'],
    });
  });

  it.each(Object.entries(STAFF_ONLY))(
    'the admin list, detail and resolution are for staff and superusers: %s → %i',
    async (role, status) => {
      const client = await t.as(role as Role);
      const [gruppo] = await gruppi();
      expect((await client.get('/api/admin/errori/')).statusCode).toBe(status);
      expect((await client.get(`/api/admin/errori/${gruppo!.id}/`)).statusCode).toBe(status);
      const patch = await client.patch(`/api/admin/errori/${gruppo!.id}/`, {
        risolto: !gruppo!.risolto,
      });
      expect(patch.statusCode).toBe(status);
      // Put back what staff changed; nobody else changed anything.
      const [dopo] = (await gruppi()).filter((g) => g.id === gruppo!.id);
      expect(dopo!.risolto).toBe(status === 200 ? !gruppo!.risolto : gruppo!.risolto);
      if (status === 200) {
        await client.patch(`/api/admin/errori/${gruppo!.id}/`, { risolto: gruppo!.risolto });
      }
    },
  );

  it('bad reports are refused in Italian and store nothing', async () => {
    const prima = (await occorrenze()).length;
    const anonimo = await t.anonymous();
    const senzaMessaggio = await anonimo.post('/api/errori/', report({ messaggio: '' }));
    expect(senzaMessaggio.statusCode).toBe(400);
    expect(JSON.stringify(senzaMessaggio.json())).not.toMatch(/Too small|Invalid|expected/);
    expect((await anonimo.post('/api/errori/', report({ tipo: 'inventato' }))).statusCode).toBe(
      400,
    );
    expect(
      (await anonimo.post('/api/errori/', report({ request_id: 'a b<script>' }))).statusCode,
    ).toBe(400);
    const nonJson = await anonimo.request('POST', '/api/errori/', undefined, {
      payload: '{"tipo":',
      headers: { 'content-type': 'application/json' },
    });
    expect(nonJson.statusCode).toBe(400);
    const enorme = await anonimo.post(
      '/api/errori/',
      report({ stack: 'x'.repeat(ERRORI_LIMITI.corpo + 10) }),
    );
    expect(enorme.statusCode).toBe(413);
    const senzaCsrf = await anonimo.request('POST', '/api/errori/', report(), { csrf: false });
    expect(senzaCsrf.statusCode).toBe(403);
    expect((await occorrenze()).length).toBe(prima);
  });

  it('a flood from one address is limited to ten a minute; another address still reports', async () => {
    const invia = (ip: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/errori/',
        remoteAddress: ip,
        headers: { 'x-csrftoken': 'c'.repeat(32) },
        cookies: { csrftoken: 'c'.repeat(32) },
        payload: report({ tipo: 'errore', messaggio: `Errore a raffica ${i}` }),
      });
    const stati: number[] = [];
    for (let i = 0; i < ERRORI_LIMITI.perIndirizzoAlMinuto + 5; i++) {
      stati.push((await invia('203.0.113.9', i)).statusCode);
    }
    expect(stati.filter((s) => s === 202)).toHaveLength(ERRORI_LIMITI.perIndirizzoAlMinuto);
    expect(stati.slice(ERRORI_LIMITI.perIndirizzoAlMinuto)).toEqual([429, 429, 429, 429, 429]);
    const altro = await invia('198.51.100.7', 0);
    expect(altro.statusCode).toBe(202);
    // Numbers apart, one message: one group.
    const raffica = (await gruppi()).filter((g) => g.messaggio.startsWith('Errore a raffica'));
    expect(raffica).toHaveLength(1);
    expect(raffica[0]!.conteggio).toBe(ERRORI_LIMITI.perIndirizzoAlMinuto + 1);
  });

  it('a server bug: 500 with its request id, stored, e-mailed and sent to Sentry without any secret', async () => {
    const docente = await t.as('docente');
    const res = await docente.request(
      'POST',
      `/api/prova-guasto/5/?token=${SEGRETI.linkToken}`,
      { password: SEGRETI.password },
      { headers: { authorization: SEGRETI.bearer, cookie: SEGRETI.cookie } },
    );
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    await finche(async () =>
      (await gruppi()).some((g) => g.origine === 'server' && g.tipo === 'richiesta'),
    );
    const gruppo = (await gruppi()).find((g) => g.origine === 'server')!;
    expect(gruppo.contesto).toBe('POST /api/prova-guasto/:id/');
    const [occ] = (await occorrenze()).filter((o) => o.gruppoId === gruppo.id);
    expect(occ).toMatchObject({ requestId, percorso: 'POST /api/prova-guasto/:id/' });
    expect(occ!.messaggio).toContain('postgres://***:***@db.interno:5432/gas');

    // The flood above made a group (and an e-mail) of its own: this is the third.
    const mail = await posta.attendi('admin@gas.example', 2);
    expect(mail.subject).toContain('connessione fallita');
    expect(mail.text).toContain(requestId);
    await finche(() => sentry.buste.some((b) => b.includes('"type":"event"')));
    const busta = sentry.buste.find((b) => b.includes('"type":"event"'))!;
    expect(busta).toContain(requestId);
    expect(busta).toContain('/api/prova-guasto/:id/');

    // The log line of the request carries its id; none of the secrets appear anywhere.
    await t.app.services.errori.chiudi();
    const log = righeDiLog.join('');
    expect(log).toContain(`"reqId":"${requestId}"`);
    const ovunque = [
      log,
      JSON.stringify(await gruppi()),
      JSON.stringify(await occorrenze()),
      ...posta.arrivate.map((m) => `${m.text}${m.html}`),
      ...sentry.buste,
    ].join('\n');
    for (const segreto of [
      SEGRETI.password,
      'DbSegreto99',
      'tok_SEGRETO_bearer_123',
      'COOKIE_SEGRETO_456',
      SEGRETI.linkToken,
    ]) {
      expect(ovunque).not.toContain(segreto);
    }
  });
});
