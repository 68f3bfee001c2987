// A resource of the back office (issue 14) as the server serves it: the
// shared description of @gas/contracts (labels, schemas, which fields are
// searched, filtered, sorted, referenced) plus the table, the column behind
// each field and what a deletion would take with it. One generic set of
// routes (routes.ts) and queries (queries.ts) serves every resource.
import type { RisorsaAdmin } from '@gas/contracts';
import type { AnyPgColumn, PgTable } from '../../db/schema/columns';

/** Rows of another table pointing at this record (listed before a deletion). */
export type Dependent = { risorsa: string; etichetta: string; column: AnyPgColumn };

export type AdminResource = {
  risorsa: RisorsaAdmin;
  table: PgTable;
  id: AnyPgColumn;
  /** The column of each field of `risorsa.campi` (checked by tsc). */
  columns: Record<string, AnyPgColumn>;
  /** The id column of each resource a reference may name. */
  dependents?: Dependent[];
};

/** Ties a description to its table: every field of the description has a column. */
export function defineResource<R extends RisorsaAdmin>(
  resource: { risorsa: R; columns: Record<keyof R['campi'], AnyPgColumn> } & Omit<
    AdminResource,
    'risorsa' | 'columns'
  >,
): AdminResource {
  return resource as AdminResource;
}
