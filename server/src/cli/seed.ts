// Migrates the database and loads the demo data if it is empty.
//   tsx server/src/cli/seed.ts                 (PGlite in $DATA_DIR, default ./data)
//   DATABASE_URL=postgres://... tsx server/src/cli/seed.ts
// Exits with one line naming the variable when the database cannot be opened.
import path from 'node:path';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../demo/seed';

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const started = performance.now();
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl, dataDir });
    await migrateDatabase(database);
  } catch (error) {
    const variable = databaseUrl ? 'DATABASE_URL' : 'DATA_DIR';
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`GaS seed: ${reason.startsWith(variable) ? reason : `${variable}: ${reason}`}`);
    return 1;
  }
  try {
    const where = database.kind === 'pglite' ? `PGlite in ${dataDir}` : 'PostgreSQL (DATABASE_URL)';
    const result = await seedDemoData(database, { now: new Date() });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!result.seeded) {
      console.log(`GaS seed: ${where} contiene già dati, nessuna modifica (${seconds} s)`);
      return 0;
    }
    console.log(`GaS seed: dati dimostrativi caricati in ${where} (${seconds} s)`);
    console.log(
      `  account (password "${DEMO_PASSWORD}"): ${Object.keys(DEMO_ACCOUNTS).join(', ')}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
