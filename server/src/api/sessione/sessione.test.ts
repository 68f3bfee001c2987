// /api/gas/sessione/: the authorization matrix (public reads, private
// events, admin actions), the snapshot against @gas/scoring on the same rows,
// cache invalidation through the API, and bad admin payloads.
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { computeLeaderboard, type ScoringInput } from '@gas/scoring';
import { testBackends } from '../../db/testing';
import { evento, problema, punteggiCache, risposta, sessione, squadra } from '../../db/schema';
import type { Db } from '../../db/client';
import { LiveBus, type LiveMessage } from '../../live/bus';
import { createTestApp, ROLES, type Role, type TestApp } from '../testing';
import { counts, createPrivateEvento, loadDemo, setClock, type Demo } from '../risposta/testing';

type Row = Record<Role, number>;
const row = (...codes: number[]): Row =>
  Object.fromEntries(ROLES.map((role, i) => [role, codes[i]!])) as Row;

//                   anonimo docente principale secondario inseritore amministratore staff admin
const PUBLIC = row(200, 200, 200, 200, 200, 200, 200, 200);
const PRIVATE = row(404, 404, 404, 404, 404, 200, 404, 200);
const ADMIN_ACTION = row(403, 403, 403, 403, 403, 403, 200, 200);
// Staff without a role in the private event cannot see it at all.
const ADMIN_ACTION_PRIVATE = row(403, 403, 403, 403, 403, 403, 404, 200);

/** The scoring input of a session, read straight from the tables. */
async function scoringInput(db: Db, sessioneId: number): Promise<ScoringInput> {
  const [s] = await db.select().from(sessione).where(eq(sessione.id, sessioneId));
  const [e] = await db.select().from(evento).where(eq(evento.id, s!.eventoId));
  const problemi = await db
    .select()
    .from(problema)
    .where(eq(problema.eventoId, e!.id))
    .orderBy(asc(problema.ordine));
  const squadre = await db.select().from(squadra).where(eq(squadra.sessioneId, sessioneId));
  const rows = await db.select().from(risposta).where(eq(risposta.sessioneId, sessioneId));
  return {
    params: {
      PTI_TOLTI_ERRORE: e!.ptiToltiErrore,
      PTI_BASE_MONTEPREMI: e!.ptiBaseMontepremi,
      MAX_ERRORI_RAISE_MONTEPREMI: e!.maxErroriRaiseMontepremi,
      ERRORE_PUNTEGGI_RAISE: e!.errorePunteggiRaise,
      PUNTEGGIO_BASE_PROBLEMI: e!.punteggioBaseProblemi,
      BONUS_VELOCITA: e!.bonusVelocita,
      SCALING_BONUS_VELOCITA: e!.scalingBonusVelocita,
      SCALING_BONUS_MONTEPREMI: e!.scalingBonusMontepremi,
    },
    inizio: e!.inizio.toISOString(),
    problemi: problemi.map((p) => ({ id: p.id, nome: p.nome })),
    squadre: squadre.map((q) => ({
      id: q.id,
      nome: q.nome,
      ospite: q.ospite,
      ordine_eta: q.ordineEta,
      penalita: q.penalita,
      scuola: q.scuolaId,
    })),
    eventi: rows.map((r) => ({
      id: r.id,
      k: r.kind,
      s: r.squadraId,
      p: r.problemaId,
      ...(r.kind === 'r' ? { c: r.corretto! } : {}),
      d: r.date.toISOString(),
    })),
  };
}

describe.each(testBackends())('sessione API on %s', (backend) => {
  let t: TestApp;
  let d: Demo;
  let priv: Awaited<ReturnType<typeof createPrivateEvento>>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    d = await loadDemo(t.database.db);
    priv = await createPrivateEvento(t.database.db);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const reads = (id: number) => [
    `/api/gas/sessione/${id}/`,
    `/api/gas/sessione/${id}/stato/`,
    `/api/gas/sessione/${id}/punteggi/`,
    `/api/gas/sessione/${id}/scuole/`,
  ];

  it.each(ROLES)('reads: %s', async (role) => {
    const client = await t.as(role);
    for (const url of reads(d.nazionale.sessioni[0]!))
      expect((await client.get(url)).statusCode, url).toBe(PUBLIC[role]);
    for (const url of reads(priv.sessione))
      expect((await client.get(url)).statusCode, url).toBe(PRIVATE[role]);
    const list = await client.get(`/api/gas/sessione/?evento=${priv.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(PRIVATE[role] === 200 ? 1 : 0);
  });

  it.each(ROLES)('admin actions: %s', async (role) => {
    const client = await t.as(role);
    for (const [id, expected] of [
      [d.nazionale.sessioni[0]!, ADMIN_ACTION[role]],
      [priv.sessione, ADMIN_ACTION_PRIVATE[role]],
    ] as const) {
      const cache = await client.patch(`/api/gas/sessione/${id}/delete_cache/`, {});
      expect(cache.statusCode).toBe(expected);
      if (expected === 200) expect(cache.json()).toEqual({ detail: 'Cache resettata' });
      const refresh = await client.patch(
        `/api/gas/sessione/${id}/request_refresh_frontend_delayed/`,
        { interval: 30 },
      );
      expect(refresh.statusCode).toBe(expected);
      if (expected === 200) expect(refresh.json()).toEqual({ detail: 'Refresh schedulato' });
    }
  });

  it('lists an event’s sessions with teams and venues', async () => {
    const res = (
      await (await t.as('anonimo')).get(`/api/gas/sessione/?evento=${d.nazionale.id}`)
    ).json();
    expect(res.count).toBe(2);
    const first = res.results[0];
    expect(first).toMatchObject({
      evento: d.nazionale.id,
      ufficiale: true,
      numero_qualificati: 10,
      inizio: expect.any(String),
    });
    expect(first.squadre_count).toBe(
      d.nazionale.squadre.filter((s) => s.sessioneId === first.id).length,
    );
    expect(first.poli.length).toBeGreaterThan(0);
    const scuole = (
      await (await t.as('anonimo')).get(`/api/gas/sessione/${first.id}/scuole/?limit=500`)
    ).json();
    expect(scuole.results[0]).toMatchObject({
      id: expect.any(Number),
      nome: expect.any(String),
      indirizzo: { citta: { name: expect.any(String) } },
    });
  });

  it('serves punteggi equal to computeLeaderboard on the same answers, and the score state', async () => {
    const anon = await t.as('anonimo');
    for (const id of d.passato.sessioni) {
      const page = (await anon.get(`/api/gas/sessione/${id}/punteggi/`)).json();
      expect(page.count).toBe(1);
      const { ora, json } = page.results[0];
      const expected = computeLeaderboard(await scoringInput(t.database.db, id), { now: ora });
      expect(json.valori).toEqual(expected.valori);
      const strip = ({ classifica_tempo: _h, polo: _p, ...rest }: Record<string, unknown>) => rest;
      expect(json.classifica.map(strip)).toEqual(
        JSON.parse(JSON.stringify(expected.classifica)).map(strip),
      );
      expect(json.classifica.some((e: { posizione: number | null }) => e.posizione === null)).toBe(
        json.classifica.some((e: { ospite: boolean }) => e.ospite),
      );

      const stato = (await anon.get(`/api/gas/sessione/${id}/stato/`)).json();
      expect(stato.numero_problemi).toBe(d.passato.problemi.length);
      const [team, cells] = Object.entries(stato.squadre)[0] as [
        string,
        [boolean, number, number | null][],
      ];
      expect(cells).toHaveLength(d.passato.problemi.length);
      expect(
        cells.every(
          ([ok, errors, by]) => typeof ok === 'boolean' && errors >= 0 && (by === null) === !ok,
        ),
      ).toBe(true);
      expect(stato.nomi[team]).toEqual(expect.any(String));
      for (const key of ['ordine_risoluzione', 'jolly', 'risolto_tutto', 'penalizzate', 'ospiti'])
        expect(stato).toHaveProperty(key);
    }
  });

  it('serves the cached snapshot until an answer changes it', async () => {
    await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90 });
    const team = d.nazionale.squadre[0]!;
    const url = `/api/gas/sessione/${team.sessioneId}/punteggi/`;
    const anon = await t.as('anonimo');
    const first = (await anon.get(url)).json().results[0];
    expect((await anon.get(url)).json().results[0].ora).toBe(first.ora);
    const body = {
      squadra: team.id,
      problema: d.nazionale.problemi[0]!.id,
      valore: '2,998',
      valore_exp: 8,
    };
    expect((await (await t.as('admin')).post('/api/gas/risposta/', body)).statusCode).toBe(201);
    const after = (await anon.get(url)).json().results[0];
    expect(after.json.numero_eventi).toBe(first.json.numero_eventi + 1);
    const entry = after.json.classifica.find((e: { id: number }) => e.id === team.id);
    expect(entry.solved[0]).toBe(true);
    expect(entry.new[0]).toBe(true);
  });

  it('delete_cache empties the stored snapshots; refresh publishes the request', async () => {
    const id = d.passato.sessioni[0]!;
    await t.database.db
      .insert(punteggiCache)
      .values({ sessioneId: id, ora: new Date(), json: { vecchio: true } });
    const admin = await t.as('admin');
    const messages: LiveMessage[] = [];
    vi.spyOn(LiveBus.prototype, 'publish').mockImplementation((m) => void messages.push(m));
    expect(
      (
        await admin.patch(`/api/gas/sessione/${id}/delete_cache/`, {
          ora: null,
          sessione: id,
          json: { x: 1 },
        })
      ).statusCode,
    ).toBe(200);
    expect((await counts(t.database.db)).punteggiCache).toBe(0);
    expect((await admin.request('PATCH', `/api/gas/sessione/${id}/delete_cache/`)).statusCode).toBe(
      200,
    );
    await admin.patch(`/api/gas/sessione/${id}/request_refresh_frontend_delayed/`, {
      interval: 45,
    });
    await admin.patch(`/api/gas/sessione/${id}/request_refresh_frontend_delayed/`, { interval: 0 });
    expect(messages).toEqual([
      { type: 'snapshot_cleared', sessioneId: id },
      { type: 'snapshot_cleared', sessioneId: id },
      { type: 'refresh_page_delayed', sessioneId: id, interval: 45 },
      { type: 'refresh_page', sessioneId: id },
    ]);
  });

  it('refuses bad admin payloads and ids', async () => {
    const staff = await t.as('staff');
    const id = d.nazionale.sessioni[0]!;
    const refresh = `/api/gas/sessione/${id}/request_refresh_frontend_delayed/`;
    for (const body of [
      {},
      { interval: -1 },
      { interval: 1.5 },
      { interval: '30' },
      { interval: 3601 },
      { interval: 'x'.repeat(100_000) },
    ]) {
      const res = await staff.patch(refresh, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().interval).toEqual([expect.any(String)]);
    }
    const cache = `/api/gas/sessione/${id}/delete_cache/`;
    for (const body of [{ ora: 'ieri' }, { sessione: 'abc' }, { ora: 'x'.repeat(100_000) }]) {
      expect((await staff.patch(cache, body)).statusCode).toBe(400);
    }
    for (const bad of ['abc', '0', String(2 ** 31)]) {
      expect((await staff.get(`/api/gas/sessione/${bad}/punteggi/`)).statusCode).toBe(400);
      expect((await staff.patch(`/api/gas/sessione/${bad}/delete_cache/`, {})).statusCode).toBe(
        400,
      );
    }
    expect((await staff.get('/api/gas/sessione/999999/stato/')).statusCode).toBe(404);
    expect((await staff.patch('/api/gas/sessione/999999/delete_cache/', {})).statusCode).toBe(404);
    expect((await staff.get('/api/gas/sessione/?evento=abc')).statusCode).toBe(400);
  });
});
