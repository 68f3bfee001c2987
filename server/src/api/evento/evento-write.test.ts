// Create, patch (nested problemi / sessioni) and invita of /api/gas/evento/:
// the defaults of spec §9, reorder + renumber, invitations, and refused input
// that leaves the database exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINE_ISCRIZIONI_DOPO_INIZIO, FINE_PRIMA_DI_INIZIO } from '@gas/contracts';
import { annoEvento } from '../../db/anno';
import { testBackends } from '../../db/testing';
import { createTestApp, type TestApp } from '../testing';
import { createPrivateEvent, demoEventi, problemiOf, snapshot, type DemoEventi } from './testing';

const MIN = 60_000;
const HOUR = 60 * MIN;
const big = 'x'.repeat(100_000);

describe.each(testBackends())('evento: create, patch and invita on %s', (backend) => {
  let t: TestApp;
  let ev: DemoEventi;
  let priv: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ev = await demoEventi(t.database.db);
    priv = await createPrivateEvent(t, 'Allenamento da modificare');
  });
  afterAll(() => t.close());

  it('creates an event with the defaults of spec §9 and one session', async () => {
    const before = Date.now();
    const res = await (await t.as('docente')).post('/api/gas/evento/', { titolo: '  Nuovo  ' });
    expect(res.statusCode).toBe(201);
    const e = res.json();
    const inizio = Date.parse(e.inizio);
    expect(e.titolo).toBe('Nuovo');
    expect(e.tipologia).toBe('priv');
    expect(e.ufficiale).toBe(false);
    expect(inizio % HOUR).toBe(0);
    expect(inizio).toBeGreaterThan(before);
    expect(inizio).toBeLessThanOrEqual(before + HOUR);
    expect(Date.parse(e.fine) - inizio).toBe(90 * MIN);
    expect(e.fine_consegna_jolly).toBe(e.fine);
    expect(e.fine_modifica_squadre).toBe(e.inizio);
    expect(Date.parse(e.fine_iscrizioni)).toBe(inizio - 5 * MIN);
    expect(Date.parse(e.inizio_iscrizioni)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(e.inizio_iscrizioni)).toBeLessThanOrEqual(Date.now());
    expect(e.anno).toBe(annoEvento(new Date(inizio)));
    expect(e.sessioni).toEqual([
      {
        id: expect.any(Number),
        nome: 'Sessione unica',
        ufficiale: false,
        numero_qualificati: null,
      },
    ]);
    expect(e.problemi).toEqual([]);
    expect(e.amministratori_str).toEqual(['Daniela Docenti']);
    expect(e.PTI_TOLTI_ERRORE).toBe(10);
    expect(e.SCALING_BONUS_MONTEPREMI).toBe(1);
    expect(e.permessi).toMatchObject({ puo_modificare: true, puo_invitare: true });
  });

  it('derives the dates from a given start and accepts nested lists on create', async () => {
    const res = await (
      await t.as('admin')
    ).post('/api/gas/evento/', {
      titolo: 'Gara di settembre',
      tipologia: 'o',
      inizio: '2030-09-10T15:00:00+02:00',
      problemi: [{ soluzione: 3.2, soluzione_exp: 2, udm_soluzione: 'm' }, {}],
      sessioni: [{ nome: 'Nord', numero_qualificati: 5 }, { nome: 'Sud' }],
    });
    expect(res.statusCode).toBe(201);
    const e = res.json();
    expect(e.anno).toBe(2031);
    expect(e.ufficiale).toBe(true);
    expect(e.fine).toBe('2030-09-10T14:30:00.000Z');
    expect(e.fine_iscrizioni).toBe('2030-09-10T12:55:00.000Z');
    expect(e.problemi.map((p: { nome: string }) => p.nome)).toEqual(['P1', 'P2']);
    expect(e.problemi[1]).toMatchObject({
      soluzione: 0,
      soluzione_exp: 0,
      intervallo_validita: 0.005,
      udm_soluzione: '',
    });
    expect(
      e.sessioni.map((s: { nome: string; ufficiale: boolean }) => [s.nome, s.ufficiale]),
    ).toEqual([
      ['Nord', true],
      ['Sud', true],
    ]);
  });

  it('reorders, adds and deletes problems in one patch, renumbering P1..Pn', async () => {
    const amm = await t.as('amministratore');
    const setup = await amm.patch(`/api/gas/evento/${priv}/`, {
      problemi: [{ soluzione: 1 }, { soluzione: 2 }, { soluzione: 3 }],
    });
    expect(setup.statusCode).toBe(200);
    const [p1, p2, p3] = setup.json().problemi as { id: number }[];
    const res = await amm.patch(`/api/gas/evento/${priv}/`, {
      problemi: [
        { id: p3!.id, nome: 'ignorato' },
        { udm_soluzione: 'kg' },
        { id: p1!.id, soluzione: 10 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const rows = await problemiOf(t.database.db, priv);
    expect(rows.map((p) => [p.id, p.nome, p.ordine, p.soluzione])).toEqual([
      [p3!.id, 'P1', 1, 3],
      [expect.any(Number), 'P2', 2, 0],
      [p1!.id, 'P3', 3, 10],
    ]);
    expect(rows[1]).toMatchObject({
      udmSoluzione: 'kg',
      soluzioneExp: 0,
      intervalloValidita: 0.005,
    });
    expect(rows.some((p) => p.id === p2!.id)).toBe(false);
  });

  it('adds, renames and reorders sessions with their qualification threshold', async () => {
    const amm = await t.as('amministratore');
    const [unica] = (await amm.get(`/api/gas/evento/${priv}/`)).json().sessioni;
    const res = await amm.patch(`/api/gas/evento/${priv}/`, {
      sessioni: [{ nome: 'Seconda' }, { id: unica.id, nome: 'Prima', numero_qualificati: 12 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessioni).toEqual([
      { id: expect.any(Number), nome: 'Seconda', ufficiale: false, numero_qualificati: null },
      { id: unica.id, nome: 'Prima', ufficiale: false, numero_qualificati: 12 },
    ]);
  });

  it('moves files published at the default time together with the event dates', async () => {
    const admin = await t.as('admin');
    const before = (await admin.get(`/api/gas/evento/${ev.nazionale}/`)).json();
    const inizio = new Date(Date.parse(before.inizio) + HOUR).toISOString();
    const fine = new Date(Date.parse(before.fine) + HOUR).toISOString();
    const res = await admin.patch(`/api/gas/evento/${ev.nazionale}/`, { inizio, fine });
    expect(res.statusCode).toBe(200);
    expect(res.json().file_problemi.data).toBe(inizio);
    expect(res.json().file_soluzioni.data).toBe(fine);
    const back = await admin.patch(`/api/gas/evento/${ev.nazionale}/`, {
      inizio: before.inizio,
      fine: before.fine,
    });
    expect(back.json().file_problemi.data).toBe(before.inizio);
  });

  it('invites registered users by e-mail, case-insensitively, as adm or ins', async () => {
    const amm = await t.as('amministratore');
    const url = `/api/gas/evento/${priv}/invita/`;
    const docente = await t.as('docente');
    expect((await docente.get(`/api/gas/evento/${priv}/`)).statusCode).toBe(404);
    const adm = await amm.post(url, { email: ' DOCENTE@gas.Example ', ruolo: 'adm' });
    expect(adm.statusCode).toBe(204);
    expect((await docente.get(`/api/gas/evento/${priv}/`)).json().permessi.puo_modificare).toBe(
      true,
    );
    const ins = await amm.post(url, { email: 'secondario@gas.example', ruolo: 'ins' });
    expect(ins.statusCode).toBe(204);
    const e = (await amm.get(`/api/gas/evento/${priv}/`)).json();
    expect(e.amministratori_str).toContain('Daniela Docenti');
    expect(e.inseritori_str).toEqual(expect.arrayContaining(['Ines Inserti', 'Sergio Secondi']));
    const again = await amm.post(url, { email: 'docente@gas.example', ruolo: 'adm' });
    expect(again.statusCode).toBe(204);
    // An address without an account: staff/staff.test.ts (it gets an account, issue 26).
  });

  it('refuses to delete problems and sessions that already have answers', async () => {
    const admin = await t.as('admin');
    const e = (await admin.get(`/api/gas/evento/${ev.passato}/`)).json();
    const before = await snapshot(t.database.db);
    const res = await admin.patch(`/api/gas/evento/${ev.passato}/`, {
      problemi: e.problemi.slice(1).map((p: { id: number }) => ({ id: p.id })),
      sessioni: e.sessioni.slice(0, 1).map((s: { id: number }) => ({ id: s.id })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().problemi[0]).toMatch(/^Impossibile eliminare il problema P1: ci sono già/);
    expect(res.json().sessioni[0]).toMatch(/^Impossibile eliminare la sessione «.+»/);
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('documents the write endpoints in the OpenAPI schema', async () => {
    const paths = (await (await t.as('anonimo')).get('/api/schema/')).json().paths;
    expect(paths['/api/gas/evento/'].post.requestBody).toBeTruthy();
    expect(paths['/api/gas/evento/{id}/'].patch).toBeTruthy();
    expect(paths['/api/gas/evento/{id}/invita/'].post).toBeTruthy();
    const upload = paths['/api/gas/file-programmato/'].post.requestBody.content;
    expect(upload['multipart/form-data'].schema.properties.il_file.format).toBe('binary');
    expect(paths['/api/gas/messaggi-importanti/{id}/'].delete).toBeTruthy();
  });

  describe('refused payloads leave the database unchanged', () => {
    type Case = [string, 'post' | 'patch' | 'invita', () => unknown, number, string];
    const otherProblema = async () => (await problemiOf(t.database.db, ev.nazionale))[0]!.id;
    const cases: Case[] = [
      ['missing titolo', 'post', () => ({}), 400, 'titolo'],
      ['titolo of the wrong type', 'post', () => ({ titolo: 12 }), 400, 'titolo'],
      ['100 kB titolo', 'post', () => ({ titolo: big }), 400, 'titolo'],
      ['NUL character', 'post', () => ({ titolo: 'a\u0000b' }), 400, 'titolo'],
      ['100 kB descrizione', 'patch', () => ({ descrizione: big }), 400, 'descrizione'],
      [
        'unknown tipologia',
        'post',
        () => ({ titolo: 'x', tipologia: 'segreto' }),
        400,
        'tipologia',
      ],
      [
        'a date that is not a date',
        'post',
        () => ({ titolo: 'x', inizio: 'domani' }),
        400,
        'inizio',
      ],
      ['year 0', 'patch', () => ({ inizio: '0000-01-01T00:00:00Z' }), 400, 'inizio'],
      [
        'negative scoring parameter',
        'patch',
        () => ({ PTI_TOLTI_ERRORE: -1 }),
        400,
        'PTI_TOLTI_ERRORE',
      ],
      [
        'fractional integer parameter',
        'patch',
        () => ({ BONUS_VELOCITA: 1.5 }),
        400,
        'BONUS_VELOCITA',
      ],
      ['huge integer parameter', 'patch', () => ({ BONUS_VELOCITA: 1e12 }), 400, 'BONUS_VELOCITA'],
      [
        'zero scaling',
        'patch',
        () => ({ SCALING_BONUS_VELOCITA: 0 }),
        400,
        'SCALING_BONUS_VELOCITA',
      ],
      [
        'scaling off the 0.001 step',
        'patch',
        () => ({ SCALING_BONUS_MONTEPREMI: 1.0005 }),
        400,
        'SCALING_BONUS_MONTEPREMI',
      ],
      [
        'javascript: link',
        'patch',
        () => ({ youtube_link: 'javascript:alert(1)' }),
        400,
        'youtube_link',
      ],
      ['problemi not a list', 'patch', () => ({ problemi: 'P1' }), 400, 'problemi'],
      [
        'problem of another event',
        'patch',
        async () => ({ problemi: [{ id: await otherProblema() }] }),
        400,
        'problemi',
      ],
      [
        'problem id on create',
        'post',
        async () => ({ titolo: 'x', problemi: [{ id: await otherProblema() }] }),
        400,
        'problemi',
      ],
      ['session of another event', 'patch', () => ({ sessioni: [{ id: 1 }] }), 400, 'sessioni'],
      ['no session at all', 'patch', () => ({ sessioni: [] }), 400, 'sessioni'],
      ['100 kB session name', 'patch', () => ({ sessioni: [{ nome: big }] }), 400, 'sessioni'],
      ['id out of int4 range', 'patch', () => ({ problemi: [{ id: 2 ** 40 }] }), 400, 'problemi'],
      ['invalid e-mail', 'invita', () => ({ email: 'non-una-email', ruolo: 'adm' }), 400, 'email'],
      ['100 kB e-mail', 'invita', () => ({ email: `${big}@x.it`, ruolo: 'adm' }), 400, 'email'],
      [
        'unknown ruolo',
        'invita',
        () => ({ email: 'docente@gas.example', ruolo: 'capo' }),
        400,
        'ruolo',
      ],
      ['missing ruolo', 'invita', () => ({ email: 'docente@gas.example' }), 400, 'ruolo'],
    ];
    it.each(cases)('%s → %i', async (_label, kind, body, status, field) => {
      const amm = await t.as('amministratore');
      const before = await snapshot(t.database.db);
      const payload = await body();
      const res =
        kind === 'post'
          ? await amm.post('/api/gas/evento/', payload)
          : kind === 'patch'
            ? await amm.patch(`/api/gas/evento/${priv}/`, payload)
            : await amm.post(`/api/gas/evento/${priv}/invita/`, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json()[field]?.length).toBeGreaterThan(0);
      expect(await snapshot(t.database.db)).toEqual(before);
    });

    it('checks the event dates in Italian, on the merged values of a patch', async () => {
      const amm = await t.as('amministratore');
      const before = await snapshot(t.database.db);
      const e = (await amm.get(`/api/gas/evento/${priv}/`)).json();
      const fine = await amm.patch(`/api/gas/evento/${priv}/`, { fine: e.inizio });
      expect(fine.json()).toEqual({ fine: [FINE_PRIMA_DI_INIZIO] });
      const late = new Date(Date.parse(e.inizio) + MIN).toISOString();
      const iscr = await amm.patch(`/api/gas/evento/${priv}/`, { fine_iscrizioni: late });
      expect(iscr.json()).toEqual({ fine_iscrizioni: [FINE_ISCRIZIONI_DOPO_INIZIO] });
      const create = await amm.post('/api/gas/evento/', {
        titolo: 'x',
        inizio: '2030-01-01T10:00:00Z',
        fine: '2030-01-01T09:00:00Z',
      });
      expect(create.statusCode).toBe(400);
      expect(create.json().fine).toEqual([FINE_PRIMA_DI_INIZIO]);
      expect(await snapshot(t.database.db)).toEqual(before);
    });

    it('answers malformed JSON and unknown ids without a 500', async () => {
      const amm = await t.as('amministratore');
      const before = await snapshot(t.database.db);
      const bad = await amm.request('PATCH', `/api/gas/evento/${priv}/`, undefined, {
        payload: '{"titolo": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(bad.statusCode).toBe(400);
      expect((await amm.patch('/api/gas/evento/999999/', { titolo: 'x' })).statusCode).toBe(404);
      expect((await amm.patch('/api/gas/evento/99999999999/', { titolo: 'x' })).statusCode).toBe(
        400,
      );
      expect((await amm.post('/api/gas/evento/abc/invita/', {})).statusCode).toBe(400);
      expect(await snapshot(t.database.db)).toEqual(before);
    });
  });
});
