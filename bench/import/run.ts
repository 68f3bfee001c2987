// Import benchmark (issue 15): `npm run -w @gas/bench bench:import`, on an
// in-memory PGlite with the demo data (DATABASE_URL: on that PostgreSQL,
// emptied first: use a throwaway one, as scripts/with-postgres.sh gives).
//
// A national document of the external olympiad site (2,000 schools, 3,000
// main managers, 2,000 teams of the official demo event, every team with a
// manager) is imported through the real engine (`importa`: checks, plan,
// writes, audit log), each phase on the same database:
//   first    everything is new
//   again    the same document: everything unchanged (nothing written)
//   change   one record in ten changed
// Baseline, measured in the same run on a fresh database: the same document
// at a tenth of the size (first import). Targets: the national first import
// ≤ 15 × the tenth (near-linear in the records) and ≤ 30 s; the unchanged
// re-import ≤ 10 s.
import type { ImportDocumento } from '@gas/contracts';
import { asc, eq } from 'drizzle-orm';
import { importa } from '../../server/src/gara/importazione/engine';
import {
  migrateDatabase,
  openDatabase,
  openPglite,
  type Database,
} from '../../server/src/db/client';
import { evento, polo, sessione } from '../../server/src/db/schema';
import { resetDatabase } from '../../server/src/db/testing';
import { seedDemoData } from '../../server/src/demo/seed';

const TIPI = ['LS', 'LC', 'ITT', 'IIS', 'LL'] as const;
const REGIONI = ['Lombardia', 'Lazio', 'Campania', 'Sicilia', 'Veneto', 'Toscana', 'Puglia'];

async function fresh(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const database = url
    ? await openDatabase({ databaseUrl: url, dataDir: '' })
    : await openPglite(null);
  await migrateDatabase(database);
  // PostgreSQL is one database for every phase: emptied before each.
  if (url) await resetDatabase(database.db);
  await seedDemoData(database, { now: new Date() });
  return database;
}

/** The official upcoming event of the demo, its sessions and venues. */
async function eventoUfficiale(database: Database) {
  const { db } = database;
  const eventi = await db.select().from(evento).orderBy(asc(evento.inizio));
  const ev = eventi.find((e) => e.tipologia === 'o' && e.inizio.getTime() > Date.now())!;
  const sessioni = await db.select().from(sessione).where(eq(sessione.eventoId, ev.id));
  const poli = await db.select().from(polo).where(eq(polo.eventoId, ev.id));
  return { id: ev.id, sessioni: sessioni.map((s) => s.nome), poli: poli.map((p) => p.nomeBreve) };
}

function documento(
  ev: Awaited<ReturnType<typeof eventoUfficiale>>,
  scala: number,
  cambia = 0,
): ImportDocumento {
  const nScuole = 2000 * scala;
  const nResponsabili = 3000 * scala;
  const nSquadre = 2000 * scala;
  const codice = (i: number) => `BN${String(i).padStart(6, '0')}Z${'ABCDEFGHIJ'[i % 10]}`;
  const cambiato = (i: number) => cambia > 0 && i % cambia === 0;
  return {
    formato: 1,
    generato: '2026-11-20T10:00:00Z',
    evento: ev.id,
    scuole: Array.from({ length: nScuole }, (_, i) => ({
      codice_meccanografico: codice(i),
      nome: `Liceo «Sant’Anna» n. ${i}${cambiato(i) ? ' (nuova sede)' : ''}`,
      tipologia: TIPI[i % TIPI.length]!,
      indirizzo: `Via dell’Università, ${i}`,
      citta: `Città ${i % 400}`,
      provincia: `P${i % 90}`,
      regione: REGIONI[i % REGIONI.length]!,
      latitude: 40 + (i % 700) / 100,
      longitude: 9 + (i % 800) / 100,
    })),
    responsabili: Array.from({ length: nResponsabili }, (_, i) => ({
      id_esterno: `u-${i}`,
      username: `resp.${i}`,
      email: `resp.${i}@scuola.example`,
      first_name: 'Maria',
      last_name: `D’Angelo ${i}`,
      scuole: [codice(i % nScuole)],
      puo_iscriversi_gare_ufficiali: true,
      newsletter: cambiato(i),
    })),
    squadre: Array.from({ length: nSquadre }, (_, i) => ({
      id_esterno: `t-${i}`,
      nome: `Squadra ${i}`,
      scuola: codice(i % nScuole),
      sessione: ev.sessioni[i % ev.sessioni.length]!,
      polo: ev.poli[i % ev.poli.length]!,
      ospite: false,
      ordine_eta: i,
      capitano: cambiato(i) ? `Capitana ${i}` : `Capitano ${i}`,
      anno_capitano: 5,
      consegnatore: `Consegnatore ${i}`,
      anno_consegnatore: 4,
      p1: `Componente ${i}`,
      anno_p1: 3,
      p2: null,
      anno_p2: null,
      p3: null,
      anno_p3: null,
      responsabili: [`u-${i % nResponsabili}`],
    })),
  };
}

async function timed(label: string, database: Database, doc: unknown) {
  const started = performance.now();
  const esito = await importa(database.db, doc, {
    dryRun: false,
    dettagli: false,
    audit: { userId: null, indirizzo: 'bench' },
  });
  const ms = performance.now() - started;
  if (!esito.applicato) throw new Error(`${label}: ${JSON.stringify(esito.errori.slice(0, 3))}`);
  const c = esito.creati;
  const a = esito.aggiornati;
  const u = esito.invariati;
  console.log(
    `${label.padEnd(28)} ${(ms / 1000).toFixed(2).padStart(7)} s   creati ${c.scuole}/${c.responsabili}/${c.squadre}   aggiornati ${a.scuole}/${a.responsabili}/${a.squadre}   invariati ${u.scuole}/${u.responsabili}/${u.squadre}`,
  );
  return ms;
}

async function main() {
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}`);
  console.log('phase                           time   (scuole/responsabili/squadre)');
  const small = await fresh();
  const base = await timed(
    'baseline: 1/10, first',
    small,
    documento(await eventoUfficiale(small), 0.1),
  );
  await small.close();

  const database = await fresh();
  const ev = await eventoUfficiale(database);
  const first = await timed('national: first', database, documento(ev, 1));
  const again = await timed('national: again (unchanged)', database, documento(ev, 1));
  await timed('national: 1 in 10 changed', database, documento(ev, 1, 10));
  await database.close();

  const ratio = first / base;
  const checks: [string, boolean][] = [
    [`first import ${ratio.toFixed(1)} × the tenth (≤ 15)`, ratio <= 15],
    [`first import ${(first / 1000).toFixed(1)} s (≤ 30 s)`, first <= 30_000],
    [`unchanged re-import ${(again / 1000).toFixed(1)} s (≤ 10 s)`, again <= 10_000],
  ];
  for (const [text, ok] of checks) console.log(`${ok ? 'ok  ' : 'MISS'} ${text}`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

await main();
