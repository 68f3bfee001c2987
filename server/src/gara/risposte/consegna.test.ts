// The one-statement store of checked answers (gas_consegna_risposte) and the
// group commit in front of it, on both databases: outcomes per row, the
// database's last word on stale copies, duplicates inside one batch, one bad
// row not failing its batch, and a solution correction racing a submission.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problema, registro, risposta, users, type Problema } from '../../db/schema';
import { createTestDatabase, testBackends, type TestDatabase } from '../../db/testing';
import { ricontrollaRisposte } from '../ricontrollo';
import { ConsegnaBatcher, consegnaRisposte, type ConsegnaInput } from './consegna';
import { loadDemo, setClock, type Demo } from '../../api/risposta/testing';

describe.each(testBackends())('consegna of answers on %s', (backend) => {
  let database: TestDatabase;
  let d: Demo;
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase(backend, { seed: true });
    d = await loadDemo(database.db);
    await setClock(database.db, d.nazionale.id, { inizio: -30, fine: 90 });
  });
  afterAll(() => database.close());

  const team = (i: number) => d.nazionale.squadre[i]!;
  const problem = (i: number): Problema => d.nazionale.problemi[i]!;
  /** A checked answer as the route builds it (a distinct value unless given). */
  const input = (over: Partial<ConsegnaInput> = {}): ConsegnaInput => {
    const now = new Date();
    return {
      squadraId: team(0).id,
      sessioneId: team(0).sessioneId,
      problema: problem(0),
      valore: `${++n},25`,
      valoreExp: 0,
      momentoConsegna: now,
      momentoScelto: false,
      ricevuta: now,
      corretto: false,
      inseritaDa: null,
      indirizzo: '192.0.2.7',
      chiave: null,
      impronta: null,
      ...over,
    };
  };
  const stored = (id: number) =>
    database.db
      .select()
      .from(risposta)
      .where(eq(risposta.id, id))
      .then((rows) => rows[0]);

  it('writes the audit entry of each stored answer in the same statement, none for a duplicate', async () => {
    const entries = (id: number) =>
      database.db
        .select()
        .from(registro)
        .where(and(eq(registro.risorsa, 'risposta'), eq(registro.oggettoId, id)));
    const [{ id: admin } = { id: 0 }] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'admin'));
    const first = input({ inseritaDa: admin, corretto: true });
    const [created] = await consegnaRisposte(database, [first]);
    if (created?.esito !== 'created') throw new Error('not stored');
    const [entry] = await entries(created.row.id);
    expect(entry).toMatchObject({
      utenteId: admin,
      // Read from the account when the log is listed (not looked up per answer).
      utenteNome: '',
      indirizzo: '192.0.2.7',
      origine: 'api',
      azione: 'crea',
      oggettoNome: first.valore,
    });
    expect(entry!.modifiche).toMatchObject({
      squadra: [null, first.squadraId],
      problema: [null, first.problema.id],
      valore: [null, first.valore],
      corretto: [null, true],
      inserita_da: [null, admin],
    });
    const [again] = await consegnaRisposte(database, [{ ...first }]);
    expect(again?.esito).toBe('duplicate');
    expect(await entries(created.row.id)).toHaveLength(1);
  });

  it('stores a batch and returns each row, in the order given', async () => {
    const inputs = [
      input({ squadraId: team(2).id, sessioneId: team(2).sessioneId }),
      input(),
      input({ corretto: true }),
    ];
    const outcomes = await consegnaRisposte(database, inputs);
    expect(outcomes.map((o) => o.esito)).toEqual(['created', 'created', 'created']);
    for (const [i, outcome] of outcomes.entries()) {
      if (!('row' in outcome)) throw new Error('unexpected');
      const row = await stored(outcome.row.id);
      expect(outcome.row).toEqual(row);
      expect(row).toMatchObject({
        squadraId: inputs[i]!.squadraId,
        valore: inputs[i]!.valore,
        corretto: inputs[i]!.corretto,
        kind: 'r',
      });
    }
  });

  it('gives back the earlier row for the same answer, within the batch too', async () => {
    const first = input();
    const [a, b] = await consegnaRisposte(database, [first, { ...first }]);
    expect(a!.esito).toBe('created');
    expect(b!.esito).toBe('duplicate');
    if (!('row' in a!) || !('row' in b!)) throw new Error('unexpected');
    expect(b!.row.id).toBe(a!.row.id);
    const [again] = await consegnaRisposte(database, [{ ...first, ricevuta: new Date() }]);
    expect(again).toMatchObject({ esito: 'duplicate', row: { id: a!.row.id } });
    // Past the window it is a new answer.
    const later = new Date(Date.now() + 11_000);
    const [late] = await consegnaRisposte(database, [{ ...first, ricevuta: later }]);
    expect(late!.esito).toBe('created');
    // A keyed-in slip with another delivery time is another slip.
    const slip = input({ momentoScelto: true, momentoConsegna: new Date(Date.now() - 60_000) });
    const [s1, s2] = await consegnaRisposte(database, [
      slip,
      { ...slip, momentoConsegna: new Date(Date.now() - 30_000) },
    ]);
    expect([s1!.esito, s2!.esito]).toEqual(['created', 'created']);
  });

  it('refuses as stale a changed solution or a team no longer in that session, storing nothing', async () => {
    const before = await database.db.select({ id: risposta.id }).from(risposta);
    const changed = { ...problem(1), soluzione: problem(1).soluzione + 1 };
    const otherSession = d.nazionale.sessioni.find((s) => s !== team(0).sessioneId)!;
    const outcomes = await consegnaRisposte(database, [
      input({ problema: changed }),
      input({ problema: { ...problem(1), intervalloValidita: 0.5 } }),
      input({ sessioneId: otherSession }),
      input({ squadraId: 999_999 }),
      input({ problema: problem(1) }),
    ]);
    expect(outcomes.map((o) => o.esito)).toEqual(['stale', 'stale', 'stale', 'stale', 'created']);
    const after = await database.db.select({ id: risposta.id }).from(risposta);
    expect(after.length).toBe(before.length + 1);
  });

  it('a key already used answers with its stored row, also when the team or the solution changed since', async () => {
    const [{ id: utente } = { id: 0 }] = await database.db
      .select({ id: users.id })
      .from(users)
      .limit(1);
    const otherSession = d.nazionale.sessioni.find((s) => s !== team(0).sessioneId)!;
    const changed = { ...problem(3), soluzione: problem(3).soluzione + 1 };
    const keyed = (chiave: string) =>
      input({ inseritaDa: utente, chiave, impronta: 'a', problema: problem(3) });
    const first = keyed(`chiave-${++n}`);
    const [created] = await consegnaRisposte(database, [first]);
    if (created?.esito !== 'created') throw new Error(`not stored: ${created?.esito}`);
    const outcomes = await consegnaRisposte(database, [
      { ...first },
      { ...first, impronta: 'b' },
      { ...first, problema: changed },
      { ...first, sessioneId: otherSession },
      { ...keyed(`chiave-${++n}`), problema: changed },
    ]);
    expect(outcomes.map((o) => o.esito)).toEqual([
      'replay',
      'conflict',
      'replay',
      'replay',
      'stale',
    ]);
    for (const o of [outcomes[0], outcomes[2], outcomes[3]]) {
      expect(o && 'row' in o ? o.row.id : null).toBe(created.row.id);
    }
    const rows = await database.db
      .select({ id: risposta.id })
      .from(risposta)
      .where(eq(risposta.chiaveIdempotenza, first.chiave!));
    expect(rows).toEqual([{ id: created.row.id }]);
  });

  it('batches answers that arrive while the database is busy, and answers each', async () => {
    const batcher = new ConsegnaBatcher(database, 1);
    const inputs = Array.from({ length: 40 }, (_, i) =>
      input({ squadraId: team(i % 10).id, sessioneId: team(i % 10).sessioneId }),
    );
    const outcomes = await Promise.all(inputs.map((x) => batcher.submit(x)));
    expect(outcomes.every((o) => o.esito === 'created')).toBe(true);
    const ids = outcomes.map((o) => ('row' in o ? o.row.id : 0));
    expect(new Set(ids).size).toBe(40);
    expect(batcher.stats.answers).toBe(40);
    expect(batcher.stats.statements).toBeLessThan(40);
    expect(batcher.stats.largestBatch).toBeGreaterThan(1);
    for (const [i, id] of ids.entries()) {
      expect((await stored(id))?.valore).toBe(inputs[i]!.valore);
    }
  });

  it('does not fail a batch for one bad row: that one alone gets the error', async () => {
    const batcher = new ConsegnaBatcher(database, 1);
    // A submitter who no longer exists: the insert breaks a foreign key.
    const results = await Promise.allSettled([
      batcher.submit(input()),
      batcher.submit(input({ inseritaDa: 999_999 })),
      batcher.submit(input()),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batcher.stats.fallbacks).toBe(1);
  });

  it('a submission racing a solution correction waits for it, then is refused as stale', async () => {
    const p = problem(2);
    const team5 = team(5);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let submitted: Promise<unknown> | null = null;
    let settledEarly = false;
    await database.db.transaction(async (tx) => {
      await tx
        .update(problema)
        .set({ soluzione: p.soluzione * 2 + 1 })
        .where(eq(problema.id, p.id));
      await ricontrollaRisposte(tx, [p.id], { userId: null, indirizzo: '', origine: 'sistema' });
      // The organiser's transaction holds the lock: the answer checked against
      // the old solution must wait for it, not slip in unchecked.
      submitted = consegnaRisposte(database, [
        input({ squadraId: team5.id, sessioneId: team5.sessioneId, problema: p }),
      ]).finally(() => (settledEarly = true));
      setTimeout(release, 300);
      await gate;
      expect(settledEarly).toBe(false);
    });
    const [outcome] = (await submitted!) as Awaited<ReturnType<typeof consegnaRisposte>>;
    expect(outcome!.esito).toBe('stale');
    const rows = await database.db
      .select()
      .from(risposta)
      .where(and(eq(risposta.squadraId, team5.id), eq(risposta.problemaId, p.id)));
    expect(rows).toEqual([]);
    await database.db.update(problema).set({ soluzione: p.soluzione }).where(eq(problema.id, p.id));
  });

  it('serialises one team: twins sent at the same time store one row', async () => {
    // On PostgreSQL the pool runs these in parallel on separate connections.
    const twins = Array.from({ length: 8 }, () => input());
    const results = await Promise.all(
      twins.flatMap((x) => [
        consegnaRisposte(database, [x]),
        consegnaRisposte(database, [{ ...x }]),
      ]),
    );
    const esiti = results.map((r) => r[0]!.esito);
    expect(esiti.filter((e) => e === 'created')).toHaveLength(8);
    expect(esiti.filter((e) => e === 'duplicate')).toHaveLength(8);
  });

  describe('idempotency keys (issue 17)', () => {
    let userId = 0;
    beforeAll(async () => {
      [{ id: userId }] = (await database.db.select({ id: users.id }).from(users).limit(1)) as [
        { id: number },
      ];
    });
    let k = 0;
    const keyed = (over: Partial<ConsegnaInput> = {}) =>
      input({ inseritaDa: userId, chiave: `chiave-${++k}-abcdef`, impronta: `i${k}`, ...over });

    it('the same key again answers the stored row; with another request, a conflict; nothing new stored', async () => {
      const first = keyed();
      const [a] = await consegnaRisposte(database, [first]);
      expect(a!.esito).toBe('created');
      const before = await database.db.select({ id: risposta.id }).from(risposta);
      // Long after the duplicate window, and within one batch too.
      const later = new Date(Date.now() + 60_000);
      const [b, c] = await consegnaRisposte(database, [
        { ...first, ricevuta: later },
        { ...first, valore: '99', impronta: 'altra' },
      ]);
      expect(b).toMatchObject({
        esito: 'replay',
        row: { id: (a as { row: { id: number } }).row.id },
      });
      expect(c).toEqual({ esito: 'conflict' });
      expect(await database.db.select({ id: risposta.id }).from(risposta)).toHaveLength(
        before.length,
      );
      const row = await stored((a as { row: { id: number } }).row.id);
      expect(row).toMatchObject({
        chiaveIdempotenza: first.chiave,
        improntaRichiesta: first.impronta,
      });
    });

    it('two keys are two answers, even with the same value within the duplicate window', async () => {
      const one = keyed();
      const [a, b] = await consegnaRisposte(database, [one, keyed({ valore: one.valore })]);
      expect([a!.esito, b!.esito]).toEqual(['created', 'created']);
    });

    it('a key is the submitter’s own: another user’s same key is another answer', async () => {
      const [{ id: other }] = (await database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.id} <> ${userId}`)
        .limit(1)) as [{ id: number }];
      const mine = keyed();
      const [a, b] = await consegnaRisposte(database, [mine, { ...mine, inseritaDa: other }]);
      expect([a!.esito, b!.esito]).toEqual(['created', 'created']);
    });

    it('under concurrency one key stores one row: the others answer it', async () => {
      // On PostgreSQL separate connections race on the unique index; through
      // the batcher, same-statement twins meet in the function.
      const batcher = new ConsegnaBatcher(database, 4);
      const one = keyed();
      const results = await Promise.all([
        ...Array.from({ length: 6 }, () => consegnaRisposte(database, [{ ...one }])),
        ...Array.from({ length: 6 }, () => batcher.submit({ ...one }).then((o) => [o])),
      ]);
      const esiti = results.map((r) => r[0]!.esito);
      expect(esiti.filter((e) => e === 'created')).toHaveLength(1);
      expect(esiti.filter((e) => e === 'replay')).toHaveLength(11);
      const ids = new Set(results.map((r) => ('row' in r[0]! ? r[0].row.id : 0)));
      expect(ids.size).toBe(1);
      const rows = await database.db
        .select({ id: risposta.id })
        .from(risposta)
        .where(eq(risposta.chiaveIdempotenza, one.chiave!));
      expect(rows).toHaveLength(1);
    });
  });
});
