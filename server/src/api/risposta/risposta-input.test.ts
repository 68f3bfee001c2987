// Bad input to the answer endpoints (each refused with nothing stored), the
// answer check through the API at the tolerance edges, delivery times and
// duplicate submissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/testing';
import { createTestApp, type TestApp } from '../testing';
import { addProblemi, counts, createPrivateEvento, loadDemo, setClock, type Demo } from './testing';

const MINUTE = 60_000;
const iso = (deltaMs: number) => new Date(Date.now() + deltaMs).toISOString();

describe.each(testBackends())('risposta input on %s', (backend) => {
  let t: TestApp;
  let d: Demo;
  let priv: Awaited<ReturnType<typeof createPrivateEvento>>;
  let prob: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    d = await loadDemo(t.database.db);
    priv = await createPrivateEvento(t.database.db);
    await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    const added = await addProblemi(t.database.db, d.nazionale.id, [
      { soluzione: 2, soluzioneExp: 0, intervalloValidita: 0.005 },
      { soluzione: -2, soluzioneExp: 0, intervalloValidita: 0.005 },
      { soluzione: 0, soluzioneExp: 0, intervalloValidita: 0.005 },
      { soluzione: 1, soluzioneExp: 400, intervalloValidita: 0.005 },
      { soluzione: 1.5, soluzioneExp: -400, intervalloValidita: 0.01 },
    ]);
    prob = {
      due: added[0]!.id,
      menoDue: added[1]!.id,
      zero: added[2]!.id,
      enorme: added[3]!.id,
      minuscolo: added[4]!.id,
    };
  });
  afterAll(() => t.close());

  const team = () => d.squadre.altre[0]!;
  const valid = () => ({
    squadra: team(),
    problema: d.nazionale.problemi[0]!.id,
    valore: '1',
    valore_exp: 0,
  });

  describe('bad payloads change nothing', () => {
    const cases: [string, () => unknown, number, string?][] = [
      ['empty body', () => ({}), 400, 'valore'],
      ['missing squadra', () => ({ ...valid(), squadra: undefined }), 400, 'squadra'],
      ['string id', () => ({ ...valid(), squadra: 'abc' }), 400, 'squadra'],
      ['boolean id', () => ({ ...valid(), problema: true }), 400, 'problema'],
      ['id beyond int4', () => ({ ...valid(), squadra: 2 ** 31 }), 400, 'squadra'],
      ['float id', () => ({ ...valid(), squadra: 1.5 }), 400, 'squadra'],
      ['numeric valore', () => ({ ...valid(), valore: 12 }), 400, 'valore'],
      ['empty valore', () => ({ ...valid(), valore: '  ' }), 400, 'valore'],
      ['garbage valore', () => ({ ...valid(), valore: '1,2,3' }), 400, 'valore'],
      ['NaN valore', () => ({ ...valid(), valore: 'NaN' }), 400, 'valore'],
      ['100 kB valore', () => ({ ...valid(), valore: '1'.repeat(100_000) }), 400, 'valore'],
      ['65-character valore', () => ({ ...valid(), valore: '1'.repeat(65) }), 400, 'valore'],
      ['100 kB id', () => ({ ...valid(), squadra: '9'.repeat(100_000) }), 400, 'squadra'],
      ['float exponent', () => ({ ...valid(), valore_exp: 1.5 }), 400, 'valore_exp'],
      ['string exponent', () => ({ ...valid(), valore_exp: '3' }), 400, 'valore_exp'],
      ['exponent beyond 1000', () => ({ ...valid(), valore_exp: 1001 }), 400, 'valore_exp'],
      ['unknown team', () => ({ ...valid(), squadra: 999_999 }), 400, 'squadra'],
      ['unknown problem', () => ({ ...valid(), problema: 999_999 }), 400, 'problema'],
      [
        'team of another event',
        () => ({ ...valid(), squadra: d.passato.squadre[0]!.id }),
        400,
        'problema',
      ],
      [
        'problem of another event',
        () => ({ ...valid(), problema: d.passato.problemi[0]!.id }),
        400,
        'problema',
      ],
      [
        'problem of a private event',
        () => ({ ...valid(), problema: priv.problemi[0] }),
        400,
        'problema',
      ],
      [
        'malformed momento',
        () => ({ ...valid(), momento_consegna: 'ieri' }),
        400,
        'momento_consegna',
      ],
      [
        'momento without zone',
        () => ({ ...valid(), momento_consegna: '2026-03-15T09:00:00' }),
        400,
        'momento_consegna',
      ],
      [
        'momento in the future',
        () => ({ ...valid(), momento_consegna: iso(MINUTE) }),
        400,
        'momento_consegna',
      ],
      [
        'momento before the start',
        () => ({ ...valid(), momento_consegna: iso(-60 * MINUTE) }),
        400,
        'momento_consegna',
      ],
      ['array body', () => [valid()], 400],
    ];
    it.each(cases)('%s → %i', async (_name, body, status, field) => {
      const before = await counts(t.database.db);
      const res = await (await t.as('admin')).post('/api/gas/risposta/', body());
      expect(res.statusCode, res.body).toBe(status);
      if (field) expect(res.json()[field]?.[0], res.body).toEqual(expect.any(String));
      expect(await counts(t.database.db)).toEqual(before);
    });

    it('momento_consegna from a manager is forbidden; anonymous, CSRF-less and non-JSON requests too', async () => {
      const before = await counts(t.database.db);
      const principale = await t.as('principale');
      const own = { ...valid(), squadra: d.squadre.principale[0]!, momento_consegna: iso(-MINUTE) };
      const res = await principale.post('/api/gas/risposta/', own);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/momento di consegna/);
      expect(
        (await (await t.as('anonimo')).post('/api/gas/risposta/', { valore: 1 })).json(),
      ).toEqual({
        detail: 'Le credenziali di autenticazione non sono state fornite.',
      });
      const noCsrf = await principale.request('POST', '/api/gas/risposta/', own, { csrf: false });
      expect(noCsrf.statusCode).toBe(403);
      const notJson = await principale.request('POST', '/api/gas/risposta/', undefined, {
        payload: '{"valore":',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.statusCode).toBe(400);
      expect(await counts(t.database.db)).toEqual(before);
    });

    it('DELETE with a bad id', async () => {
      const admin = await t.as('admin');
      expect((await admin.delete('/api/gas/risposta/abc/')).statusCode).toBe(400);
      expect((await admin.delete(`/api/gas/risposta/${2 ** 31}/`)).statusCode).toBe(400);
      expect((await admin.delete('/api/gas/risposta/999999/')).statusCode).toBe(404);
    });
  });

  describe('answer checking through the API', () => {
    // [problem, valore, valore_exp, expected corretto]
    const cases: [string, string, number, boolean][] = [
      ['due', '2', 0, true],
      ['due', '2,01', 0, true], // upper bound s·(1+p), included
      ['due', '2.0100001', 0, false],
      ['due', '1,99005', 0, true], // just above s/(1+p) = 1.990049751...
      ['due', '1.99004', 0, false],
      ['due', '0,2', 1, true],
      ['due', '200', -2, true],
      ['due', '2e0', 0, true],
      ['due', '-2', 0, false],
      ['menoDue', '-2,01', 0, true],
      ['menoDue', '-2.0101', 0, false],
      ['menoDue', '-1,99005', 0, true],
      ['menoDue', '2', 0, false],
      ['zero', '0', 0, true],
      ['zero', '0,000', 7, true],
      ['zero', '-0', 0, true],
      ['zero', '1', -300, false],
      ['enorme', '1', 400, true],
      ['enorme', '10', 399, true],
      ['enorme', '1,005', 400, true],
      ['enorme', '1', 399, false],
      ['enorme', '1', 1000, false],
      ['minuscolo', '1,5', -400, true],
      ['minuscolo', '15', -401, true],
      ['minuscolo', '1,5', -399, false],
      ['minuscolo', '1,515', -400, true],
      ['minuscolo', '1,5151', -400, false],
    ];
    it.each(cases)('%s: %s × 10^%i → %s', async (key, valore, valore_exp, corretto) => {
      const body = { squadra: team(), problema: prob[key]!, valore, valore_exp };
      const res = await (await t.as('admin')).post('/api/gas/risposta/', body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ corretto, valore, valore_exp, kind: 'r' });
    });
  });

  describe('delivery time and duplicates', () => {
    it('stores a custom momento_consegna from the staff as the scoring date', async () => {
      const momento = iso(-10 * MINUTE);
      const body = { ...valid(), valore: '7', momento_consegna: momento };
      const res = await (await t.as('inseritore')).post('/api/gas/risposta/', body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ momento_consegna: momento, date: momento });
      expect(new Date(res.json().date_received).getTime()).toBeGreaterThan(Date.parse(momento));
    });

    it('takes the same answer sent twice in a row as one', async () => {
      const before = await counts(t.database.db);
      const admin = await t.as('admin');
      const body = { ...valid(), valore: '3,14' };
      const first = await admin.post('/api/gas/risposta/', body);
      const again = await admin.post('/api/gas/risposta/', body);
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.json().id).toBe(first.json().id);
      const other = await admin.post('/api/gas/risposta/', { ...body, valore_exp: 1 });
      expect(other.statusCode).toBe(201);
      expect((await counts(t.database.db)).risposta).toBe(before.risposta + 2);
    });
  });
});
