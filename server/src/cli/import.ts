// Imports a document of the external olympiad site (import-format.md) into
// the configured database, through the same engine as the HTTP route:
//   npm run -s import -- FILE.json [--dry-run]
// (PGlite in $DATA_DIR, default ./data; or DATABASE_URL=postgres://...)
// Prints the summary as JSON on stdout. Exit 0: applied, or the dry run found
// nothing wrong; 2: the document is invalid, the file cannot be read, or the
// embedded database is held by a running server (said in Italian on stderr).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { conta, IMPORT_LIMITI } from '@gas/contracts';
import pino from 'pino';
import { invitaTutti } from '../auth/inviti';
import { baseUrlDi } from '../email/messaggi';
import { importa, type CambiImport } from '../gara/importazione/engine';
import { loadConfig } from '../config';
import { createMailer } from '../email/mailer';
import { migrateDatabase, openDatabase, type Database } from '../db/client';

const USO = 'Uso: npm run -s import -- FILE.json [--dry-run]';

async function main(argv: string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const files = argv.filter((a) => a !== '--dry-run');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(USO);
    return 2;
  }
  const file = files[0]!;
  let documento: unknown;
  try {
    const bytes = await readFile(file);
    if (bytes.byteLength > IMPORT_LIMITI.corpo) {
      console.error(`GaS import: ${file} supera i 20 MB.`);
      return 2;
    }
    documento = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'ENOENT'
        ? `GaS import: il file ${file} non esiste.`
        : error instanceof SyntaxError
          ? `GaS import: ${file} non è un documento JSON valido (${error.message}).`
          : `GaS import: impossibile leggere ${file} (${code ?? String(error)}).`,
    );
    return 2;
  }

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl, dataDir });
    await migrateDatabase(database);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      /già in uso/.test(reason)
        ? `GaS import: ${reason}. Il database integrato è usato dal server in esecuzione: fermalo, oppure importa dalla pagina 'Importa dal sito olimpiadi' dell'amministrazione o con POST /api/admin/import/.`
        : `GaS import: ${databaseUrl ? 'DATABASE_URL' : 'DATA_DIR'}: ${reason}`,
    );
    return 2;
  }
  try {
    const dopo: { cambi?: CambiImport } = {};
    const esito = await importa(database.db, documento, {
      dryRun,
      dettagli: false,
      audit: { userId: null, indirizzo: 'riga di comando' },
      dopoIlCommit: (cambi) => (dopo.cambi = cambi),
    });
    console.log(JSON.stringify(esito, null, 2));
    if (dopo.cambi && dopo.cambi.nuoviAccount.length > 0) {
      const { nuoviAccount: nuovi, audit } = dopo.cambi;
      // The new managers get the link to choose a password (SMTP, or this process's log).
      const config = loadConfig();
      const log = pino({ level: 'info' }, process.stderr);
      const mailer = createMailer(config.email, log);
      const inviati = await invitaTutti(
        { db: database.db, mailer, baseUrl: baseUrlDi(config), log },
        nuovi,
        audit,
      );
      mailer.chiudi();
      console.error(
        `GaS import: ${conta(inviati, 'e-mail', 'e-mail')} con il link per la password.`,
      );
    }
    if (esito.errori.length > 0) {
      console.error(
        `GaS import: documento non valido, ${conta(esito.errori.length, 'errore', 'errori')}; nulla è cambiato.`,
      );
      return 2;
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
