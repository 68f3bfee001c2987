// Site content: sponsors and key/value settings.
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tz } from './columns';

export const sponsor = pgTable('sponsor', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url').notNull().default(''),
  website: text('website').notNull().default(''),
  description: text('description').notNull().default(''),
  ordine: integer('ordine').notNull().default(0),
});

/**
 * The problem authors credited on the about-us page with their number of
 * contributions (the page mentions the 16 most active).
 */
export const collaboratore = pgTable(
  'collaboratore',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    contributi: integer('contributi').notNull().default(0),
  },
  (t) => [check('collaboratore_contributi_check', sql`${t.contributi} >= 0`)],
);

/**
 * Free-form site content, one JSON value per key. The keys in use and the
 * shape of their values are in IMPOSTAZIONI_SITO below.
 */
export const impostazioniSito = pgTable('impostazioni_sito', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export type Link = { titolo: string; url: string };
export type Persona = { nome: string; ruolo?: string; affiliazione?: string };

/** Shapes of the site settings, by key. */
export type ImpostazioniSito = {
  home: {
    notizie: { titolo: string; testo: string; data: string }[];
    video_url: string;
    chi_siamo_anteprima: string;
    regolamento_sintesi: string;
  };
  /** Per season (year as string): rules, logistics and venue documents. */
  regolamento: Record<string, { regolamento: string; logistica: string; poli?: string }>;
  /** data as YYYY-MM-DD, ora as HH:MM (Italian time). */
  webinar: { data: string; ora: string; titolo: string; descrizione: string; link: string }[];
  finale: {
    inizio: string;
    fine: string;
    luogo: string;
    calendario: { data: string; descrizione: string }[];
  };
  chi_siamo: {
    direzione: Persona[];
    docenti_formazione: Persona[];
    sviluppatori: Persona[];
    ringraziamenti: string[];
    docenti_scuole: Persona[];
  };
  /** The certificates' signer and logo (a PNG or JPEG data URL); all optional. */
  attestati: { firma?: string; firmatario?: string; logo?: string };
};
export type ChiaveImpostazione = keyof ImpostazioniSito;
/**
 * The keys GET /api/gas/sito/ serves. `attestati` is not among them: only the
 * certificates read it, and its logo would weigh on every page's load.
 */
export const IMPOSTAZIONI_SITO: readonly Exclude<ChiaveImpostazione, 'attestati'>[] = [
  'home',
  'regolamento',
  'webinar',
  'finale',
  'chi_siamo',
];

export type Sponsor = typeof sponsor.$inferSelect;
export type Collaboratore = typeof collaboratore.$inferSelect;
