// Writes a backup of the configured database into DIR (created if missing):
//   npm run -s backup -- DIR
// PostgreSQL (DATABASE_URL): pg_dump's custom format, DIR/gas-<UTC>.pgdump,
// also while the servers run. PGlite ($DATA_DIR, default ./data):
// DIR/gas-<UTC>.pglite.tar.gz, with the server stopped (server/src/backup/pglite.ts
// says why). Prints the file's path on stdout. Exit 0: written; 2: what to fix,
// said in Italian on stderr (pg_dump missing or too old, database held by a
// running server, folder not writable, ...).
import path from 'node:path';
import { backup, uscitaDopoErrore } from '../backup';

const USO = 'Uso: npm run -s backup -- CARTELLA';

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error(USO);
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  try {
    const file = await backup({ databaseUrl, dataDir }, path.resolve(argv[0]!));
    console.log(file);
    return 0;
  } catch (error) {
    return uscitaDopoErrore('backup', error);
  }
}

process.exitCode = await main(process.argv.slice(2));
