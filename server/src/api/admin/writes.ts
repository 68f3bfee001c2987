// One write of the back office, in the caller's transaction: the core's
// use case of the record's kind when it has one (`scritture`: contest data),
// else the record changed with its audit entry (places, schools, accounts:
// `prepare` checks them). Single routes and bulk actions go through these,
// so a change made for 200 teams at once is checked and logged as 200 changes.
import { recordChange, recordChanges, type AuditContext } from '../../audit/queries';
import type { DbOrTx } from '../../db/client';
import { apiError } from '../../errors';
import { isSuperuser, type Actor } from '../../policies';
import {
  answersOf,
  countAnswers,
  deleteRecord,
  getRecord,
  insertRecord,
  updateRecord,
} from '../../gara/registro/queries';
import {
  nomeRegistro,
  type AdminRecord,
  type AdminResource,
  type Change,
} from '../../gara/registro/resource';
import { ADMIN_RESOURCES } from '../../gara/registro/resources';

export type WriteContext = { tx: DbOrTx; actor: Actor; audit: AuditContext };

const title = (resource: AdminResource, record: AdminRecord) =>
  String(record[resource.risorsa.titolo] ?? '');

/** The secret fields the request set (a password): logged as changed, never with their value. */
const secretsSet = (resource: AdminResource, input: Record<string, unknown>) =>
  (resource.segreti ?? []).filter((field) => input[field] !== undefined);

async function finish(
  ctx: WriteContext,
  resource: AdminResource,
  change: Change,
  segreti: readonly string[] = [],
) {
  const record = (change.dopo ?? change.prima)!;
  await recordChange(ctx.tx, ctx.audit, {
    azione: change.azione,
    risorsa: nomeRegistro(resource),
    oggettoId: record.id,
    oggettoNome: title(resource, record),
    prima: change.prima,
    dopo: change.dopo,
    segreti,
  });
  return change;
}

export async function createOne(
  ctx: WriteContext,
  resource: AdminResource,
  input: Record<string, unknown>,
): Promise<Change> {
  if (resource.scritture?.crea) {
    const id = await resource.scritture.crea(ctx, input);
    return { azione: 'crea', prima: null, dopo: await getRecord(ctx.tx, resource, id) };
  }
  const extra = (await resource.prepare?.(ctx, input, null)) ?? {};
  const inserted = await insertRecord(ctx.tx, resource, input, extra);
  return finish(
    ctx,
    resource,
    { azione: 'crea', prima: null, dopo: inserted },
    secretsSet(resource, input),
  );
}

export async function patchOne(
  ctx: WriteContext,
  resource: AdminResource,
  id: number,
  input: Record<string, unknown>,
): Promise<Change> {
  const before = await getRecord(ctx.tx, resource, id);
  if (!before) throw apiError('not_found');
  if (resource.scritture?.modifica) {
    const scritto = await resource.scritture.modifica(ctx, before, input);
    if (!scritto) throw apiError('not_found');
    const dopo = await getRecord(ctx.tx, resource, id);
    return { azione: 'modifica', prima: before, dopo, dettagli: scritto.dettagli };
  }
  const extra = (await resource.prepare?.(ctx, input, before)) ?? {};
  const after = await updateRecord(ctx.tx, resource, before.id, input, extra);
  if (!after) throw apiError('not_found');
  return finish(
    ctx,
    resource,
    { azione: 'modifica', prima: before, dopo: after },
    secretsSet(resource, input),
  );
}

/** Why a deletion that takes answers is refused. */
export const conRisposte = (n: number) =>
  `Impossibile eliminare: verrebbero cancellate ${n} ${n === 1 ? 'risposta' : 'risposte'} (jolly compresi). Solo un superutente può farlo, confermando due volte.`;

/**
 * Each answer a forced deletion takes with it is in the log as deleted, as
 * if deleted alone: a contest's answers never vanish without a trace.
 */
async function logAnswersTaken(ctx: WriteContext, resource: AdminResource, record: AdminRecord) {
  const answers = ADMIN_RESOURCES.find((r) => r.risorsa.nome === 'risposta')!;
  const rows = await answersOf(ctx.tx, answers, resource.answers!, record.id);
  const why = `eliminata con ${resource.risorsa.singolare.toLowerCase()} «${title(resource, record)}»`;
  await recordChanges(
    ctx.tx,
    { ...ctx.audit, nota: [ctx.audit.nota, why].filter(Boolean).join('; ') },
    rows.map((row) => ({
      azione: 'elimina' as const,
      risorsa: 'risposta',
      oggettoId: row.id,
      oggettoNome: title(answers, row),
      prima: row,
      dopo: null,
    })),
  );
}

/** Deletes a record; one with answers only for a superuser who `forza`. */
export async function deleteOne(
  ctx: WriteContext,
  resource: AdminResource,
  id: number,
  forza: boolean,
): Promise<Change> {
  if (resource.canDelete && !resource.canDelete(ctx.actor)) {
    throw apiError('permission_denied', resource.eliminaNegata);
  }
  const before = await getRecord(ctx.tx, resource, id);
  if (!before) throw apiError('not_found');
  const answers = resource.answers ? await countAnswers(ctx.tx, resource.answers, before.id) : 0;
  if (answers > 0 && !(isSuperuser(ctx.actor) && forza)) {
    throw apiError('bad_request', conRisposte(answers));
  }
  if (answers > 0) await logAnswersTaken(ctx, resource, before);
  if (resource.scritture?.elimina) {
    const dettagli = await resource.scritture.elimina(ctx, before);
    return { azione: 'elimina', prima: before, dopo: null, dettagli };
  }
  await deleteRecord(ctx.tx, resource, before.id);
  return finish(ctx, resource, { azione: 'elimina', prima: before, dopo: null });
}
