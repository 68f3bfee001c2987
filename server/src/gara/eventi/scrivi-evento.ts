// An event's record written by its back office fields, with the rules the
// event's own pages follow: `ufficiale` follows the type (the two never
// disagree, whatever a request sends), and new times or type take the
// default files' dates and the sessions' `ufficiale` along, each audited
// (conseguenze.ts, the step 'Modifica evento' calls too).
import type { adminEventoRequest } from '@gas/contracts';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/queries';
import type { DbTransaction } from '../../db/client';
import type { Evento } from '../../db/schema';
import { apiError } from '../../errors';
import { creaRecord, eliminaRecord, modificaRecord } from '../registro/audit';
import type { AdminRecord } from '../registro/resource';
import { seguiModificaEvento } from './conseguenze';

/** An event's fields as the back office names them (`fine_consegna_jolly`). */
export type ValoriEvento = Partial<z.infer<typeof adminEventoRequest>>;

/** An event record's times and type, as the consequences take them. */
const tempiETipo = (r: AdminRecord) => ({
  inizio: new Date(String(r.inizio)),
  fine: new Date(String(r.fine)),
  tipologia: r.tipologia as Evento['tipologia'],
});

/** Writes the record (a new event when `prima` is null); returns its id. */
export async function scriviEvento(
  tx: DbTransaction,
  audit: AuditContext,
  prima: AdminRecord | null,
  valori: ValoriEvento,
): Promise<number> {
  const tipologia = valori.tipologia ?? prima?.tipologia ?? 'priv';
  const conUfficiale = { ...valori, ufficiale: tipologia === 'o' };
  if (!prima) return (await creaRecord(tx, audit, 'evento', conUfficiale)).id;
  const scritto = await modificaRecord(tx, audit, 'evento', prima.id, conUfficiale);
  if (!scritto) throw apiError('not_found');
  await seguiModificaEvento(
    tx,
    audit,
    prima.id,
    tempiETipo(scritto.prima),
    tempiETipo(scritto.dopo),
  );
  return prima.id;
}

/** Its sessions, problems, teams, venues, files and messages go with it (the back office confirms). */
export async function eliminaEvento(
  tx: DbTransaction,
  audit: AuditContext,
  id: number,
): Promise<void> {
  await eliminaRecord(tx, audit, 'evento', id);
}
