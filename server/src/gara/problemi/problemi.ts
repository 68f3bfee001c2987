// Use cases of an event's problems (spec §3 Problema), whichever page writes
// them: 'Modifica evento' (its whole list, gara/eventi/) and the back office
// (one record). Each write is audited in the caller's transaction; a
// corrected solution, exponent or tolerance re-checks the answers already
// given (gara/ricontrollo.ts), and the caller announces the flipped answers
// after the commit with `annunciaRicontrollo`. Names, values and order reach
// open pages from the database's change feed (gara/modifiche-evento.ts).
import type { adminProblemaRequest } from '@gas/contracts';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/queries';
import type { DbTransaction } from '../../db/client';
import { creaRecord, eliminaRecord, modificaRecord } from '../registro/audit';
import type { AdminRecord } from '../registro/resource';
import { ricontrollaRisposte, type FlippedAnswer } from '../ricontrollo';

/** A problem's fields as the back office names them (`soluzione_exp`). */
export type ValoriProblema = Partial<z.infer<typeof adminProblemaRequest>>;

/** The fields an answer's outcome depends on. */
const CAMPI_DELLA_SOLUZIONE = ['soluzione', 'soluzione_exp', 'intervallo_validita'] as const;

const soluzioneCambiata = (prima: AdminRecord, dopo: AdminRecord) =>
  CAMPI_DELLA_SOLUZIONE.some((campo) => prima[campo] !== dopo[campo]);

export async function creaProblema(
  tx: DbTransaction,
  audit: AuditContext,
  valori: ValoriProblema & { evento: number },
): Promise<number> {
  return (await creaRecord(tx, audit, 'problema', valori)).id;
}

/** Null when the problem is gone; else the answers whose outcome the new solution flipped. */
export async function modificaProblema(
  tx: DbTransaction,
  audit: AuditContext,
  id: number,
  valori: ValoriProblema,
): Promise<FlippedAnswer[] | null> {
  const scritto = await modificaRecord(tx, audit, 'problema', id, valori);
  if (!scritto) return null;
  if (!soluzioneCambiata(scritto.prima, scritto.dopo)) return [];
  return ricontrollaRisposte(tx, [id], audit);
}

/** Its answers and jokers go with it (the callers decide whether that is allowed). */
export async function eliminaProblema(
  tx: DbTransaction,
  audit: AuditContext,
  id: number,
): Promise<void> {
  await eliminaRecord(tx, audit, 'problema', id);
}
