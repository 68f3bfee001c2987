// What one answer costs the snapshot cache of the storm's session (1,000
// teams × 40 problems, 40,000 answers; bench/storm/sessione.ts):
// `scripts/with-postgres.sh npm run -w @gas/bench bench:storm:risposta`
// (PGlite without TEST_DATABASE_URL). Each answer is written to the
// database, then two caches over the same database make the snapshot a
// reader gets next, with its compact blocks and its JSON:
//   - applied: the change stream's `consegna` applied to the kept scoring
//     (SnapshotCache.applica, scores/stato.ts), as the server does now;
//   - rebuilt (the baseline, measured in the same run): the entry dropped
//     (SnapshotCache.invalidate, what any other change still does) and the
//     session loaded and replayed again, as every answer did before.
// The two snapshots must be the same ranking, or the run fails. Reported:
// the median and p90 of each, and the ratio. BENCH_RISPOSTE (100) answers.
import { performance } from 'node:perf_hooks';
import { blocchiDi } from '../../server/src/api/eventi/blocchi';
import { risposta } from '../../server/src/db/schema';
import { annunciaConsegna } from '../../server/src/gara/risposte/annunci';
import { SnapshotCache } from '../../server/src/scores/cache';
import { preparaSessione } from './sessione';

const RISPOSTE = Number(process.env.BENCH_RISPOSTE ?? 100);
const backend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

const s = await preparaSessione(backend);
const database = await s.prepared.open();
// One clock for both, moved at each answer: their snapshots are of the same
// moment (`new` flags and values depend on it) and can be compared exactly.
let ora = Date.now();
const applicata = new SnapshotCache(database, null, { now: () => ora });
const ricostruita = new SnapshotCache(database, null, { now: () => ora });

/** What a reader of the session costs after the change: snapshot, blocks, JSON. */
async function leggi(cache: SnapshotCache): Promise<{ ms: number; json: string }> {
  const t0 = performance.now();
  const snapshot = (await cache.get(s.sessioneId))!;
  blocchiDi(snapshot);
  const json = JSON.stringify(snapshot.punteggi);
  return { ms: performance.now() - t0, json };
}

await leggi(applicata);
await leggi(ricostruita);
const tempi = { applicata: [] as number[], ricostruita: [] as number[] };
for (let i = 0; i < RISPOSTE; i++) {
  const problema = s.problemi[i % s.problemi.length]!;
  const [row] = await database.db
    .insert(risposta)
    .values({
      squadraId: s.squadre[(i * 7) % s.squadre.length]!,
      problemaId: problema.id,
      sessioneId: s.sessioneId,
      valore: '1',
      corretto: i % 3 !== 0,
      momentoConsegna: new Date(),
      date: new Date(),
    })
    .returning();
  ora = Date.now();
  annunciaConsegna({ emetti: (m) => applicata.applica(m) }, row!);
  ricostruita.invalidate(s.sessioneId);
  const a = await leggi(applicata);
  const r = await leggi(ricostruita);
  if (a.json !== r.json) {
    console.error(`answer ${i + 1}: the applied ranking differs from the rebuilt one`);
    process.exit(1);
  }
  tempi.applicata.push(a.ms);
  tempi.ricostruita.push(r.ms);
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const riga = (nome: string, xs: number[]) =>
  `${nome.padEnd(34)} median ${quantile(xs, 0.5).toFixed(1).padStart(7)} ms   p90 ${quantile(xs, 0.9).toFixed(1).padStart(7)} ms`;
console.log(
  `\n${RISPOSTE} answers on ${backend}, each followed by a reader's snapshot, blocks and JSON:`,
);
console.log(riga('rebuilt (baseline, as before)', tempi.ricostruita));
console.log(riga('applied to the kept scoring', tempi.applicata));
console.log(
  `ratio (median): ${(quantile(tempi.ricostruita, 0.5) / quantile(tempi.applicata, 0.5)).toFixed(1)}× less time per answer; rebuilds: ${ricostruita.builds} vs ${applicata.builds}; the same ranking after every answer`,
);
await database.close();
await s.prepared.dispose();
process.exit(0);
