// The award ceremony after a contest (issue 29 item 5): per session, the step
// of the proclamation an event administrator has reached (0: not started) and
// when it was set. Kept here, not in memory, so that a reload, a restart and
// every instance agree on it (gara/proclamazione/).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { sessione } from './evento';

export const proclamazione = pgTable(
  'proclamazione',
  {
    sessioneId: integer('sessione_id')
      .primaryKey()
      .references(() => sessione.id, { onDelete: 'cascade' }),
    passo: integer('passo').notNull().default(0),
    aggiornata: tz('aggiornata').notNull().defaultNow(),
  },
  (t) => [check('proclamazione_passo_check', sql`${t.passo} >= 0`)],
);

export type Proclamazione = typeof proclamazione.$inferSelect;
