// A resource of the back office (issue 14) as the server serves it: the
// shared description of @gas/contracts (labels, schemas, which fields are
// searched, filtered, sorted, referenced) plus the table, the column behind
// each field, what a deletion would take with it, and the few hooks where a
// resource differs (passwords, answers, live frames). One generic set of
// routes (routes.ts) and queries (queries.ts) serves every resource.
import type { NomeRisorsaAdmin, PermessiRecord, RisorsaAdmin } from '@gas/contracts';
import type { AuditContext } from '../../audit/queries';
import type { DbOrTx } from '../../db/client';
import type { AnyPgColumn, PgTable } from '../../db/schema/columns';
import type { Actor } from '../../policies';
import type { FlussoModifiche } from '../modifiche';

/** A record as the API shows it. */
export type AdminRecord = Record<string, unknown> & { id: number };

/** A many-to-many field: the ids of `target` in the link table rows of this record. */
export type Link = { table: PgTable; owner: AnyPgColumn; target: AnyPgColumn };

/** What a write changed, for the hooks that run after the commit. */
export type Change = {
  azione: 'crea' | 'modifica' | 'elimina';
  prima: AdminRecord | null;
  dopo: AdminRecord | null;
  /** What the core's steps reported (the answer row of a joker, flipped answers). */
  dettagli?: Record<string, unknown>;
};

/** What the core's steps of a back office write get. */
export type ScritturaContext = { tx: DbOrTx; audit: AuditContext; actor: Actor };

/** The kinds of record whose deletion takes answers and jokers with it. */
export type WithAnswers = 'evento' | 'sessione' | 'problema' | 'squadra';

/** Rows of another table pointing at this record (listed before a deletion). */
export type Dependent = { risorsa: string; etichetta: string; column: AnyPgColumn };

export type AdminResource = {
  risorsa: RisorsaAdmin;
  table: PgTable;
  id: AnyPgColumn;
  /** The column of each field of `risorsa.campi` but the `links`. */
  columns: Record<string, AnyPgColumn>;
  /** Rows of other tables that point at a record (listed before a deletion). */
  dependents?: Dependent[];
  /** Many-to-many fields (arrays of ids), by API name. */
  links?: Record<string, Link>;
  /** Deleting a record takes its answers and jokers: refused unless a superuser forces it. */
  answers?: WithAnswers;
  /**
   * Write-only fields stored as something else (a password, as its hash):
   * the audit log says they changed, never their value.
   */
  segreti?: readonly string[];
  /** Who may delete (default: whoever may use the back office). */
  canDelete?(actor: Actor): boolean;
  /** The Italian refusal when `canDelete` says no. */
  eliminaNegata?: string;
  /**
   * What the actor may do with this record, when it depends on the record
   * (an account of staff or of a superuser): sent with the record's answer
   * so that its page offers only what he can use; `null`: a new record
   * (GET /api/admin/<r>/permessi/). `prepare` enforces it.
   */
  permessi?(actor: Actor, record: AdminRecord | null): PermessiRecord;
  /**
   * Before a write, in its transaction: checks that need the actor or the
   * database (throw field errors), and drizzle values to store besides the
   * fields (a password hash).
   */
  prepare?(
    context: { actor: Actor; tx: DbOrTx },
    input: Record<string, unknown>,
    before: AdminRecord | null,
  ): Promise<Record<string, unknown>>;
  /**
   * The domain core's own steps for this record (gara/), in the back office's
   * transaction, instead of the generic row write and its audit entry: one
   * path for a change, whoever makes it. Each audits what it writes.
   */
  scritture?: {
    /** Returns the new record's id. */
    crea?(context: ScritturaContext, input: Record<string, unknown>): Promise<number>;
    /**
     * Null when the record is gone; else what the announcement after the
     * commit needs (`Change.dettagli`: the answers a corrected solution flipped).
     */
    modifica?(
      context: ScritturaContext,
      before: AdminRecord,
      input: Record<string, unknown>,
    ): Promise<{ dettagli?: Record<string, unknown> } | null>;
    /** Returns what the announcement after the commit needs (`Change.dettagli`). */
    elimina?(
      context: ScritturaContext,
      before: AdminRecord,
    ): Promise<Record<string, unknown> | undefined>;
  };
  /** After the commit: the change the write made, on the change stream. */
  afterCommit?(deps: { modifiche: Pick<FlussoModifiche, 'emetti'> }, change: Change): void;
  /** Constraint name → [field, Italian message] for writes the database refuses. */
  constraints?: Record<string, [string, string]>;
};

/** Ties a description to its table: every field of the description has a column. */
export function defineResource<R extends RisorsaAdmin>(
  resource: {
    risorsa: R;
    /** Every field of the description but the many-to-many ones (`links`). */
    columns: Partial<Record<keyof R['campi'], AnyPgColumn>>;
  } & Omit<AdminResource, 'risorsa' | 'columns'>,
): AdminResource {
  return resource as AdminResource;
}

/** The resource's name as the audit log knows it (every description is one of RISORSE_ADMIN). */
export const nomeRegistro = (resource: AdminResource): NomeRisorsaAdmin => resource.risorsa.nome;
