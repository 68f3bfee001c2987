import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PG_CHECK_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgError,
} from './client';
import { evento, jolly, problema, risposta, sessione, squadra } from './schema';
import { createTestDatabase, testBackends, type TestDatabase } from './testing';

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return pgError(error);
  }
  throw new Error('expected a database error');
}

describe.each(testBackends())('constraints on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend, { seed: true });
  });
  afterAll(() => database?.close());

  const problemiAperto = async () => {
    const db = database.db;
    const [aperto] = await db.select().from(evento).where(eq(evento.tipologia, 'pub'));
    return db
      .select()
      .from(problema)
      .where(eq(problema.eventoId, aperto!.id))
      .orderBy(asc(problema.ordine));
  };

  it('allow one joker per team', async () => {
    const [existing] = await database.db.select().from(jolly).limit(1);
    const error = await failure(
      database.db
        .insert(jolly)
        .values({ squadraId: existing!.squadraId, problemaId: existing!.problemaId }),
    );
    expect(error).toMatchObject({ code: PG_UNIQUE_VIOLATION, constraint: 'jolly_squadra_unique' });
  });

  it('reject a duplicate problem order at commit, not at the statement', async () => {
    const [p1, p2] = await problemiAperto();
    let statementPassed = false;
    const error = await failure(
      database.db.transaction(async (tx) => {
        await tx.update(problema).set({ ordine: p1!.ordine }).where(eq(problema.id, p2!.id));
        statementPassed = true;
      }),
    );
    expect(statementPassed).toBe(true);
    expect(error).toMatchObject({ code: PG_UNIQUE_VIOLATION });
    const after = await problemiAperto();
    expect(after.map((p) => p.ordine)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('allow reordering problems within one transaction', async () => {
    const before = await problemiAperto();
    const reversed = [...before].reverse();
    await database.db.transaction(async (tx) => {
      for (const [i, p] of reversed.entries()) {
        await tx
          .update(problema)
          .set({ ordine: i + 1, nome: `P${i + 1}` })
          .where(eq(problema.id, p.id));
      }
    });
    const after = await problemiAperto();
    expect(after.map((p) => p.id)).toEqual(reversed.map((p) => p.id));
    expect(after.map((p) => p.nome)).toEqual(before.map((p) => p.nome));
  });

  it("keep an answer's session consistent with its team", async () => {
    const [team] = await database.db.select().from(squadra).limit(1);
    const [other] = await database.db
      .select()
      .from(sessione)
      .where(sql`${sessione.id} <> ${team!.sessioneId}`)
      .limit(1);
    const [p] = await database.db
      .select()
      .from(problema)
      .where(eq(problema.eventoId, team!.eventoId))
      .limit(1);
    const now = new Date();
    const row = {
      problemaId: p!.id,
      squadraId: team!.id,
      valore: '1',
      corretto: false,
      momentoConsegna: now,
      date: now,
    };
    const error = await failure(
      database.db.insert(risposta).values({ ...row, sessioneId: other!.id }),
    );
    expect(error).toMatchObject({
      code: PG_FOREIGN_KEY_VIOLATION,
      constraint: 'risposta_squadra_sessione_fk',
    });
  });

  it('require corretto exactly for kind r', async () => {
    const [answer] = await database.db
      .select()
      .from(risposta)
      .where(and(eq(risposta.kind, 'r'), isNotNull(risposta.corretto)))
      .limit(1);
    const { id: _id, ...copy } = answer!;
    const jokerWithResult = failure(database.db.insert(risposta).values({ ...copy, kind: 'j' }));
    expect(await jokerWithResult).toMatchObject({ code: PG_CHECK_VIOLATION });
    const answerWithout = failure(database.db.insert(risposta).values({ ...copy, corretto: null }));
    expect(await answerWithout).toMatchObject({ code: PG_CHECK_VIOLATION });
  });

  it('reject unknown codes in enumerated columns', async () => {
    const error = await failure(
      database.db.execute(
        sql`update scuola set tipologia = 'XX' where id = (select min(id) from scuola)`,
      ),
    );
    expect(error).toMatchObject({ code: PG_CHECK_VIOLATION, constraint: 'scuola_tipologia_check' });
  });
});
