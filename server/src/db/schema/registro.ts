// The audit log (issue 14): every write to contest data, site content and
// accounts, through the back office and the public API, with who, when, from
// where, which object and the fields before and after. Written in the same
// transaction as the change it describes; append-only for everyone (a trigger
// of migration 0006 refuses UPDATE, DELETE and TRUNCATE), so no foreign keys:
// an entry outlives the user and the object it names.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import { oneOf, tz } from './columns';

/** Where a change came from. */
export const ORIGINI_REGISTRO = ['admin', 'api', 'import', 'sistema'] as const;
export type OrigineRegistro = (typeof ORIGINI_REGISTRO)[number];
export const AZIONI_REGISTRO = ['crea', 'modifica', 'elimina', 'accesso'] as const;
export type AzioneRegistro = (typeof AZIONI_REGISTRO)[number];

/** `{campo: [prima, dopo]}`; creation has only `dopo`, deletion only `prima` (null on the other side). */
export type ModificheRegistro = Record<string, [unknown, unknown]>;

export const registro = pgTable(
  'registro',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    momento: tz('momento').notNull().defaultNow(),
    /** Null for the import and the system. */
    utenteId: integer('utente_id'),
    /** The username at the time (the account may be renamed or deleted later). */
    utenteNome: text('utente_nome').notNull().default(''),
    indirizzo: text('indirizzo').notNull().default(''),
    origine: text('origine', { enum: ORIGINI_REGISTRO }).notNull(),
    azione: text('azione', { enum: AZIONI_REGISTRO }).notNull(),
    /** The resource name of /api/admin/<risorsa>/ (e.g. 'squadra'). */
    risorsa: text('risorsa').notNull(),
    oggettoId: integer('oggetto_id'),
    /** How the object was called at the time ('Liceo Galilei', 'P3'). */
    oggettoNome: text('oggetto_nome').notNull().default(''),
    modifiche: jsonb('modifiche').$type<ModificheRegistro>().notNull().default({}),
    /** Free detail (the import document's `generato`, a bulk action's name). */
    nota: text('nota').notNull().default(''),
    /**
     * The writing transaction (issue 28, the open feed): entries of
     * transactions older than every running one are final, so the feed reads
     * them in (xid, id) order and never misses one that commits late. Its
     * 64-bit id as a number (epoch and xid: far below 2^53 for centuries).
     * No index: the feed bounds its reads by `momento` (api/feed/queries.ts),
     * and an index here cost the embedded database a fifth of its answer
     * rate (docs/performance.md, issue 28).
     */
    xid: bigint('xid', { mode: 'number' })
      .notNull()
      .default(sql`pg_current_xact_id()::text::bigint`),
  },
  (t) => [
    index('registro_oggetto_idx').on(t.risorsa, t.oggettoId, t.id),
    index('registro_utente_idx').on(t.utenteId, t.id),
    // Also the open feed's bound: `momento` is the writing transaction's
    // start (`now()`), never set by a write.
    index('registro_momento_idx').on(t.momento),
    check('registro_origine_check', oneOf(t.origine, ORIGINI_REGISTRO)),
    check('registro_azione_check', oneOf(t.azione, AZIONI_REGISTRO)),
  ],
);
