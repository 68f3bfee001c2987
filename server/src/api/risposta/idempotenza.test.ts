// Idempotency-Key on answers and jokers over HTTP (issue 17): a retry, a
// reload or another tab sending the same key gets the stored answer with the
// first status and body, never a second row; another body with the same key
// is refused; under concurrency one key stores one row.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGGI_GARA } from '@gas/contracts';
import { testBackends } from '../../db/testing';
import { createTestApp, type Client, type TestApp } from '../testing';
import { counts, loadDemo, rispostaCount, setClock, squadreSenzaJolly, type Demo } from './testing';

describe.each(testBackends())('idempotency keys on %s', (backend) => {
  let t: TestApp;
  let d: Demo;
  let inseritore: Client;
  let n = 0;
  /** The app's own log lines (its real logger, at its configured level). */
  const righe: string[] = [];
  /** Errors logged, and anything Fastify says about sending twice. */
  const erroriNelLog = () =>
    righe
      .map((r) => JSON.parse(r) as { level: number; msg?: string; err?: { code?: string } })
      .filter((r) => r.level >= 50 || r.err?.code === 'FST_ERR_REP_ALREADY_SENT');
  /** The handler of a replay ran to its end (what it did after sending, too). */
  const finito = () => new Promise((r) => setTimeout(r, 300));
  const answer = () => ({
    squadra: d.squadre.altre[0]!,
    problema: d.nazionale.problemi[1]!.id,
    valore: `${++n},75`,
    valore_exp: 0,
  });
  const invia = (client: Client, url: string, body: unknown, chiave: string) =>
    client.request('POST', url, body, { headers: { 'idempotency-key': chiave } });

  beforeAll(async () => {
    t = await createTestApp(backend, { logDestination: { write: (l) => void righe.push(l) } });
    d = await loadDemo(t.database.db);
    await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    inseritore = await t.as('inseritore');
  });
  afterAll(() => t.close());

  it('the same key again: the stored answer, same status and body, one row', async () => {
    const body = answer();
    const chiave = `"${randomUUID()}"`;
    const prima = await rispostaCount(t.database.db);
    const first = await invia(inseritore, '/api/gas/risposta/', body, chiave);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Long after the 10-second duplicate window would have let it through.
    const again = await invia(inseritore, '/api/gas/risposta/', body, chiave);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await rispostaCount(t.database.db)).toBe(prima + 1);
  });

  it('a retry after the contest ended still gets its stored answer', async () => {
    const body = answer();
    const chiave = randomUUID();
    const first = await invia(inseritore, '/api/gas/risposta/', body, chiave);
    expect(first.statusCode).toBe(201);
    await setClock(t.database.db, d.nazionale.id, { inizio: -120, fine: -1 });
    try {
      const again = await invia(inseritore, '/api/gas/risposta/', body, chiave);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      // A new key is a new answer, refused as the contest is over.
      const nuova = await invia(inseritore, '/api/gas/risposta/', body, randomUUID());
      expect(nuova.statusCode).toBe(400);
    } finally {
      await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    }
  });

  it('the same key with another body: 422 in Italian, nothing stored', async () => {
    const chiave = randomUUID();
    const body = answer();
    expect((await invia(inseritore, '/api/gas/risposta/', body, chiave)).statusCode).toBe(201);
    const prima = await rispostaCount(t.database.db);
    const diverso = await invia(inseritore, '/api/gas/risposta/', { ...body, valore: '1' }, chiave);
    expect(diverso.statusCode).toBe(422);
    expect(diverso.json()).toEqual({ detail: MESSAGGI_GARA.chiaveRiusata });
    // A joker with an answer's key is another request too.
    const jolly = await invia(
      inseritore,
      '/api/gas/jolly/',
      { squadra: body.squadra, problema: body.problema },
      chiave,
    );
    expect(jolly.statusCode).toBe(422);
    expect(await rispostaCount(t.database.db)).toBe(prima);
  });

  it('a replayed answer or joker is sent once: no error logged, nothing written again', async () => {
    const [squadra] = await squadreSenzaJolly(t.database.db, d.nazionale.id);
    const jolly = { squadra: squadra!, problema: d.nazionale.problemi[3]!.id };
    const risposta = answer();
    const [chiaveJolly, chiaveRisposta] = [randomUUID(), randomUUID()];
    expect((await invia(inseritore, '/api/gas/jolly/', jolly, chiaveJolly)).statusCode).toBe(201);
    expect(
      (await invia(inseritore, '/api/gas/risposta/', risposta, chiaveRisposta)).statusCode,
    ).toBe(201);
    await finito();
    const prima = await counts(t.database.db);
    righe.length = 0;
    const again = await invia(inseritore, '/api/gas/jolly/', jolly, chiaveJolly);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The answer's replay after the contest: found when the checks refuse it.
    await setClock(t.database.db, d.nazionale.id, { inizio: -120, fine: -1 });
    try {
      const ripetuta = await invia(inseritore, '/api/gas/risposta/', risposta, chiaveRisposta);
      expect(ripetuta.statusCode).toBe(201);
      expect(ripetuta.headers['idempotent-replayed']).toBe('true');
      await finito();
    } finally {
      await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    }
    expect(erroriNelLog()).toEqual([]);
    expect(await counts(t.database.db)).toEqual(prima);
  });

  it('two keys with the same answer are two answers (two entries of one slip)', async () => {
    const body = answer();
    const a = await invia(inseritore, '/api/gas/risposta/', body, randomUUID());
    const b = await invia(inseritore, '/api/gas/risposta/', body, randomUUID());
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
  });

  it('a key is its user’s own: another user sending it makes another answer', async () => {
    const chiave = randomUUID();
    const admin = await t.as('admin');
    const a = await invia(inseritore, '/api/gas/risposta/', answer(), chiave);
    const b = await invia(admin, '/api/gas/risposta/', answer(), chiave);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
  });

  it.each([['corta'], ['con spazi dentro 123'], ['"x"'], ['ß'.repeat(10)], ['a'.repeat(129)]])(
    'a malformed key (%s) is a 400 in Italian',
    async (chiave) => {
      const res = await invia(inseritore, '/api/gas/risposta/', answer(), chiave);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: MESSAGGI_GARA.chiaveNonValida });
    },
  );

  it.each([['digitazione-1'], ['digitazione-123456'], ['"Digitazione-7"'], ['digitazione-abc']])(
    'a key of the form the server reserves for double entry (%s): 400 in Italian, nothing stored',
    async (chiave) => {
      const prima = await rispostaCount(t.database.db);
      for (const [url, body] of [
        ['/api/gas/risposta/', answer()],
        [
          '/api/gas/jolly/',
          { squadra: d.squadre.altre[0]!, problema: d.nazionale.problemi[1]!.id },
        ],
      ] as const) {
        const res = await invia(inseritore, url, body, chiave);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ detail: MESSAGGI_GARA.chiaveRiservata });
      }
      expect(await rispostaCount(t.database.db)).toBe(prima);
    },
  );

  it('ten tabs sending one key at once store one row and all get it', async () => {
    const body = answer();
    const chiave = randomUUID();
    const prima = await rispostaCount(t.database.db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => invia(inseritore, '/api/gas/risposta/', body, chiave)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await rispostaCount(t.database.db)).toBe(prima + 1);
  });

  it('jokers: the same key answers the stored joker, even past its deadline and under concurrency', async () => {
    const [squadra, altra] = await squadreSenzaJolly(t.database.db, d.nazionale.id);
    const body = { squadra: squadra!, problema: d.nazionale.problemi[2]!.id };
    const chiave = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => invia(inseritore, '/api/gas/jolly/', body, chiave)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);

    await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: -1 });
    try {
      const again = await invia(inseritore, '/api/gas/jolly/', body, chiave);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(results[0]!.json());
      const altro = await invia(
        inseritore,
        '/api/gas/jolly/',
        { ...body, squadra: altra! },
        chiave,
      );
      expect(altro.statusCode).toBe(422);
    } finally {
      await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    }
  });

  describe('the typed time of an answer kept offline (momento_digitazione)', () => {
    const fa = (minuti: number) => new Date(Date.now() - minuti * 60_000).toISOString();
    const digitata = (momento_digitazione: string, extra: object = {}) => ({
      ...answer(),
      momento_digitazione,
      ...extra,
    });

    it('is the delivery time of the event staff’s answer', async () => {
      const quando = fa(5);
      const res = await invia(inseritore, '/api/gas/risposta/', digitata(quando), randomUUID());
      expect(res.statusCode).toBe(201);
      expect(res.json().momento_consegna).toBe(quando);
    });

    it.each([
      ['in the future', () => fa(-1), MESSAGGI_GARA.digitazioneNelFuturo],
      ['over the bound before its receipt', () => fa(61), MESSAGGI_GARA.digitazioneTroppoVecchia],
      ['before the start', () => fa(40), MESSAGGI_GARA.momentoFuoriGara],
    ])('is refused %s, in Italian, storing nothing', async (_caso, quando, messaggio) => {
      const prima = await rispostaCount(t.database.db);
      const res = await invia(inseritore, '/api/gas/risposta/', digitata(quando()), randomUUID());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ momento_digitazione: [messaggio] });
      expect(await rispostaCount(t.database.db)).toBe(prima);
    });

    it('not with a delivery time too; never from who may not choose the time', async () => {
      const entrambi = await invia(
        inseritore,
        '/api/gas/risposta/',
        digitata(fa(1), { momento_consegna: fa(2) }),
        randomUUID(),
      );
      expect(entrambi.json()).toEqual({
        momento_digitazione: [MESSAGGI_GARA.digitazioneConMomento],
      });
      const principale = await t.as('principale');
      const res = await invia(
        principale,
        '/api/gas/risposta/',
        { ...digitata(fa(1)), squadra: d.squadre.principale[0]! },
        randomUUID(),
      );
      expect(res.statusCode).toBe(403);
    });
  });
});
