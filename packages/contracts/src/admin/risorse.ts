// What server and web app share about each resource of the back office
// (issue 14): its labels, group, record and request schemas, and for each
// field its Italian label and whether it is searched, filtered, sorted,
// shown in the list, or a reference to another resource. The server maps
// fields to columns (api/admin/resources.ts); the web app builds its lists,
// filters and forms from this alone (features/backoffice).
import type { z } from 'zod';
import {
  adminCittaRequest,
  adminCittaSchema,
  adminPaeseRequest,
  adminPaeseSchema,
  adminPoloRequest,
  adminPoloSchema,
  adminRegioneRequest,
  adminRegioneSchema,
  adminScuolaRequest,
  adminScuolaSchema,
} from './luoghi';
import { adminSponsorRequest, adminSponsorSchema } from './sito';

export const GRUPPI_ADMIN = ['Gare', 'Partecipanti', 'Persone', 'Sito', 'Registro'] as const;
export type GruppoAdmin = (typeof GRUPPI_ADMIN)[number];

export type CampoAdmin = {
  etichetta: string;
  /** Matched by the list's `search`. */
  cerca?: boolean;
  /** A `?campo=valore` filter of the list. */
  filtro?: boolean;
  /** Allowed in `ordering`. */
  ordina?: boolean;
  /** A column of the list (the others show on the record's page). */
  lista?: boolean;
  /** The id of a record of this resource. */
  riferimento?: string;
  /** Shown, never written by the back office. */
  solaLettura?: boolean;
};

export type RisorsaAdmin = {
  /** URL segment of /api/admin/<nome>/ and /admin/<nome>/. */
  nome: string;
  etichetta: string;
  singolare: string;
  gruppo: GruppoAdmin;
  item: z.ZodObject;
  request: z.ZodObject;
  campi: Record<string, CampoAdmin>;
  /** Default ordering (field names, `-` for descending). */
  ordinamento: string[];
  /** The field that names a record. */
  titolo: string;
};

const risorsa = <const R extends RisorsaAdmin>(r: R): R => r;

export const risorsaPaese = risorsa({
  nome: 'paese',
  etichetta: 'Paesi',
  singolare: 'Paese',
  gruppo: 'Partecipanti',
  item: adminPaeseSchema,
  request: adminPaeseRequest,
  campi: {
    nome: { etichetta: 'Nome', cerca: true, ordina: true, lista: true },
    codice: { etichetta: 'Codice ISO', cerca: true, filtro: true, ordina: true, lista: true },
  },
  ordinamento: ['nome'],
  titolo: 'nome',
});

export const risorsaRegione = risorsa({
  nome: 'regione',
  etichetta: 'Regioni',
  singolare: 'Regione',
  gruppo: 'Partecipanti',
  item: adminRegioneSchema,
  request: adminRegioneRequest,
  campi: {
    nome: { etichetta: 'Nome', cerca: true, ordina: true, lista: true },
    paese: { etichetta: 'Paese', filtro: true, ordina: true, lista: true, riferimento: 'paese' },
  },
  ordinamento: ['nome'],
  titolo: 'nome',
});

export const risorsaCitta = risorsa({
  nome: 'citta',
  etichetta: 'Città',
  singolare: 'Città',
  gruppo: 'Partecipanti',
  item: adminCittaSchema,
  request: adminCittaRequest,
  campi: {
    nome: { etichetta: 'Nome', cerca: true, ordina: true, lista: true },
    regione: {
      etichetta: 'Regione',
      filtro: true,
      ordina: true,
      lista: true,
      riferimento: 'regione',
    },
    provincia: { etichetta: 'Provincia', cerca: true, filtro: true, ordina: true, lista: true },
    latitude: { etichetta: 'Latitudine' },
    longitude: { etichetta: 'Longitudine' },
  },
  ordinamento: ['nome'],
  titolo: 'nome',
});

export const risorsaScuola = risorsa({
  nome: 'scuola',
  etichetta: 'Scuole',
  singolare: 'Scuola',
  gruppo: 'Partecipanti',
  item: adminScuolaSchema,
  request: adminScuolaRequest,
  campi: {
    nome: { etichetta: 'Nome', cerca: true, ordina: true, lista: true },
    tipologia: { etichetta: 'Tipologia', filtro: true, ordina: true, lista: true },
    indirizzo: { etichetta: 'Indirizzo', cerca: true },
    citta: { etichetta: 'Città', filtro: true, ordina: true, lista: true, riferimento: 'citta' },
    latitude: { etichetta: 'Latitudine' },
    longitude: { etichetta: 'Longitudine' },
    codice_meccanografico: {
      etichetta: 'Codice meccanografico',
      cerca: true,
      ordina: true,
      lista: true,
    },
  },
  ordinamento: ['nome'],
  titolo: 'nome',
});

export const risorsaPolo = risorsa({
  nome: 'polo',
  etichetta: 'Poli',
  singolare: 'Polo',
  gruppo: 'Partecipanti',
  item: adminPoloSchema,
  request: adminPoloRequest,
  campi: {
    evento: { etichetta: 'Evento', filtro: true, ordina: true, lista: true, riferimento: 'evento' },
    nome_breve: { etichetta: 'Nome breve', cerca: true, ordina: true, lista: true },
    descrizione: { etichetta: 'Descrizione', cerca: true },
    indirizzo: { etichetta: 'Indirizzo', cerca: true, lista: true },
    citta: { etichetta: 'Città', filtro: true, ordina: true, lista: true, riferimento: 'citta' },
    latitude: { etichetta: 'Latitudine' },
    longitude: { etichetta: 'Longitudine' },
    capacita_massima_squadre: {
      etichetta: 'Capacità massima (squadre)',
      ordina: true,
      lista: true,
    },
  },
  ordinamento: ['evento', 'nome_breve'],
  titolo: 'nome_breve',
});

export const risorsaSponsor = risorsa({
  nome: 'sponsor',
  etichetta: 'Sponsor',
  singolare: 'Sponsor',
  gruppo: 'Sito',
  item: adminSponsorSchema,
  request: adminSponsorRequest,
  campi: {
    name: { etichetta: 'Nome', cerca: true, ordina: true, lista: true },
    logo_url: { etichetta: 'Logo (indirizzo)' },
    website: { etichetta: 'Sito web', cerca: true, lista: true },
    description: { etichetta: 'Descrizione', cerca: true },
    ordine: { etichetta: 'Ordine', ordina: true, lista: true },
  },
  ordinamento: ['ordine', 'name'],
  titolo: 'name',
});

/** Every resource, in the order of the /admin/ index. */
export const RISORSE_ADMIN: readonly RisorsaAdmin[] = [
  risorsaScuola,
  risorsaPolo,
  risorsaCitta,
  risorsaRegione,
  risorsaPaese,
  risorsaSponsor,
];
