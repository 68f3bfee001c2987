// /api/gas/jolly/: the authorization matrix before and after the joker
// deadline, bad payloads (nothing stored), once per team even under a race,
// the kind-j answer row and its live event.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jolly, registro } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { LiveBus, type LiveMessage } from '../../live/bus';
import { createTestApp, ROLES, type Role, type TestApp } from '../testing';
import {
  counts,
  createPrivateEvento,
  loadDemo,
  setClock,
  squadreSenzaJolly,
  type Demo,
} from '../risposta/testing';

type Row = Record<Role, number>;
const row = (...codes: number[]): Row =>
  Object.fromEntries(ROLES.map((role, i) => [role, codes[i]!])) as Row;

//                      anonimo docente principale secondario inseritore amministratore staff admin
const PRIMA_SCADENZA = row(403, 403, 201, 201, 201, 201, 403, 201);
// After the deadline the staff key in a paper slip only with its delivery time (below).
const DOPO_SCADENZA = row(403, 403, 400, 400, 400, 400, 403, 400);
// Before the start nothing counts, the staff's jokers included (issue 12 item 9).
const PRIMA_INIZIO = row(403, 403, 400, 400, 400, 400, 403, 400);
const STAFF: readonly Role[] = ['inseritore', 'amministratore', 'admin'];
const LIST = row(200, 200, 200, 200, 200, 200, 200, 200);
const MINUTE = 60_000;
const GIA_SCELTO = 'La squadra ha già scelto il problema jolly.';

describe.each(testBackends())('jolly API on %s', (backend) => {
  let t: TestApp;
  let d: Demo;
  let priv: Awaited<ReturnType<typeof createPrivateEvento>>;
  let free: number[];
  const problem = () => d.nazionale.problemi[2]!.id;
  const nextFree = () => free.shift()!;
  const post = async (role: Role, body: object) => (await t.as(role)).post('/api/gas/jolly/', body);

  beforeAll(async () => {
    t = await createTestApp(backend);
    d = await loadDemo(t.database.db);
    priv = await createPrivateEvento(t.database.db);
    await setClock(t.database.db, d.nazionale.id, { inizio: -5, fine: 90, jolly: 30 });
    const mine = { squadra: priv.squadra, problema: priv.problemi[0] };
    expect((await post('amministratore', mine)).statusCode).toBe(201);
    // secondario's own two teams are kept for his rows of the matrix.
    free = (
      await squadreSenzaJolly(t.database.db, d.nazionale.id, [
        ...d.squadre.principale,
        ...d.squadre.secondario,
      ])
    ).filter((id) => !d.squadre.secondario.includes(id));
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it.each(ROLES)('before the deadline: %s', async (role) => {
    const squadra =
      role === 'principale'
        ? d.squadre.principale[0]!
        : role === 'secondario'
          ? d.squadre.secondario[1]!
          : nextFree();
    const res = await post(role, { squadra, problema: problem() });
    expect(res.statusCode, res.body).toBe(PRIMA_SCADENZA[role]);
    if (res.statusCode === 201) {
      expect(res.json()).toMatchObject({
        squadra,
        problema: problem(),
        risposta: expect.any(Number),
      });
    }
  });

  it.each(ROLES)('after the deadline: %s', async (role) => {
    await setClock(t.database.db, d.nazionale.id, { inizio: -60, fine: 30, jolly: -10 });
    const squadra = ['principale', 'secondario'].includes(role)
      ? d.squadre.secondario[0]!
      : nextFree();
    const before = await counts(t.database.db);
    const res = await post(role, { squadra, problema: problem() });
    expect(res.statusCode, res.body).toBe(DOPO_SCADENZA[role]);
    if (res.statusCode === 400 && STAFF.includes(role)) {
      expect(res.json().momento_consegna[0]).toMatch(/indica il momento di consegna/);
    } else if (res.statusCode === 400) {
      expect(res.json().non_field_errors).toEqual([
        'Il termine per scegliere il problema jolly è scaduto.',
      ]);
    }
    expect(await counts(t.database.db)).toEqual(before);
    await setClock(t.database.db, d.nazionale.id, { inizio: -5, fine: 90, jolly: 30 });
  });

  it.each(ROLES)('before the start: %s', async (role) => {
    await setClock(t.database.db, d.nazionale.id, { inizio: 30, fine: 150, jolly: 40 });
    try {
      const squadra = ['principale', 'secondario'].includes(role)
        ? d.squadre.secondario[0]!
        : free[0]!;
      const before = await counts(t.database.db);
      const res = await post(role, { squadra, problema: problem() });
      expect(res.statusCode, res.body).toBe(PRIMA_INIZIO[role]);
      if (res.statusCode === 400) {
        expect(res.json().non_field_errors[0]).toMatch(/non è ancora iniziata/);
      }
      expect(await counts(t.database.db)).toEqual(before);
    } finally {
      await setClock(t.database.db, d.nazionale.id, { inizio: -5, fine: 90, jolly: 30 });
    }
  });

  it('staff key in a late paper joker with a delivery time between the start and the deadline', async () => {
    await setClock(t.database.db, d.nazionale.id, { inizio: -60, fine: 30, jolly: -10 });
    try {
      const at = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
      const squadra = free[0]!;
      const before = await counts(t.database.db);
      for (const [momento, message] of [
        [at(-70), /compreso tra l’inizio e la fine/],
        [at(-5), /non può superare il termine/],
      ] as const) {
        const res = await post('inseritore', {
          squadra,
          problema: problem(),
          momento_consegna: momento,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().momento_consegna[0]).toMatch(message);
      }
      expect(await counts(t.database.db)).toEqual(before);
      const ok = await post('inseritore', {
        squadra: nextFree(),
        problema: problem(),
        momento_consegna: at(-30),
      });
      expect(ok.statusCode, ok.body).toBe(201);
    } finally {
      await setClock(t.database.db, d.nazionale.id, { inizio: -5, fine: 90, jolly: 30 });
    }
  });

  it.each(ROLES)('the list is public, private events aside: %s', async (role) => {
    const client = await t.as(role);
    const res = await client.get(`/api/gas/jolly/?squadra__evento=${d.nazionale.id}&limit=1000`);
    expect(res.statusCode).toBe(LIST[role]);
    expect(res.json().count).toBeGreaterThanOrEqual(4);
    expect(Object.keys(res.json().results[0]).sort()).toEqual([
      'id',
      'problema',
      'risposta',
      'squadra',
    ]);
    const hidden = (await client.get(`/api/gas/jolly/?squadra=${priv.squadra}`)).json().count;
    expect(hidden).toBe(['amministratore', 'admin'].includes(role) ? 1 : 0);
  });

  describe('bad payloads change nothing', () => {
    const cases: [string, Role, () => object, number, string?][] = [
      ['empty body', 'admin', () => ({}), 400, 'squadra'],
      ['string ids', 'admin', () => ({ squadra: 'x', problema: '1' }), 400, 'problema'],
      [
        '100 kB string',
        'admin',
        () => ({ squadra: 'x'.repeat(100_000), problema: problem() }),
        400,
        'squadra',
      ],
      [
        'id beyond int4',
        'admin',
        () => ({ squadra: 2 ** 31, problema: problem() }),
        400,
        'squadra',
      ],
      ['unknown team', 'admin', () => ({ squadra: 999_999, problema: problem() }), 400, 'squadra'],
      [
        'team of another event',
        'admin',
        () => ({ squadra: d.passato.squadre[0]!.id, problema: problem() }),
        400,
        'problema',
      ],
      [
        'problem of another event',
        'admin',
        () => ({ squadra: free[0]!, problema: d.aperto.problemi[0]!.id }),
        400,
        'problema',
      ],
      [
        'second joker',
        'admin',
        () => ({ squadra: d.squadre.principale[0]!, problema: problem() }),
        400,
        'non_field_errors',
      ],
      [
        'second joker by its manager',
        'principale',
        () => ({ squadra: d.squadre.principale[0]!, problema: problem() }),
        400,
        'non_field_errors',
      ],
      [
        'momento from a manager',
        'principale',
        () => ({
          squadra: d.squadre.secondario[1]!,
          problema: problem(),
          momento_consegna: new Date().toISOString(),
        }),
        403,
      ],
      [
        'momento after the deadline',
        'admin',
        () => ({
          squadra: free[0]!,
          problema: problem(),
          momento_consegna: new Date(Date.now() + 60 * MINUTE).toISOString(),
        }),
        400,
        'momento_consegna',
      ],
      ['anonymous', 'anonimo', () => ({ squadra: free[0]!, problema: problem() }), 403],
    ];
    it.each(cases)('%s', async (_name, role, body, status, field) => {
      const before = await counts(t.database.db);
      const res = await post(role, body());
      expect(res.statusCode, res.body).toBe(status);
      if (field) expect(res.json()[field]?.[0], res.body).toEqual(expect.any(String));
      if (field === 'non_field_errors') expect(res.json().non_field_errors).toEqual([GIA_SCELTO]);
      expect(await counts(t.database.db)).toEqual(before);
    });
  });

  it('lets only one of two simultaneous choices for a team through', async () => {
    const before = await counts(t.database.db);
    const squadra = nextFree();
    const admin = await t.as('admin');
    const inseritore = await t.as('inseritore');
    const results = await Promise.all([
      admin.post('/api/gas/jolly/', { squadra, problema: problem() }),
      inseritore.post('/api/gas/jolly/', { squadra, problema: d.nazionale.problemi[3]!.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const after = await counts(t.database.db);
    expect([after.jolly - before.jolly, after.risposta - before.risposta]).toEqual([1, 1]);
  });

  it('records a kind-j answer, publishes it after the commit; deleting it frees the choice', async () => {
    const messages: LiveMessage[] = [];
    const timeline: string[] = [];
    const db = t.database.db;
    const transaction = db.transaction.bind(db);
    vi.spyOn(db, 'transaction').mockImplementation(async (...args) => {
      const result = await transaction(...args);
      timeline.push('commit');
      return result;
    });
    vi.spyOn(LiveBus.prototype, 'publish').mockImplementation((message) => {
      timeline.push(message.type);
      messages.push(message);
    });
    const squadra = nextFree();
    const momento = new Date(Date.now() - MINUTE).toISOString();
    const admin = await t.as('admin');
    const res = await admin.post('/api/gas/jolly/', {
      squadra,
      problema: problem(),
      momento_consegna: momento,
    });
    expect(res.statusCode).toBe(201);
    const { risposta } = res.json();
    expect(timeline).toEqual(['commit', 'snapshot_invalidated', 'npe']);
    expect(messages[1]).toMatchObject({
      type: 'npe',
      event: { id: risposta, k: 'j', s: squadra, p: problem(), d: momento },
    });
    expect(messages[1]).not.toHaveProperty('event.c');

    const sessione = d.nazionale.squadre.find((s) => s.id === squadra)!.sessioneId;
    const all = (
      await admin.get(
        `/api/gas/risposta-all/pk_risposte/?squadra__sessione=${sessione}&pk__in=${risposta}`,
      )
    ).json();
    expect(all).toEqual([
      {
        id: risposta,
        k: 'j',
        s: squadra,
        p: problem(),
        d: momento,
        date_received: expect.any(String),
      },
    ]);

    const [scelta] = await db.select().from(jolly).where(eq(jolly.rispostaId, risposta));
    expect((await admin.delete(`/api/gas/risposta/${risposta}/`)).statusCode).toBe(204);
    const list = (await admin.get(`/api/gas/jolly/?squadra=${squadra}`)).json();
    expect(list.count).toBe(0);
    // Both in the log: the answer row and the joker it carried.
    expect(await eliminati(risposta, scelta!.id)).toEqual([
      ['risposta', risposta],
      ['jolly', scelta!.id],
    ]);
    expect((await admin.post('/api/gas/jolly/', { squadra, problema: problem() })).statusCode).toBe(
      201,
    );
  });

  it('deletes a joker from the back office as an answer’s page does: both rows, both logged, announced', async () => {
    const squadra = nextFree();
    const admin = await t.as('admin');
    const res = await admin.post('/api/gas/jolly/', { squadra, problema: problem() });
    expect(res.statusCode).toBe(201);
    const { id, risposta } = res.json();
    const published: LiveMessage[] = [];
    vi.spyOn(LiveBus.prototype, 'publish').mockImplementation((message) => {
      published.push(message);
    });
    const before = await counts(t.database.db);
    expect((await admin.delete(`/api/admin/jolly/${id}/`)).statusCode).toBe(204);
    const after = await counts(t.database.db);
    expect([before.jolly - after.jolly, before.risposta - after.risposta]).toEqual([1, 1]);
    expect(await eliminati(risposta, id)).toEqual([
      ['risposta', risposta],
      ['jolly', id],
    ]);
    expect(published).toContainEqual(expect.objectContaining({ type: 'npe_delete', id: risposta }));
  });

  /** The deletions logged for these answer and joker ids, in order. */
  async function eliminati(risposta: number, scelta: number) {
    const rows = await t.database.db
      .select({ risorsa: registro.risorsa, id: registro.oggettoId })
      .from(registro)
      .where(
        and(
          eq(registro.azione, 'elimina'),
          inArray(registro.risorsa, ['risposta', 'jolly']),
          inArray(registro.oggettoId, [risposta, scelta]),
        ),
      )
      .orderBy(registro.id);
    return rows
      .filter((r) => (r.risorsa === 'risposta' ? r.id === risposta : r.id === scelta))
      .map((r) => [r.risorsa, r.id]);
  }
});
