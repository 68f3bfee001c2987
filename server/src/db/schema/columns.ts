// Column helpers shared by the table modules.
import { sql, type SQL } from 'drizzle-orm';
import { customType, doublePrecision, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A moment in time, stored as timestamptz (UTC) and read as a Date. */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** WGS84 coordinate in decimal degrees. */
export const coordinate = (name: string) => doublePrecision(name);

/**
 * Raw bytes. node-postgres returns a Buffer and PGlite a Uint8Array; both are
 * Uint8Array, which is what callers get.
 */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** CHECK condition: the column holds one of the given literals. */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;

/** Column and table types for code that names columns without querying (api/admin resources). */
export type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
