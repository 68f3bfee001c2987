// The use cases of an event's important messages: post, edit, delete. Each
// checks the event's administrators' right (policies/), writes and audits in
// one transaction, and emits the change after the commit. The back office
// (staff, its own rule) writes through the same steps in its transaction
// (`scriviMessaggio`, `riscriviMessaggio`, `cancellaMessaggio`) and announces
// with annunciaMessaggio after its commit.
import type { MessaggioImportante } from '../../db/schema';
import { recordChange, type AuditContext } from '../../audit/queries';
import type { Db, DbOrTx } from '../../db/client';
import { apiError } from '../../errors';
import { canEditEvento, type Actor } from '../../policies';
import { loadEventoWithAccess } from '../../access/queries';
import type { FlussoModifiche } from '../modifiche';
import { requireEvento, requireEventoField } from '../permessi';
import { presentMessaggio, titoloMessaggio } from './messaggio';
import { deleteMessaggio, insertMessaggio, messaggioById, updateMessaggio } from './queries';

export type DepsMessaggi = { db: Db; modifiche: Pick<FlussoModifiche, 'emetti'> };
type Chi = { actor: Actor; audit: AuditContext };

const nelRegistro = (m: MessaggioImportante | null) => (m ? presentMessaggio(m) : null);

/** Checks that the actor may edit the messages of the event of message `id` (404 when unseen). */
async function messaggioModificabile(deps: DepsMessaggi, actor: Actor, id: number) {
  const row = await messaggioById(deps.db, id);
  const evento = row && (await loadEventoWithAccess(deps.db, row.eventoId));
  requireEvento(actor, evento, canEditEvento);
  return row!;
}

/** In the caller's transaction: a message posted now, and its audit entry. */
export async function scriviMessaggio(
  tx: DbOrTx,
  audit: AuditContext,
  input: { evento: number; testo: string },
): Promise<MessaggioImportante> {
  const created = await insertMessaggio(tx, input.evento, input.testo, new Date());
  await recordChange(tx, audit, {
    azione: 'crea',
    risorsa: 'messaggio-importante',
    oggettoId: created.id,
    oggettoNome: titoloMessaggio(created.testo),
    prima: null,
    dopo: presentMessaggio(created),
  });
  return created;
}

/**
 * In the caller's transaction: a message's text (and, from the back office,
 * its event) changed, and the audit entry; null when it is gone.
 */
export async function riscriviMessaggio(
  tx: DbOrTx,
  audit: AuditContext,
  id: number,
  modifica: { testo?: string; evento?: number },
): Promise<{ prima: MessaggioImportante; dopo: MessaggioImportante } | null> {
  const before = await messaggioById(tx, id);
  if (!before) return null;
  // An empty change still writes (the text as it is): the audit says it was asked.
  const row = await updateMessaggio(tx, id, {
    testo: modifica.testo ?? before.testo,
    evento: modifica.evento,
  });
  if (!row) return null;
  await recordChange(tx, audit, {
    azione: 'modifica',
    risorsa: 'messaggio-importante',
    oggettoId: row.id,
    oggettoNome: titoloMessaggio(row.testo),
    prima: nelRegistro(before),
    dopo: nelRegistro(row),
  });
  return { prima: before, dopo: row };
}

/** In the caller's transaction: a message deleted, and the audit entry; null when already gone. */
export async function cancellaMessaggio(
  tx: DbOrTx,
  audit: AuditContext,
  id: number,
): Promise<MessaggioImportante | null> {
  const row = await deleteMessaggio(tx, id);
  if (!row) return null;
  await recordChange(tx, audit, {
    azione: 'elimina',
    risorsa: 'messaggio-importante',
    oggettoId: row.id,
    oggettoNome: titoloMessaggio(row.testo),
    prima: nelRegistro(row),
    dopo: null,
  });
  return row;
}

export async function pubblicaMessaggio(
  deps: DepsMessaggi,
  { actor, audit }: Chi,
  input: { evento: number; testo: string },
): Promise<MessaggioImportante> {
  const evento = await loadEventoWithAccess(deps.db, input.evento);
  requireEventoField(actor, evento, input.evento, canEditEvento);
  const row = await deps.db.transaction((tx) => scriviMessaggio(tx, audit, input));
  // After the commit: the feed never shows a message that was not stored.
  annunciaMessaggio(deps.modifiche, { prima: null, dopo: row });
  return row;
}

export async function modificaMessaggio(
  deps: DepsMessaggi,
  { actor, audit }: Chi,
  id: number,
  testo: string,
): Promise<MessaggioImportante> {
  await messaggioModificabile(deps, actor, id);
  const { prima, dopo } = await deps.db.transaction(async (tx) => {
    const changed = await riscriviMessaggio(tx, audit, id, { testo });
    if (!changed) throw apiError('not_found');
    return changed;
  });
  annunciaMessaggio(deps.modifiche, { prima, dopo });
  return dopo;
}

/** Deleted meanwhile by someone else: nothing to do (the route answers 204 all the same). */
export async function eliminaMessaggio(
  deps: DepsMessaggi,
  { actor, audit }: Chi,
  id: number,
): Promise<void> {
  await messaggioModificabile(deps, actor, id);
  const prima = await deps.db.transaction((tx) => cancellaMessaggio(tx, audit, id));
  if (prima) annunciaMessaggio(deps.modifiche, { prima, dopo: null });
}

type MessaggioScritto = Pick<MessaggioImportante, 'id' | 'eventoId' | 'testo'> & { data: Date };

/**
 * After the commit of a message's change, from here or from the back office:
 * a message moved to another event leaves the first one's pages and appears
 * on the second's as new.
 */
export function annunciaMessaggio(
  modifiche: Pick<FlussoModifiche, 'emetti'>,
  { prima, dopo }: { prima: MessaggioScritto | null; dopo: MessaggioScritto | null },
): void {
  if (prima && (!dopo || dopo.eventoId !== prima.eventoId)) {
    modifiche.emetti({ tipo: 'messaggio_eliminato', evento: prima.eventoId, id: prima.id });
  }
  if (!dopo) return;
  modifiche.emetti({
    tipo: 'messaggio',
    azione: prima && prima.eventoId === dopo.eventoId ? 'modificato' : 'creato',
    evento: dopo.eventoId,
    messaggio: { id: dopo.id, testo: dopo.testo, data: dopo.data.toISOString() },
  });
}
