// Reads of the site content. Only this file touches drizzle.
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { impostazioniSito, sponsor } from '../../db/schema';

/** Every stored site setting, by key (values as stored: unchecked JSON). */
export async function loadImpostazioni(db: DbOrTx): Promise<Map<string, unknown>> {
  const rows = await db.select().from(impostazioniSito);
  return new Map(rows.map((row) => [row.key, row.value]));
}

export function loadSponsor(db: DbOrTx) {
  return db.select().from(sponsor).orderBy(asc(sponsor.ordine), asc(sponsor.id));
}
