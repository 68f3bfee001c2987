// Use cases of an event's sessions (spec §3 Sessione), whichever page writes
// them: 'Modifica evento' (its whole list, gara/eventi/) and the back office
// (one record). Each write is audited in the caller's transaction. A
// session's name and qualified count are part of its ranking: after the
// commit the caller announces the sessions written with `annunciaClassifiche`
// (gara/classifiche.ts), and their rankings are rebuilt.
import type { adminSessioneRequest } from '@gas/contracts';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/queries';
import type { DbTransaction } from '../../db/client';
import { creaRecord, eliminaRecord, modificaRecord } from '../registro/audit';

/** A session's fields as the back office names them (`numero_qualificati`). */
export type ValoriSessione = Partial<z.infer<typeof adminSessioneRequest>>;

export async function creaSessione(
  tx: DbTransaction,
  audit: AuditContext,
  valori: ValoriSessione & { evento: number; nome: string },
): Promise<number> {
  return (await creaRecord(tx, audit, 'sessione', valori)).id;
}

/**
 * Null when the session is gone; else whether anything changed (the lists of
 * 'Modifica evento' send every session again at each save, and an unchanged
 * one needs no new ranking).
 */
export async function modificaSessione(
  tx: DbTransaction,
  audit: AuditContext,
  id: number,
  valori: ValoriSessione,
): Promise<boolean | null> {
  const scritto = await modificaRecord(tx, audit, 'sessione', id, valori);
  return scritto && JSON.stringify(scritto.prima) !== JSON.stringify(scritto.dopo);
}

/** Its teams, answers and jokers go with it (the callers decide whether that is allowed). */
export async function eliminaSessione(
  tx: DbTransaction,
  audit: AuditContext,
  id: number,
): Promise<void> {
  await eliminaRecord(tx, audit, 'sessione', id);
}
