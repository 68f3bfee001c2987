// POST /api/admin/import/ and the sync routes (issue 15): staff and
// superusers only, CSRF, the summary with 200 or 400, dry runs that write
// nothing, bad bodies answered 400/413 and never 500; and the scheduled sync
// against a local HTTP server that serves documents as the olympiad site
// would (or fails as it might).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registro, sessione, sincronizzazione, squadra } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { cells, demoEventi, STAFF_ONLY, type DemoEventi } from '../evento/testing';
import { createTestApp, type TestApp } from '../testing';
import { SincronizzazioneOlimpiadi } from '../../gara/importazione/sync';

/** The olympiad site of the tests: answers what `risposta` says, records what it was sent. */
function sitoOlimpiadi() {
  const state = {
    risposta: { status: 200, body: '{}' as string },
    richieste: [] as { authorization?: string }[],
  };
  const server: Server = createServer((req, res) => {
    state.richieste.push({ authorization: req.headers.authorization });
    res.writeHead(state.risposta.status, { 'content-type': 'application/json' });
    res.end(state.risposta.body);
  });
  return {
    state,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/export.json`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testBackends())('import routes on %s', (backend) => {
  const sito = sitoOlimpiadi();
  let t: TestApp;
  let ev: DemoEventi;
  let sessioneNome: string;
  let url: string;

  beforeAll(async () => {
    url = await sito.start();
    t = await createTestApp(backend, {
      config: { sync: { url, token: 'segreto-di-prova-123', minutes: 60 } },
    });
    ev = await demoEventi(t.database.db);
    const [s] = await t.database.db
      .select({ nome: sessione.nome })
      .from(sessione)
      .where(eq(sessione.eventoId, ev.nazionale))
      .limit(1);
    sessioneNome = s!.nome;
  });
  afterAll(async () => {
    await t.close();
    await sito.stop();
  });

  const documento = (nome = 'Squadra importata') => ({
    formato: 1,
    generato: '2026-11-20T10:00:00Z',
    evento: ev.nazionale,
    scuole: [
      {
        codice_meccanografico: 'RMPS99000K',
        nome: 'Liceo di Roma',
        tipologia: 'LS',
        citta: 'Roma',
      },
    ],
    responsabili: [
      {
        id_esterno: 'u-route',
        username: 'r.import',
        email: 'r.import@example.it',
        scuole: ['RMPS99000K'],
      },
    ],
    squadre: [
      { id_esterno: 't-route', nome, scuola: 'RMPS99000K', sessione: sessioneNome, polo: null },
    ],
  });

  it.each(cells(STAFF_ONLY))('POST dry run: $role → $expected', async ({ role, expected }) => {
    const res = await (await t.as(role)).post('/api/admin/import/?dry_run=1', documento());
    expect(res.statusCode).toBe(expected);
    if (expected === 200) expect(res.json()).toMatchObject({ applicato: false, errori: [] });
  });

  it.each(cells(STAFF_ONLY))('GET the sync runs: $role → $expected', async ({ role, expected }) => {
    const res = await (await t.as(role)).get('/api/admin/import/sincronizzazioni/');
    expect(res.statusCode).toBe(expected);
  });

  it('needs the CSRF token', async () => {
    const admin = await t.as('admin');
    const res = await admin.request('POST', '/api/admin/import/', documento(), { csrf: false });
    expect(res.statusCode).toBe(403);
  });

  it('a dry run reviews each record and writes nothing; then the import applies', async () => {
    const staff = await t.as('staff');
    const dry = await staff.post('/api/admin/import/?dry_run=1&dettagli=1', documento());
    expect(dry.statusCode).toBe(200);
    expect(dry.json().dettagli).toContainEqual(
      expect.objectContaining({ tipo: 'squadra', chiave: 't-route', esito: 'creato' }),
    );
    const teams = () =>
      t.database.db.select().from(squadra).where(eq(squadra.idEsterno, 't-route'));
    expect(await teams()).toEqual([]);

    const applied = await staff.post('/api/admin/import/', documento());
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      applicato: true,
      creati: { scuole: 1, responsabili: 1, squadre: 1 },
    });
    expect(applied.json()).not.toHaveProperty('dettagli');
    expect(await teams()).toHaveLength(1);
    const [entry] = await t.database.db
      .select()
      .from(registro)
      .where(eq(registro.risorsa, 'squadra'))
      .orderBy(sql`${registro.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({ origine: 'import', utenteNome: 'staff', azione: 'crea' });
  });

  it('answers 400 with the summary for an invalid document, changing nothing', async () => {
    const admin = await t.as('admin');
    const doc = documento('Altro nome');
    doc.squadre[0]!.sessione = 'Sessione che non esiste';
    const res = await admin.post('/api/admin/import/', doc);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      applicato: false,
      errori: [{ luogo: 'squadre[0].sessione', messaggio: expect.stringContaining('sessione') }],
    });
    const [team] = await t.database.db
      .select()
      .from(squadra)
      .where(eq(squadra.idEsterno, 't-route'));
    expect(team?.nome).not.toBe('Altro nome');
  });

  it('answers every error of a document at once: a wrong school type and a team of an unknown school', async () => {
    const admin = await t.as('admin');
    const doc = documento('Liceo Fermi A');
    doc.scuole[0]!.tipologia = 'XX';
    doc.squadre.push({ ...doc.squadre[0]!, id_esterno: 'T-17', scuola: 'ZZZZ99999Z' });
    doc.squadre[1]!.nome = 'Liceo Fermi B';
    const res = await admin.post('/api/admin/import/?dry_run=1', doc);
    expect(res.statusCode).toBe(400);
    expect(res.json().errori).toEqual([
      {
        luogo: 'scuole[0].tipologia',
        dove: 'Scuola 1 «Liceo di Roma» (codice RMPS99000K), campo tipologia',
        messaggio: expect.stringContaining('Tipologia di scuola non valida'),
      },
      {
        luogo: 'squadre[1].scuola',
        dove: 'Squadra 2 «Liceo Fermi B» (id_esterno T-17), campo scuola',
        messaggio: expect.stringContaining('Scuola sconosciuta: ZZZZ99999Z'),
      },
    ]);
  });

  it('refuses bad bodies with 400 or 413, never 500', async () => {
    const admin = await t.as('admin');
    const bodies: [
      string,
      { payload?: string; body?: unknown; headers?: Record<string, string> },
      number,
    ][] = [
      [
        'not JSON',
        { payload: '{non è json', headers: { 'content-type': 'application/json' } },
        400,
      ],
      ['a list', { body: [1, 2, 3] }, 400],
      ['wrong types', { body: { formato: '1', scuole: 'tante' } }, 400],
      ['an empty object', { body: {} }, 400],
      [
        '21 MB',
        {
          payload: JSON.stringify({ formato: 1, pad: 'x'.repeat(21 * 1024 * 1024) }),
          headers: { 'content-type': 'application/json' },
        },
        413,
      ],
    ];
    for (const [what, b, status] of bodies) {
      const res = await admin.request('POST', '/api/admin/import/', b.body, {
        payload: b.payload,
        headers: b.headers,
      });
      expect(res.statusCode, what).toBe(status);
      const text = res.body;
      expect(text, what).not.toMatch(/expected|received|Invalid input/);
    }
  });

  describe('scheduled sync', () => {
    const runs = () => t.database.db.select().from(sincronizzazione).orderBy(sincronizzazione.id);

    it('the schedule pulls once at start, then each period; stopping waits for the run', async () => {
      sito.state.risposta = { status: 200, body: JSON.stringify(documento('Squadra pianificata')) };
      const silenzio = { info() {}, warn() {}, error() {} };
      const sync = new SincronizzazioneOlimpiadi({
        database: t.database,
        config: { sync: { url, token: 'segreto-di-prova-123', minutes: 1 } },
        log: silenzio,
        dopoIlCommit: () => {},
      });
      sync.start();
      await sync.stop();
      const [run] = await sync.ultime(1);
      expect(run).toMatchObject({ avviataDa: 'pianificata', esito: 'applicato' });
      const [team] = await t.database.db
        .select()
        .from(squadra)
        .where(eq(squadra.idEsterno, 't-route'));
      expect(team!.nome).toBe('Squadra pianificata');
    });

    it('pulls the document with the bearer token and applies it', async () => {
      sito.state.risposta = {
        status: 200,
        body: JSON.stringify(documento('Squadra sincronizzata')),
      };
      const admin = await t.as('admin');
      const res = await admin.post('/api/admin/import/sincronizza/', {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        esito: 'applicato',
        avviata_da: 'admin',
        generato: '2026-11-20T10:00:00Z',
        riepilogo: { applicato: true, aggiornati: { squadre: 1 } },
      });
      expect(sito.state.richieste.at(-1)?.authorization).toBe('Bearer segreto-di-prova-123');
      const [team] = await t.database.db
        .select()
        .from(squadra)
        .where(eq(squadra.idEsterno, 't-route'));
      expect(team!.nome).toBe('Squadra sincronizzata');
    });

    it('records a failing pull (HTTP status, not JSON, invalid document), changes nothing, shows it', async () => {
      const admin = await t.as('admin');
      const cases: [{ status: number; body: string }, string, string][] = [
        [{ status: 503, body: 'giù' }, 'fallito', 'stato HTTP 503'],
        [{ status: 200, body: '<html>' }, 'fallito', 'non è JSON'],
        [{ status: 200, body: JSON.stringify({ formato: 7 }) }, 'rifiutato', ''],
      ];
      for (const [risposta, esito, errore] of cases) {
        sito.state.risposta = risposta;
        const res = await admin.post('/api/admin/import/sincronizza/', {});
        expect(res.statusCode).toBe(200);
        expect(res.json().esito).toBe(esito);
        expect(res.json().errore).toContain(errore);
      }
      const [team] = await t.database.db
        .select()
        .from(squadra)
        .where(eq(squadra.idEsterno, 't-route'));
      expect(team!.nome).toBe('Squadra sincronizzata');
      const stato = (await admin.get('/api/admin/import/sincronizzazioni/')).json();
      expect(stato).toMatchObject({ configurata: true, ogni_minuti: 60 });
      expect(stato.sorgente).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(stato.esecuzioni.map((e: { esito: string }) => e.esito).slice(0, 4)).toEqual([
        'rifiutato',
        'fallito',
        'fallito',
        'applicato',
      ]);
      // The token is nowhere in what the back office reads.
      expect(JSON.stringify(stato)).not.toContain('segreto-di-prova-123');
      expect(JSON.stringify(await runs())).not.toContain('segreto-di-prova-123');
    });

    it('a scheduled run skips a period another instance already ran', async () => {
      const before = (await runs()).length;
      expect(await t.app.services.sync.esegui(null, true)).toBeNull();
      expect((await runs()).length).toBe(before);
    });
  });
});

describe.each(testBackends())('sync not configured on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('says so when asked to sync', async () => {
    const admin = await t.as('admin');
    const res = await admin.post('/api/admin/import/sincronizza/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/GAS_SYNC_URL/);
    expect((await admin.get('/api/admin/import/sincronizzazioni/')).json()).toMatchObject({
      configurata: false,
      sorgente: null,
      esecuzioni: [],
    });
  });
});
