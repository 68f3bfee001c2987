// What the back office knows of each resource (issue 14): its table, the API
// name of each field and the column behind it, which fields are searched,
// filtered and sorted, the request and record schemas of @gas/contracts, and
// what a deletion would take with it. One generic set of routes (routes.ts)
// and queries (queries.ts) serves every resource from this description.
import type { z } from 'zod';
import type { AnyPgColumn, PgTable } from '../../db/schema/columns';

export type FieldSpec = {
  column: AnyPgColumn;
  /** A foreign key: the id must exist in this column's table (else a field error). */
  references?: AnyPgColumn;
  search?: boolean;
  filter?: boolean;
  sort?: boolean;
};

/** Rows of another table pointing at this record (listed before a deletion). */
export type Dependent = { risorsa: string; etichetta: string; column: AnyPgColumn };

export type AdminResource = {
  /** The URL segment: /api/admin/<name>/ and the audit log's `risorsa`. */
  name: string;
  /** Plural label in Italian, for messages and the OpenAPI tags. */
  etichetta: string;
  table: PgTable;
  id: AnyPgColumn;
  /** API field name → column; `id` is implied. */
  fields: Record<string, FieldSpec>;
  /** The record as the API answers it. */
  item: z.ZodObject;
  /** POST body; PATCH takes any part of it. */
  request: z.ZodObject;
  /** How the audit log and messages call a record. */
  title(record: Record<string, unknown>): string;
  /** Default ordering (API field names, `-` for descending). */
  ordering: string[];
  dependents?: Dependent[];
};

export const defineResource = (resource: AdminResource): AdminResource => resource;
