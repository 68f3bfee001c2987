// Authorization matrix of /risposta/ and /risposta-all/ (every role, every
// endpoint, inside and outside the contest window, public and private events)
// and the commit-before-publish guarantee of the live feed.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testBackends } from '../../db/testing';
import { LiveBus, type LiveMessage } from '../../live/bus';
import { createTestApp, ROLES, type Role, type TestApp } from '../testing';
import {
  createPrivateEvento,
  loadDemo,
  rispostaCount,
  rispostaExists,
  setClock,
  type Demo,
} from './testing';

type Row = Record<Role, number>;
const row = (...codes: number[]): Row =>
  Object.fromEntries(ROLES.map((role, i) => [role, codes[i]!])) as Row;

//                     anonimo docente principale secondario inseritore amministratore staff admin
const POST_IN_CORSO = row(403, 403, 201, 201, 201, 201, 403, 201);
// secondario: ss with the official flag inherited from principale, acting on his own team.
// Nobody's answer counts outside the contest, the event staff's included (issue 12 item 9).
const POST_FUORI = row(403, 403, 400, 400, 400, 400, 403, 400);
const STAFF: readonly Role[] = ['inseritore', 'amministratore', 'admin'];
const LIST = row(403, 200, 200, 200, 200, 200, 200, 200);
const DELETE = row(403, 403, 403, 403, 204, 204, 403, 204);
const PUBLIC = row(200, 200, 200, 200, 200, 200, 200, 200);
const PRIVATE = row(404, 404, 404, 404, 404, 200, 404, 200);
const POST_PRIVATE = row(403, 400, 400, 400, 400, 201, 400, 201);

describe.each(testBackends())('risposta API on %s', (backend) => {
  let t: TestApp;
  let d: Demo;
  let priv: Awaited<ReturnType<typeof createPrivateEvento>>;
  let n = 0;
  // Distinct values: the same answer twice within seconds is taken as a duplicate.
  const answer = (squadra: number, problema: number) => ({
    squadra,
    problema,
    valore: `${++n},5`,
    valore_exp: 0,
  });

  beforeAll(async () => {
    t = await createTestApp(backend);
    d = await loadDemo(t.database.db);
    priv = await createPrivateEvento(t.database.db);
    await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  describe('POST /api/gas/risposta/', () => {
    const team = () => d.squadre.secondario[0]!;
    const problem = () => d.nazionale.problemi[0]!.id;

    it.each(ROLES)('during the contest: %s', async (role) => {
      const res = await (await t.as(role)).post('/api/gas/risposta/', answer(team(), problem()));
      expect(res.statusCode, res.body).toBe(POST_IN_CORSO[role]);
      if (res.statusCode === 201) {
        expect(res.json()).toMatchObject({ squadra: team(), kind: 'r', corretto: false });
      }
    });

    it.each(ROLES)('before the start and after the end: %s', async (role) => {
      const client = await t.as(role);
      for (const clock of [
        { inizio: 60, fine: 180 },
        { inizio: -180, fine: -60 },
      ]) {
        await setClock(t.database.db, d.nazionale.id, clock);
        const before = await rispostaCount(t.database.db);
        const res = await client.post('/api/gas/risposta/', answer(team(), problem()));
        expect(res.statusCode, res.body).toBe(POST_FUORI[role]);
        if (res.statusCode === 400) {
          if (clock.inizio < 0 && STAFF.includes(role)) {
            // After the end the staff key in paper slips: with their delivery time.
            expect(res.json().momento_consegna[0]).toMatch(/indica il momento di consegna/);
          } else {
            expect(res.json().non_field_errors[0]).toMatch(/non è in corso/);
          }
        }
        expect(await rispostaCount(t.database.db)).toBe(before);
      }
      await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    });

    it.each(STAFF)(
      '%s keys in a paper slip after the end only with a delivery time within the contest',
      async (role) => {
        const client = await t.as(role);
        await setClock(t.database.db, d.nazionale.id, { inizio: -180, fine: -60, jolly: -150 });
        try {
          const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
          for (const outside of [at(-200), at(-50)]) {
            const res = await client.post('/api/gas/risposta/', {
              ...answer(team(), problem()),
              momento_consegna: outside,
            });
            expect(res.statusCode, res.body).toBe(400);
            expect(res.json().momento_consegna[0]).toMatch(/compreso tra l’inizio e la fine/);
          }
          const inside = at(-90);
          const res = await client.post('/api/gas/risposta/', {
            ...answer(team(), problem()),
            momento_consegna: inside,
          });
          expect(res.statusCode, res.body).toBe(201);
          expect(res.json().momento_consegna).toBe(inside);
        } finally {
          await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
        }
      },
    );

    it.each(ROLES)('in a private event: %s', async (role) => {
      const body = answer(priv.squadra, priv.problemi[0]!);
      const res = await (await t.as(role)).post('/api/gas/risposta/', body);
      expect(res.statusCode, res.body).toBe(POST_PRIVATE[role]);
      // Those who cannot see the event are told the team does not exist.
      if (res.statusCode === 400) expect(res.json().squadra[0]).toMatch(/non esiste/);
    });

    it('lets a manager answer for every team he owns, and no other', async () => {
      const principale = await t.as('principale');
      for (const squadra of [...d.squadre.secondario, ...d.squadre.principale]) {
        const res = await principale.post('/api/gas/risposta/', answer(squadra, problem()));
        expect(res.statusCode).toBe(201);
      }
      const other = await principale.post(
        '/api/gas/risposta/',
        answer(d.squadre.altre[0]!, problem()),
      );
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ detail: 'Non hai il permesso di eseguire questa azione.' });
    });
  });

  describe('GET /api/gas/risposta/', () => {
    it.each(ROLES)('%s sees the answers of the teams he may follow', async (role) => {
      const url = `/api/gas/risposta/?squadra__evento=${d.nazionale.id}&limit=5000`;
      const res = await (await t.as(role)).get(url);
      expect(res.statusCode).toBe(LIST[role]);
      if (res.statusCode !== 200) return;
      const teams = new Set(res.json().results.map((r: { squadra: number }) => r.squadra));
      const mine = {
        principale: [...d.squadre.secondario, ...d.squadre.principale],
        secondario: d.squadre.secondario,
      } as Record<string, number[]>;
      if (['inseritore', 'amministratore', 'admin'].includes(role)) {
        expect(res.json().count).toBeGreaterThan(0);
      } else if (mine[role]) {
        expect(res.json().count).toBeGreaterThan(0);
        for (const s of teams) expect(mine[role]).toContain(s);
      } else {
        expect(res.json().count).toBe(0);
      }
    });

    it('shows names, the author and the values to those allowed', async () => {
      const url = `/api/gas/risposta/?squadra=${d.squadre.secondario[0]}&limit=1`;
      const [first] = (await (await t.as('secondario')).get(url)).json().results;
      expect(first).toMatchObject({
        squadra: d.squadre.secondario[0],
        squadra_nome: expect.any(String),
        problema_nome: 'P1',
        valore: expect.stringMatching(/,5$/),
        inserita_da_nome: expect.any(String),
      });
    });

    it('refuses an unfiltered list and hides private events', async () => {
      const admin = await t.as('admin');
      expect((await admin.get('/api/gas/risposta/')).statusCode).toBe(400);
      const url = `/api/gas/risposta/?squadra__sessione=${priv.sessione}`;
      expect((await (await t.as('principale')).get(url)).statusCode).toBe(404);
      expect((await admin.get(url)).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/gas/risposta/{id}/', () => {
    it.each(ROLES)('%s', async (role) => {
      const admin = await t.as('admin');
      const created = await admin.post(
        '/api/gas/risposta/',
        answer(d.squadre.altre[1]!, d.nazionale.problemi[1]!.id),
      );
      const id = created.json().id as number;
      const res = await (await t.as(role)).delete(`/api/gas/risposta/${id}/`);
      expect(res.statusCode).toBe(DELETE[role]);
      expect(await rispostaExists(t.database.db, [id])).toEqual(res.statusCode === 204 ? [] : [id]);
      if (res.statusCode === 204) expect(res.body).toBe('');
    });

    it('answers 404 for a missing id and for private events one cannot see', async () => {
      const admin = await t.as('admin');
      const created = await admin.post(
        '/api/gas/risposta/',
        answer(priv.squadra, priv.problemi[0]!),
      );
      const id = created.json().id as number;
      expect((await (await t.as('inseritore')).delete(`/api/gas/risposta/${id}/`)).statusCode).toBe(
        404,
      );
      expect((await admin.delete(`/api/gas/risposta/${id}/`)).statusCode).toBe(204);
      expect((await admin.delete(`/api/gas/risposta/${id}/`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/gas/risposta-all/ and pk_risposte/', () => {
    it.each(ROLES)('%s', async (role) => {
      const client = await t.as(role);
      for (const [sessione, expected] of [
        [d.nazionale.sessioni[0]!, PUBLIC[role]],
        [priv.sessione, PRIVATE[role]],
      ] as const) {
        const all = await client.get(`/api/gas/risposta-all/?squadra__sessione=${sessione}`);
        expect(all.statusCode).toBe(expected);
        const pks = await client.get(
          `/api/gas/risposta-all/pk_risposte/?squadra__sessione=${sessione}`,
        );
        expect(pks.statusCode).toBe(expected);
      }
    });

    it('gives the scoring events in id order, without values, paginated by limit/offset', async () => {
      const sessione = d.passato.sessioni[0]!;
      const anon = await t.as('anonimo');
      const ids: number[] = (
        await anon.get(`/api/gas/risposta-all/pk_risposte/?squadra__sessione=${sessione}`)
      ).json();
      expect(ids.length).toBeGreaterThan(10);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      const page = (
        await anon.get(`/api/gas/risposta-all/?squadra__sessione=${sessione}&limit=5&offset=5`)
      ).json();
      expect(page.count).toBe(ids.length);
      expect(page.results.map((e: { id: number }) => e.id)).toEqual(ids.slice(5, 10));
      expect(page.next).toContain('offset=10');
      for (const e of page.results) {
        expect(Object.keys(e).sort()).toEqual(
          e.k === 'r' ? ['c', 'd', 'id', 'k', 'p', 's'] : ['d', 'id', 'k', 'p', 's'],
        );
      }
      const picked = ids.slice(0, 3);
      const again = await anon.get(
        `/api/gas/risposta-all/pk_risposte/?squadra__sessione=${sessione}&pk__in=${picked.join(',')},999999`,
      );
      expect(again.json().map((e: { id: number }) => e.id)).toEqual(picked);
      const after = (
        await anon.get(`/api/gas/risposta-all/?squadra__sessione=${sessione}&id__gt=${ids.at(-2)}`)
      ).json();
      expect(after.results.map((e: { id: number }) => e.id)).toEqual([ids.at(-1)]);
      expect(after.count).toBe(1);
      // The count, whether the page is the first and not full (counted from
      // its rows), full, or past the end.
      const count = async (query: string) =>
        (await anon.get(`/api/gas/risposta-all/?squadra__sessione=${sessione}&${query}`)).json()
          .count as number;
      expect(await count(`id__gt=${ids[2]}&limit=${ids.length}`)).toBe(ids.length - 3);
      expect(await count(`id__gt=${ids[2]}&limit=2`)).toBe(ids.length - 3);
      expect(await count(`id__gt=${ids[2]}&limit=2&offset=${ids.length}`)).toBe(ids.length - 3);
      expect(await count(`id__gt=${ids.at(-1)}`)).toBe(0);
    });

    it('needs a session and refuses malformed filters', async () => {
      const anon = await t.as('anonimo');
      const missing = await anon.get('/api/gas/risposta-all/');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().squadra__sessione).toEqual(['Questo campo è obbligatorio.']);
      for (const bad of ['abc', '-1', '99999999999', '1.5']) {
        const res = await anon.get(`/api/gas/risposta-all/?squadra__sessione=${bad}`);
        expect(res.statusCode).toBe(400);
      }
      const s = d.nazionale.sessioni[0];
      const badPk = await anon.get(
        `/api/gas/risposta-all/pk_risposte/?squadra__sessione=${s}&pk__in=1,x`,
      );
      expect(badPk.statusCode).toBe(400);
      const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
      const huge = await anon.get(
        `/api/gas/risposta-all/pk_risposte/?squadra__sessione=${s}&pk__in=${tooMany}`,
      );
      expect(huge.statusCode).toBe(400);
      expect((await anon.get('/api/gas/risposta-all/?squadra__sessione=999999')).statusCode).toBe(
        404,
      );
    });

    // The visibility check is shared among the page loads (access/lookups.ts):
    // a change of who may see the event empties it once the change feed brings it.
    it('stop for the public as soon as the event turns private, and come back with it', async () => {
      const anon = await t.as('anonimo');
      const admin = await t.as('admin');
      const s = d.nazionale.sessioni[0];
      const url = `/api/gas/risposta-all/?squadra__sessione=${s}&limit=1`;
      const pk = `/api/gas/risposta-all/pk_risposte/?squadra__sessione=${s}`;
      const evento = `/api/gas/evento/${d.nazionale.id}/`;
      expect((await anon.get(url)).statusCode).toBe(200);
      const { tipologia } = (await admin.get(evento)).json();
      expect((await admin.patch(evento, { tipologia: 'priv' })).statusCode).toBe(200);
      try {
        await vi.waitFor(async () => expect((await anon.get(url)).statusCode).toBe(404), {
          timeout: 2000,
        });
        expect((await anon.get(pk)).statusCode).toBe(404);
        expect((await admin.get(url)).statusCode).toBe(200);
      } finally {
        expect((await admin.patch(evento, { tipologia })).statusCode).toBe(200);
      }
      await vi.waitFor(async () => expect((await anon.get(url)).statusCode).toBe(200), {
        timeout: 2000,
      });
    });
  });

  describe('live feed', () => {
    it('publishes npe only after the commit, and nothing for a refused answer', async () => {
      const timeline: string[] = [];
      const messages: LiveMessage[] = [];
      const db = t.database.db;
      const transaction = db.transaction.bind(db);
      vi.spyOn(db, 'transaction').mockImplementation(async (...args) => {
        const result = await transaction(...args);
        timeline.push('commit');
        return result;
      });
      // An answer is stored by one statement, its own transaction (consegna.ts).
      const client = t.database.client as { query(...args: unknown[]): Promise<unknown> };
      const query = client.query.bind(client);
      vi.spyOn(client, 'query').mockImplementation(async (...args: unknown[]) => {
        const result = await query(...args);
        if (JSON.stringify(args[0]).includes('gas_consegna_risposte')) timeline.push('commit');
        return result;
      });
      vi.spyOn(LiveBus.prototype, 'publish').mockImplementation((message) => {
        timeline.push(message.type);
        messages.push(message);
      });
      const admin = await t.as('admin');
      const body = answer(d.squadre.altre[2]!, d.nazionale.problemi[0]!.id);
      const res = await admin.post('/api/gas/risposta/', {
        ...body,
        valore: '2,998',
        valore_exp: 8,
      });
      expect(res.statusCode).toBe(201);
      const { id, date } = res.json();
      expect(timeline).toEqual(['commit', 'snapshot_invalidated', 'npe']);
      expect(messages[1]).toEqual({
        type: 'npe',
        sessioneId: expect.any(Number),
        event: { id, k: 'r', s: body.squadra, p: body.problema, c: true, d: date },
      });

      timeline.length = 0;
      const refused = await (
        await t.as('principale')
      ).post('/api/gas/risposta/', answer(d.squadre.altre[2]!, body.problema));
      expect(refused.statusCode).toBe(403);
      expect(timeline).toEqual([]);

      expect((await admin.delete(`/api/gas/risposta/${id}/`)).statusCode).toBe(204);
      expect(timeline).toEqual(['commit', 'snapshot_invalidated', 'npe_delete']);
      expect(messages.at(-1)).toMatchObject({ type: 'npe_delete', id });
    });
  });
});
