// Reads of the site content. Only this file touches drizzle.
import { asc, desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { collaboratore, impostazioniSito, sponsor } from '../../db/schema';

/** Every stored site setting, by key (values as stored: unchecked JSON). */
export async function loadImpostazioni(db: DbOrTx): Promise<Map<string, unknown>> {
  const rows = await db.select().from(impostazioniSito);
  return new Map(rows.map((row) => [row.key, row.value]));
}

export function loadSponsor(db: DbOrTx) {
  return db.select().from(sponsor).orderBy(asc(sponsor.ordine), asc(sponsor.id));
}

/** The problem authors, most active first (ties by name, then id). */
export function loadCollaboratori(db: DbOrTx) {
  return db
    .select({ nome: collaboratore.nome, contributi: collaboratore.contributi })
    .from(collaboratore)
    .orderBy(desc(collaboratore.contributi), asc(collaboratore.nome), asc(collaboratore.id));
}
