// What the contest's use cases read (gara/): here because only queries.ts
// files import drizzle (docs/architecture.md, "Layers").
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { problema, risposta } from '../db/schema';

export async function problemaById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(problema).where(eq(problema.id, id));
  return row ?? null;
}

/** The answers (not the jokers) given to a problem, with the verdict stored for each. */
export function risposteDelProblema(db: DbOrTx, problemaId: number) {
  return db
    .select({ valore: risposta.valore, valoreExp: risposta.valoreExp, corretto: risposta.corretto })
    .from(risposta)
    .where(and(eq(risposta.problemaId, problemaId), eq(risposta.kind, 'r')));
}
