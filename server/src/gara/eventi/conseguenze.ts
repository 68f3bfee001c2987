// What an event's new times or type take along, whichever page changed
// them ('Modifica evento' or the back office): files published at the
// default time move with the start and the end, and an official event's
// sessions are official. One step, so the two pages cannot drift apart.
import type { DbTransaction } from '../../db/client';
import type { AuditContext } from '../../audit/queries';
import type { Evento } from '../../db/schema';
import { recordDellEvento, registraRecordDellEvento } from './audit';
import { moveDefaultFileDates, setSessioniUfficiali } from './queries';

type TempiETipo = Pick<Evento, 'inizio' | 'fine' | 'tipologia'>;

/** In the write's transaction; the caller audits what it changes (see `seguiModificaEvento`). */
export async function conseguenzeDellEvento(
  tx: DbTransaction,
  eventoId: number,
  prima: TempiETipo,
  dopo: TempiETipo,
): Promise<void> {
  await moveDefaultFileDates(tx, eventoId, prima, dopo);
  if (dopo.tipologia !== prima.tipologia) {
    await setSessioniUfficiali(tx, eventoId, dopo.tipologia === 'o');
  }
}

/**
 * After an event's row was written on its own (the back office): its
 * consequences, each file and session they change audited as its own entry,
 * as 'Modifica evento' audits them.
 */
export async function seguiModificaEvento(
  tx: DbTransaction,
  audit: AuditContext,
  eventoId: number,
  prima: TempiETipo,
  dopo: TempiETipo,
): Promise<void> {
  const record = await recordDellEvento(tx, eventoId);
  await conseguenzeDellEvento(tx, eventoId, prima, dopo);
  await registraRecordDellEvento(tx, audit, eventoId, record);
}
