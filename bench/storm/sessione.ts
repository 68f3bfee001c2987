// The session of the contest-day benchmarks (issue 18): 1,000 teams × 40
// problems, two hours into a three-hour contest, with 40,000 answers at
// random moments, teams and problems (seeded), in the order they arrived.
import { asc, eq, sql } from 'drizzle-orm';
import type { TestBackend } from '../../server/src/db/testing';
import { evento, problema, risposta } from '../../server/src/db/schema';
import { prepareDatabase, type PreparedDatabase } from '../../server/src/live/testing/prepare';
import { rng } from '../scoring/generate';

export const TEAMS = Number(process.env.BENCH_TEAMS ?? 1000);
export const PROBLEMS = 40;
export const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 40_000);

export type SessioneStorm = {
  prepared: PreparedDatabase;
  sessioneId: number;
  eventoId: number;
  squadre: number[];
  problemi: { id: number; soluzione: number; soluzioneExp: number }[];
};

export async function preparaSessione(backend: TestBackend): Promise<SessioneStorm> {
  console.log(`preparing: ${TEAMS} teams × ${PROBLEMS} problems, ${ANSWERS} answers (${backend})`);
  const prepared = await prepareDatabase(backend, { teams: TEAMS, durationMs: 3 * 3600_000 });
  const { sessioneId, eventoId, squadre } = prepared.session;
  const database = await prepared.open();
  const { db } = database;
  const problemi = await db
    .select()
    .from(problema)
    .where(eq(problema.eventoId, eventoId))
    .orderBy(asc(problema.ordine));
  for (let n = problemi.length + 1; n <= PROBLEMS; n++) {
    const [p] = await db
      .insert(problema)
      .values({ eventoId, nome: `P${n}`, ordine: n, soluzione: n * 1.5, soluzioneExp: 0 })
      .returning();
    problemi.push(p!);
  }
  const inizioGara = new Date(Date.now() - 2 * 3600_000);
  await db
    .update(evento)
    .set({
      inizio: inizioGara,
      fine: new Date(inizioGara.getTime() + 3 * 3600_000),
      fineConsegnaJolly: new Date(inizioGara.getTime() + 20 * 60_000),
    })
    .where(eq(evento.id, eventoId));
  const caso = rng(18);
  const span = Date.now() - 60_000 - inizioGara.getTime();
  const momenti = Array.from({ length: ANSWERS }, () => Math.floor(caso() * span)).sort(
    (x, y) => x - y,
  );
  const rows = momenti.map((offset) => {
    const p = problemi[Math.floor(caso() * PROBLEMS)]!;
    const corretto = caso() < 0.6;
    const momento = new Date(inizioGara.getTime() + offset);
    return {
      problemaId: p.id,
      squadraId: squadre[Math.floor(caso() * squadre.length)]!,
      sessioneId,
      valore: corretto ? String(p.soluzione) : String(p.soluzione + 1),
      valoreExp: p.soluzioneExp,
      kind: 'r' as const,
      corretto,
      momentoConsegna: momento,
      date: momento,
      // Received within a few seconds of delivery.
      dateReceived: new Date(momento.getTime() + Math.floor(caso() * 3000)),
    };
  });
  for (let i = 0; i < rows.length; i += 2000) {
    await db.insert(risposta).values(rows.slice(i, i + 2000));
  }
  // The planner's statistics, as two hours of a contest leave them
  // (autovacuum analyzes a table after a tenth of it changed). Loaded in
  // one go and not analyzed, the answers looked like an empty table: the
  // pages' catch-up (id__gt the newest id) read every answer of the session
  // by its date index (2.3 ms each) instead of the few newest by id
  // (0.09 ms), and autovacuum's own analyze, a minute into some runs, moved
  // the figures in the middle of the storm.
  await db.execute(sql`analyze`);
  // PGlite: one process at a time, the server's next. PostgreSQL stays open for checks.
  if (backend === 'pglite') await database.close();
  return {
    prepared,
    sessioneId,
    eventoId,
    squadre,
    problemi: problemi.map((p) => ({
      id: p.id,
      soluzione: p.soluzione,
      soluzioneExp: p.soluzioneExp,
    })),
  };
}
