// Restores a backup of `npm run -s backup` into the configured database,
// which must be empty (nothing is overwritten), then applies the migrations:
//   npm run -s restore -- FILE
// A .pgdump into PostgreSQL (DATABASE_URL: an empty database, pg_restore in
// one transaction); a .pglite.tar.gz into $DATA_DIR (default ./data), whose
// database folder must be empty or absent. Exit 0: restored (a summary on
// stderr); 2: what to fix, said in Italian on stderr, and nothing changed.
import { conta } from '@gas/contracts';
import path from 'node:path';
import { restore, uscitaDopoErrore } from '../backup';

const USO = 'Uso: npm run -s restore -- FILE';

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error(USO);
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const file = path.resolve(argv[0]!);
  try {
    const { summary, origine } = await restore({ databaseUrl, dataDir }, file);
    const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
    console.error(
      `GaS restore: ${argv[0]} ripristinato in ${where}${origine ? ` (backup di ${origine})` : ''}: ${conta(summary.utenti, 'utente', 'utenti')}, ${conta(summary.eventi, 'evento', 'eventi')}, ${conta(summary.risposte, 'risposta', 'risposte')}, ${conta(summary.file, 'file', 'file')}.`,
    );
    return 0;
  } catch (error) {
    return uscitaDopoErrore('restore', error);
  }
}

process.exitCode = await main(process.argv.slice(2));
