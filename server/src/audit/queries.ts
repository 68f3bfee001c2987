// Writes to the audit log (db/schema/registro.ts) in the transaction of the
// change it describes: if the change rolls back, so does its entry. Callers
// pass the record as the API shows it before and after (present()), and the
// entry keeps only the fields that differ.
import type { RisorsaRegistro } from '@gas/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import {
  registro,
  users,
  type AzioneRegistro,
  type ModificheRegistro,
  type OrigineRegistro,
} from '../db/schema';

/** Who makes the changes and from where. */
export type AuditContext = {
  userId: number | null;
  indirizzo: string;
  origine: OrigineRegistro;
  /** Free detail for every entry (a bulk action's name, an import's `generato`). */
  nota?: string;
};

export function auditContext(
  request: FastifyRequest,
  origine: OrigineRegistro,
  nota?: string,
): AuditContext {
  return { userId: request.actor.userId, indirizzo: request.ip, origine, nota };
}

export type AuditEntry = {
  azione: AzioneRegistro;
  /** One of the log's resources (@gas/contracts): a new one gets its label and filter entry there. */
  risorsa: RisorsaRegistro;
  oggettoId: number | null;
  oggettoNome: string;
  /** The record before the change (null on creation). */
  prima: Record<string, unknown> | null;
  /** The record after the change (null on deletion). */
  dopo: Record<string, unknown> | null;
  /**
   * Secret fields the change replaced (a password, a link's token): the
   * entry says they changed, as `[SEGRETO, SEGRETO]`, never their values.
   */
  segreti?: readonly string[];
};

/** What an entry shows instead of a secret's value. */
export const SEGRETO = '***';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `{campo: [prima, dopo]}` for every field that differs (`id` left out). */
export function differences(
  prima: Record<string, unknown> | null,
  dopo: Record<string, unknown> | null,
): ModificheRegistro {
  const out: ModificheRegistro = {};
  const keys = new Set([...Object.keys(prima ?? {}), ...Object.keys(dopo ?? {})]);
  for (const key of keys) {
    if (key === 'id') continue;
    const before = prima?.[key] ?? null;
    const after = dopo?.[key] ?? null;
    if (!same(before, after)) out[key] = [before, after];
  }
  return out;
}

/**
 * Appends one entry; a change that changed nothing (same fields) is not
 * recorded. The username is copied in the same statement, so the entry
 * still says who it was after the account is renamed or deleted.
 */
export async function recordChange(
  tx: DbOrTx,
  context: AuditContext,
  entry: AuditEntry,
): Promise<void> {
  await recordChanges(tx, context, [entry]);
}

/** Entries a statement of `recordChanges` writes at most (PostgreSQL's parameter bound). */
const ENTRIES_PER_STATEMENT = 2000;

/** Several entries of one change (the answers a corrected solution re-checked), in few statements. */
export async function recordChanges(
  tx: DbOrTx,
  context: AuditContext,
  entries: readonly AuditEntry[],
): Promise<void> {
  const utenteNome =
    context.userId === null
      ? ''
      : sql`coalesce((select ${users.username} from ${users} where ${users.id} = ${context.userId}), '')`;
  const rows = entries.flatMap((entry) => {
    const modifiche = differences(entry.prima, entry.dopo);
    for (const campo of entry.segreti ?? []) modifiche[campo] = [SEGRETO, SEGRETO];
    if (entry.azione === 'modifica' && Object.keys(modifiche).length === 0) return [];
    return [
      {
        utenteId: context.userId,
        utenteNome,
        indirizzo: context.indirizzo,
        origine: context.origine,
        azione: entry.azione,
        risorsa: entry.risorsa,
        oggettoId: entry.oggettoId,
        oggettoNome: entry.oggettoNome.slice(0, 200),
        modifiche,
        nota: context.nota ?? '',
      },
    ];
  });
  for (let i = 0; i < rows.length; i += ENTRIES_PER_STATEMENT) {
    await tx.insert(registro).values(rows.slice(i, i + ENTRIES_PER_STATEMENT));
  }
}
