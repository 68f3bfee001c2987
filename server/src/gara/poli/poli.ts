// Use cases of an event's venues (spec §3 Polo): written in the back office,
// each write audited in its transaction. Venue rankings and maps follow from
// the database's change feed (gara/modifiche-evento.ts); a deleted venue's
// teams stay, without a venue.
import type { adminPoloRequest } from '@gas/contracts';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/queries';
import type { DbTransaction } from '../../db/client';
import { fieldErrors } from '../../errors';
import { creaRecord, eliminaRecord, modificaRecord } from '../registro/audit';
import { lockPolo, squadreDelPolo } from './queries';

/** A venue's fields as the back office names them (`nome_breve`, `responsabili`). */
export type ValoriPolo = Partial<z.infer<typeof adminPoloRequest>>;

/** A team competes at a venue of its own event: a venue with teams stays in its event. */
export const POLO_CON_SQUADRE =
  'Il polo ha squadre iscritte: non può passare a un altro evento. Sposta prima le squadre.';

export async function creaPolo(
  tx: DbTransaction,
  audit: AuditContext,
  valori: ValoriPolo & { evento: number; nome_breve: string },
): Promise<number> {
  return (await creaRecord(tx, audit, 'polo', valori)).id;
}

/** False when the venue is gone. */
export async function modificaPolo(
  tx: DbTransaction,
  audit: AuditContext,
  id: number,
  valori: ValoriPolo,
): Promise<boolean> {
  if (valori.evento !== undefined) {
    const attuale = await lockPolo(tx, id);
    if (attuale !== null && attuale !== valori.evento && (await squadreDelPolo(tx, id)) > 0) {
      throw fieldErrors({ evento: [POLO_CON_SQUADRE] });
    }
  }
  return (await modificaRecord(tx, audit, 'polo', id, valori)) !== null;
}

export async function eliminaPolo(
  tx: DbTransaction,
  audit: AuditContext,
  id: number,
): Promise<void> {
  await eliminaRecord(tx, audit, 'polo', id);
}
