// Demo data for a fresh database: three events placed around `now` (an
// upcoming national event, a concluded one with a full set of answers, a
// public training event), the finals of the two previous seasons and a public
// training event with venues (storia.ts), real schools and cities, venues,
// sponsors, site content and the demo accounts of DEMO_ACCOUNTS (password
// DEMO_PASSWORD).
//
// Seeds only an empty database (no users, no events), in one transaction, with
// batch inserts; deterministic for a given `now` (seeded PRNG).
import { hashPassword } from '../../auth/password';
import { isDatabaseEmpty, type Database, type DbTransaction } from '../../db/client';
import { collaboratore, impostazioniSito, sponsor } from '../../db/schema';
import { insertEventi } from './eventi';
import { lockSeed } from './queries';
import { createRandom } from './random';
import { insertRisposte } from './risposte';
import { insertScuole } from './scuole';
import { COLLABORATORI, IMPOSTAZIONI, SPONSOR } from './sito';
import { insertStoria } from './storia';
import { insertSquadre } from './squadre';
import { DEMO_PASSWORD, insertUtenti } from './utenti';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoUsername } from './utenti';
export { rispostaCorretta } from './problemi';

// Any constant: app instances starting together on one PostgreSQL seed once.
const SEED_LOCK = 4_711_002;
const SEED = 20_260_415;

export type SeedOptions = {
  now: Date;
  /** Precomputed hash of DEMO_PASSWORD (tests reuse one to save ~0.1 s of scrypt). */
  passwordHash?: string;
};

export type SeedResult = {
  seeded: boolean;
  counts?: { squadre: number; risposte: number; jolly: number };
};

export async function seedDemoData(database: Database, options: SeedOptions): Promise<SeedResult> {
  if (!(await isDatabaseEmpty(database.db))) return { seeded: false };
  // Hashed once, outside the transaction, and shared by every demo account.
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  return database.db.transaction(async (tx) => {
    await lockSeed(tx, SEED_LOCK);
    if (!(await isDatabaseEmpty(tx))) return { seeded: false };
    const counts = await seed(tx, options.now, passwordHash);
    return { seeded: true, counts };
  });
}

async function seed(tx: DbTransaction, now: Date, passwordHash: string) {
  const random = createRandom(SEED);
  const utenti = await insertUtenti(tx, passwordHash, now);
  const { scuole, cittaId } = await insertScuole(tx, random, utenti);
  const eventi = await insertEventi(tx, now, utenti);
  const squadre = await insertSquadre(tx, random, eventi, scuole, utenti, cittaId);
  const { risposte, jolly } = await insertRisposte(
    tx,
    random,
    eventi.passato,
    squadre.passato,
    utenti,
  );
  await tx.insert(sponsor).values(SPONSOR);
  await tx
    .insert(collaboratore)
    .values(COLLABORATORI.map(([nome, contributi]) => ({ nome, contributi })));
  await tx
    .insert(impostazioniSito)
    .values(Object.entries(IMPOSTAZIONI).map(([key, value]) => ({ key, value, updatedAt: now })));
  // Last, with its own random sequence: the events above stay as they were.
  const storia = await insertStoria(tx, now, utenti, scuole, cittaId);
  const totale = squadre.nazionale.length + squadre.passato.length + squadre.aperto.length;
  return {
    squadre: totale + storia.squadre,
    risposte: risposte + storia.risposte,
    jolly: jolly + storia.jolly,
  };
}
