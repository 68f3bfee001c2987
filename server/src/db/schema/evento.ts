// Events, their scheduled files, staff, sessions and important messages.
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bytea, oneOf, tz } from './columns';
import { responsabile, users } from './utenti';

/** o = ufficiale, pub = non ufficiale pubblico, priv = non ufficiale privato. */
export const TIPOLOGIE_EVENTO = ['o', 'pub', 'priv'] as const;
export type TipologiaEvento = (typeof TIPOLOGIE_EVENTO)[number];

/** Scoring parameters of spec §9 with their defaults (column defaults below). */
export const PARAMETRI_PUNTEGGIO_DEFAULT = {
  ptiToltiErrore: 10,
  ptiBaseMontepremi: 70,
  maxErroriRaiseMontepremi: 3,
  errorePunteggiRaise: 20,
  punteggioBaseProblemi: 30,
  bonusVelocita: 20,
  scalingBonusVelocita: 1.0,
  scalingBonusMontepremi: 1.0,
} as const;

export const evento = pgTable(
  'evento',
  {
    id: serial('id').primaryKey(),
    titolo: text('titolo').notNull(),
    descrizione: text('descrizione').notNull().default(''),
    inizio: tz('inizio').notNull(),
    fine: tz('fine').notNull(),
    tipologia: text('tipologia', { enum: TIPOLOGIE_EVENTO }).notNull().default('priv'),
    ufficiale: boolean('ufficiale').notNull().default(false),
    /** Season: an event starting after August counts for the next year (anno.ts). */
    anno: integer('anno').notNull(),
    inizioIscrizioni: tz('inizio_iscrizioni'),
    fineIscrizioni: tz('fine_iscrizioni'),
    fineModificaSquadre: tz('fine_modifica_squadre'),
    fineConsegnaJolly: tz('fine_consegna_jolly'),
    fileProblemiId: integer('file_problemi_id').references((): AnyPgColumn => fileProgrammato.id, {
      onDelete: 'set null',
    }),
    fileSoluzioniId: integer('file_soluzioni_id').references(
      (): AnyPgColumn => fileProgrammato.id,
      { onDelete: 'set null' },
    ),
    youtubeLink: text('youtube_link').notNull().default(''),
    paginaDedicata: text('pagina_dedicata').notNull().default(''),
    creatoDa: integer('creato_da').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    ptiToltiErrore: integer('pti_tolti_errore').notNull().default(10),
    ptiBaseMontepremi: integer('pti_base_montepremi').notNull().default(70),
    maxErroriRaiseMontepremi: integer('max_errori_raise_montepremi').notNull().default(3),
    errorePunteggiRaise: integer('errore_punteggi_raise').notNull().default(20),
    punteggioBaseProblemi: integer('punteggio_base_problemi').notNull().default(30),
    bonusVelocita: integer('bonus_velocita').notNull().default(20),
    scalingBonusVelocita: doublePrecision('scaling_bonus_velocita').notNull().default(1.0),
    scalingBonusMontepremi: doublePrecision('scaling_bonus_montepremi').notNull().default(1.0),
    /** Each answer typed twice by two users; it counts when they agree (issue 17, digitazione). */
    doppiaDigitazione: boolean('doppia_digitazione').notNull().default(false),
  },
  (t) => [
    index('evento_inizio_idx').on(t.inizio),
    index('evento_anno_idx').on(t.anno),
    check('evento_tipologia_check', oneOf(t.tipologia, TIPOLOGIE_EVENTO)),
    check('evento_fine_dopo_inizio_check', sql`${t.fine} >= ${t.inizio}`),
  ],
);

export const TIPOLOGIE_FILE = ['problemi', 'soluzioni'] as const;
export type TipologiaFile = (typeof TIPOLOGIE_FILE)[number];

/**
 * An event's text or solutions PDF, published at `data`. The bytes live in the
 * database so that every app instance serves the same file.
 */
export const fileProgrammato = pgTable(
  'file_programmato',
  {
    id: serial('id').primaryKey(),
    eventoId: integer('evento_id')
      .notNull()
      .references((): AnyPgColumn => evento.id, { onDelete: 'cascade' }),
    tipologia: text('tipologia', { enum: TIPOLOGIE_FILE }).notNull(),
    /** Publication time. */
    data: tz('data').notNull(),
    pubblico: boolean('pubblico').notNull().default(false),
    nomeFile: text('nome_file').notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    dimensione: integer('dimensione').notNull(),
    sha256: text('sha256').notNull(),
    contenuto: bytea('contenuto').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('file_programmato_evento_idx').on(t.eventoId),
    check('file_programmato_tipologia_check', oneOf(t.tipologia, TIPOLOGIE_FILE)),
  ],
);

const eventoStaff = (name: 'evento_amministratore' | 'evento_inseritore') =>
  pgTable(
    name,
    {
      eventoId: integer('evento_id')
        .notNull()
        .references(() => evento.id, { onDelete: 'cascade' }),
      responsabileId: integer('responsabile_id')
        .notNull()
        .references(() => responsabile.id, { onDelete: 'cascade' }),
    },
    (t) => [
      primaryKey({ columns: [t.eventoId, t.responsabileId] }),
      index(`${name}_responsabile_idx`).on(t.responsabileId),
    ],
  );

/** Evento.amministratori: full rights over the event. */
export const eventoAmministratore = eventoStaff('evento_amministratore');
/** Evento.inseritori: enter and delete answers for every team. */
export const eventoInseritore = eventoStaff('evento_inseritore');

export const sessione = pgTable(
  'sessione',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => evento.id, { onDelete: 'cascade' }),
    ufficiale: boolean('ufficiale').notNull().default(false),
    /** Qualification threshold (rank), shown as a red line in the ranking. */
    numeroQualificati: integer('numero_qualificati'),
    ordine: integer('ordine').notNull().default(0),
  },
  (t) => [
    index('sessione_evento_idx').on(t.eventoId, t.ordine),
    // Target of squadra's composite foreign key (squadra.evento_id is denormalised).
    unique('sessione_id_evento_unique').on(t.id, t.eventoId),
  ],
);

export const messaggioImportante = pgTable(
  'messaggio_importante',
  {
    id: serial('id').primaryKey(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => evento.id, { onDelete: 'cascade' }),
    testo: text('testo').notNull(),
    data: tz('data').notNull().defaultNow(),
  },
  (t) => [index('messaggio_importante_evento_data_idx').on(t.eventoId, t.data)],
);

export type Evento = typeof evento.$inferSelect;
export type NewEvento = typeof evento.$inferInsert;
export type FileProgrammato = typeof fileProgrammato.$inferSelect;
export type NewFileProgrammato = typeof fileProgrammato.$inferInsert;
export type Sessione = typeof sessione.$inferSelect;
export type NewSessione = typeof sessione.$inferInsert;
export type MessaggioImportante = typeof messaggioImportante.$inferSelect;
