// Plain SQL on either driver, for the few hot statements where drizzle's query
// building would cost more than the query (the answer submission). On
// PostgreSQL the statement is prepared once per connection (`name`).
import type { Database } from './client';

export type RawStatement = { name: string; text: string };

export async function queryRows<T>(
  database: Database,
  statement: RawStatement,
  values: unknown[],
): Promise<T[]> {
  if (database.kind === 'postgres') {
    const result = await database.client.query({ ...statement, values });
    return result.rows as T[];
  }
  const result = await database.client.query<T>(statement.text, values);
  return result.rows;
}
