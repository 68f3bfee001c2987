// What server and web app share about each resource of the back office
// (issue 14): its labels, group, record and request schemas, and for each
// field its Italian label and whether it is searched, filtered, sorted,
// shown in the list, or a reference to another resource. The server maps
// fields to columns (server/src/gara/registro/resources.ts); the web app
// builds its lists, filters and forms from this alone (features/backoffice).
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
import {
  adminCollaboratoreRequest,
  adminCollaboratoreSchema,
  adminSponsorRequest,
  adminSponsorSchema,
} from './sito';
import {
  adminEventoRequest,
  adminEventoSchema,
  adminFileRequest,
  adminFileSchema,
  adminJollyRequest,
  adminJollySchema,
  adminMessaggioRequest,
  adminMessaggioSchema,
  adminProblemaRequest,
  adminProblemaSchema,
  adminRispostaRequest,
  adminRispostaSchema,
  adminSessioneRequest,
  adminSessioneSchema,
} from './gare';
import {
  adminResponsabileRequest,
  adminResponsabileSchema,
  adminSquadraRequest,
  adminSquadraSchema,
  adminUserRequest,
  adminUserSchema,
} from './persone';

export const GRUPPI_ADMIN = ['Gare', 'Partecipanti', 'Persone', 'Sito', 'Registro'] as const;
export type GruppoAdmin = (typeof GRUPPI_ADMIN)[number];

export type CampoAdmin = {
  etichetta: string;
  /** Matched by the list's `search` (a reference: the referenced record's searched fields). */
  cerca?: boolean;
  /** A `?campo=valore` filter of the list. */
  filtro?: boolean;
  /** Allowed in `ordering`. */
  ordina?: boolean;
  /** A column of the list (the others show on the record's page). */
  lista?: boolean;
  /** The id of a record of this resource. */
  riferimento?: string;
  /** The Italian label of each value of a choice (spec §3 codes such as 'sp'). */
  scelte?: Record<string, string>;
  /** Shown, never written by the back office. */
  solaLettura?: boolean;
  /** What the field means, under its input (when the label alone could mislead). */
  aiuto?: string;
};

/** What describes a resource; `RisorsaAdmin` is one of those below, its name one of theirs. */
type DescrizioneRisorsa = {
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
  /** False: records come from elsewhere (uploads, the answer desk); no POST. */
  crea?: boolean;
  /** False: records are never edited here; no PATCH. */
  modifica?: boolean;
};

const risorsa = <const R extends DescrizioneRisorsa>(r: R): R => r;

/**
 * The event of a record named 'Evento — nome' in pickers (sessions, problems,
 * venues): searched too, so typing the event's title finds its records.
 */
const EVENTO_CERCATO = {
  etichetta: 'Evento',
  cerca: true,
  filtro: true,
  ordina: true,
  lista: true,
  riferimento: 'evento',
} as const;

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
    evento: EVENTO_CERCATO,
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
    responsabili: { etichetta: 'Responsabili del polo', filtro: true, riferimento: 'user' },
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

export const risorsaCollaboratore = risorsa({
  nome: 'collaboratore',
  etichetta: 'Collaboratori',
  singolare: 'Collaboratore',
  gruppo: 'Sito',
  item: adminCollaboratoreSchema,
  request: adminCollaboratoreRequest,
  campi: {
    nome: { etichetta: 'Nome', cerca: true, ordina: true, lista: true },
    contributi: { etichetta: 'Problemi proposti', ordina: true, lista: true },
  },
  ordinamento: ['-contributi', 'nome'],
  titolo: 'nome',
});

// ---- Gare

export const risorsaEvento = risorsa({
  nome: 'evento',
  etichetta: 'Eventi',
  singolare: 'Evento',
  gruppo: 'Gare',
  item: adminEventoSchema,
  request: adminEventoRequest,
  campi: {
    titolo: { etichetta: 'Titolo', cerca: true, ordina: true, lista: true },
    descrizione: { etichetta: 'Descrizione', cerca: true },
    tipologia: {
      etichetta: 'Tipologia',
      filtro: true,
      ordina: true,
      lista: true,
      scelte: { o: 'Ufficiale', pub: 'Non ufficiale, pubblico', priv: 'Non ufficiale, privato' },
    },
    ufficiale: {
      etichetta: 'Ufficiale',
      filtro: true,
      ordina: true,
      lista: true,
      solaLettura: true,
      aiuto:
        'Segue la tipologia: sì solo per gli eventi ufficiali. Nei giorni di una gara ufficiale i bigliettini di consegna non si generano.',
    },
    anno: {
      etichetta: 'Anno scolastico (fine)',
      filtro: true,
      ordina: true,
      lista: true,
      aiuto:
        'L’anno in cui finisce l’anno scolastico dell’evento: 2027 per il 2026-2027. Un evento che inizia dopo agosto conta per l’anno successivo.',
    },
    inizio: { etichetta: 'Inizio', ordina: true, lista: true },
    fine: { etichetta: 'Fine', ordina: true },
    inizio_iscrizioni: { etichetta: 'Inizio iscrizioni' },
    fine_iscrizioni: { etichetta: 'Fine iscrizioni' },
    fine_modifica_squadre: { etichetta: 'Fine modifica squadre' },
    fine_consegna_jolly: { etichetta: 'Fine consegna jolly' },
    youtube_link: { etichetta: 'Diretta YouTube' },
    pagina_dedicata: { etichetta: 'Pagina dedicata' },
    doppia_digitazione: { etichetta: 'Doppia digitazione delle risposte', filtro: true },
    pti_tolti_errore: { etichetta: 'Punti tolti per errore' },
    pti_base_montepremi: { etichetta: 'Punti base del montepremi' },
    max_errori_raise_montepremi: { etichetta: 'Errori massimi che alzano il montepremi' },
    errore_punteggi_raise: { etichetta: 'Aumento del montepremi per errore' },
    punteggio_base_problemi: { etichetta: 'Punteggio base dei problemi' },
    bonus_velocita: { etichetta: 'Bonus velocità' },
    scaling_bonus_velocita: { etichetta: 'Scala del bonus velocità' },
    scaling_bonus_montepremi: { etichetta: 'Scala del bonus montepremi' },
    amministratori: { etichetta: 'Amministratori', filtro: true, riferimento: 'responsabile' },
    inseritori: { etichetta: 'Inseritori', filtro: true, riferimento: 'responsabile' },
  },
  ordinamento: ['-inizio'],
  titolo: 'titolo',
});

export const risorsaSessione = risorsa({
  nome: 'sessione',
  etichetta: 'Sessioni',
  singolare: 'Sessione',
  gruppo: 'Gare',
  item: adminSessioneSchema,
  request: adminSessioneRequest,
  campi: {
    evento: EVENTO_CERCATO,
    nome: { etichetta: 'Nome', cerca: true, ordina: true, lista: true },
    ufficiale: { etichetta: 'Ufficiale', filtro: true, lista: true },
    numero_qualificati: { etichetta: 'Squadre qualificate', lista: true },
    ordine: { etichetta: 'Ordine', ordina: true, lista: true },
  },
  ordinamento: ['evento', 'ordine'],
  titolo: 'nome',
});

export const risorsaProblema = risorsa({
  nome: 'problema',
  etichetta: 'Problemi',
  singolare: 'Problema',
  gruppo: 'Gare',
  item: adminProblemaSchema,
  request: adminProblemaRequest,
  campi: {
    evento: EVENTO_CERCATO,
    nome: { etichetta: 'Nome', cerca: true, ordina: true, lista: true },
    ordine: { etichetta: 'Ordine', ordina: true, lista: true },
    soluzione: { etichetta: 'Soluzione (mantissa)', lista: true },
    soluzione_exp: { etichetta: 'Esponente (10^)', lista: true },
    intervallo_validita: { etichetta: 'Tolleranza relativa', lista: true },
    udm_soluzione: { etichetta: 'Unità di misura', lista: true },
  },
  ordinamento: ['evento', 'ordine'],
  titolo: 'nome',
});

export const risorsaFile = risorsa({
  nome: 'file-programmato',
  etichetta: 'File',
  singolare: 'File',
  gruppo: 'Gare',
  item: adminFileSchema,
  request: adminFileRequest,
  campi: {
    evento: { etichetta: 'Evento', filtro: true, ordina: true, lista: true, riferimento: 'evento' },
    tipologia: {
      etichetta: 'Tipologia',
      filtro: true,
      ordina: true,
      lista: true,
      solaLettura: true,
    },
    nome_file: { etichetta: 'Nome del file', cerca: true, lista: true, solaLettura: true },
    data: { etichetta: 'Pubblicazione', ordina: true, lista: true },
    pubblico: { etichetta: 'Pubblico', filtro: true, lista: true },
    dimensione: { etichetta: 'Dimensione (byte)', lista: true, solaLettura: true },
  },
  ordinamento: ['evento', 'tipologia'],
  titolo: 'nome_file',
  crea: false,
});

export const risorsaRisposta = risorsa({
  nome: 'risposta',
  etichetta: 'Risposte',
  singolare: 'Risposta',
  gruppo: 'Gare',
  item: adminRispostaSchema,
  request: adminRispostaRequest,
  campi: {
    sessione: {
      etichetta: 'Sessione',
      filtro: true,
      lista: true,
      riferimento: 'sessione',
      solaLettura: true,
    },
    squadra: {
      etichetta: 'Squadra',
      filtro: true,
      lista: true,
      riferimento: 'squadra',
      solaLettura: true,
    },
    problema: {
      etichetta: 'Problema',
      filtro: true,
      lista: true,
      riferimento: 'problema',
      solaLettura: true,
    },
    kind: {
      etichetta: 'Tipo',
      filtro: true,
      lista: true,
      solaLettura: true,
      scelte: { r: 'Risposta', j: 'Jolly' },
    },
    valore: { etichetta: 'Valore', cerca: true, lista: true, solaLettura: true },
    valore_exp: { etichetta: 'Esponente', solaLettura: true },
    corretto: { etichetta: 'Corretta', filtro: true, lista: true, solaLettura: true },
    momento_consegna: { etichetta: 'Consegna', ordina: true, lista: true, solaLettura: true },
    date_received: { etichetta: 'Ricevuta', ordina: true, solaLettura: true },
    inserita_da: { etichetta: 'Inserita da', filtro: true, riferimento: 'user', solaLettura: true },
  },
  ordinamento: ['-id'],
  titolo: 'valore',
  crea: false,
  modifica: false,
});

export const risorsaJolly = risorsa({
  nome: 'jolly',
  etichetta: 'Jolly',
  singolare: 'Jolly',
  gruppo: 'Gare',
  item: adminJollySchema,
  request: adminJollyRequest,
  campi: {
    squadra: {
      etichetta: 'Squadra',
      filtro: true,
      lista: true,
      riferimento: 'squadra',
      solaLettura: true,
    },
    problema: {
      etichetta: 'Problema',
      filtro: true,
      lista: true,
      riferimento: 'problema',
      solaLettura: true,
    },
    created_at: { etichetta: 'Scelto il', ordina: true, lista: true, solaLettura: true },
  },
  ordinamento: ['-id'],
  titolo: 'id',
  crea: false,
  modifica: false,
});

export const risorsaMessaggio = risorsa({
  nome: 'messaggio-importante',
  etichetta: 'Messaggi importanti',
  singolare: 'Messaggio importante',
  gruppo: 'Gare',
  item: adminMessaggioSchema,
  request: adminMessaggioRequest,
  campi: {
    evento: { etichetta: 'Evento', filtro: true, ordina: true, lista: true, riferimento: 'evento' },
    testo: { etichetta: 'Testo', cerca: true, lista: true },
    data: { etichetta: 'Pubblicato', ordina: true, lista: true, solaLettura: true },
  },
  ordinamento: ['-data'],
  titolo: 'testo',
});

// ---- Partecipanti: squadre

export const risorsaSquadra = risorsa({
  nome: 'squadra',
  etichetta: 'Squadre',
  singolare: 'Squadra',
  gruppo: 'Partecipanti',
  item: adminSquadraSchema,
  request: adminSquadraRequest,
  campi: {
    nome: { etichetta: 'Nome', cerca: true, ordina: true, lista: true },
    evento: { etichetta: 'Evento', filtro: true, ordina: true, lista: true, riferimento: 'evento' },
    sessione: {
      etichetta: 'Sessione',
      filtro: true,
      ordina: true,
      lista: true,
      riferimento: 'sessione',
    },
    scuola: { etichetta: 'Scuola', filtro: true, ordina: true, lista: true, riferimento: 'scuola' },
    polo: { etichetta: 'Polo', filtro: true, ordina: true, lista: true, riferimento: 'polo' },
    ufficiale: { etichetta: 'Ufficiale', filtro: true, ordina: true, lista: true },
    ospite: { etichetta: 'Ospite', filtro: true, ordina: true, lista: true },
    ordine_eta: { etichetta: 'Ordine di età', ordina: true },
    penalita: { etichetta: 'Penalità', ordina: true },
    id_esterno: { etichetta: 'Codice sul sito olimpiadi', cerca: true },
    capitano: { etichetta: 'Capitano', cerca: true },
    anno_capitano: { etichetta: 'Classe del capitano (1-5)' },
    consegnatore: { etichetta: 'Consegnatore', cerca: true },
    anno_consegnatore: { etichetta: 'Classe del consegnatore (1-5)' },
    p1: { etichetta: 'Componente 1', cerca: true },
    anno_p1: { etichetta: 'Classe del componente 1 (1-5)' },
    p2: { etichetta: 'Componente 2', cerca: true },
    anno_p2: { etichetta: 'Classe del componente 2 (1-5)' },
    p3: { etichetta: 'Componente 3', cerca: true },
    anno_p3: { etichetta: 'Classe del componente 3 (1-5)' },
  },
  ordinamento: ['evento', 'nome'],
  titolo: 'nome',
});

// ---- Persone

export const risorsaUser = risorsa({
  nome: 'user',
  etichetta: 'Utenti',
  singolare: 'Utente',
  gruppo: 'Persone',
  item: adminUserSchema,
  request: adminUserRequest,
  campi: {
    username: { etichetta: 'Nome utente', cerca: true, ordina: true, lista: true },
    first_name: { etichetta: 'Nome', cerca: true, ordina: true, lista: true },
    last_name: { etichetta: 'Cognome', cerca: true, ordina: true, lista: true },
    email: { etichetta: 'E-mail', cerca: true, ordina: true, lista: true },
    is_active: { etichetta: 'Attivo', filtro: true, lista: true },
    is_staff: { etichetta: 'Staff', filtro: true, lista: true },
    is_superuser: { etichetta: 'Superutente', filtro: true, lista: true },
    date_joined: { etichetta: 'Iscritto il', ordina: true, solaLettura: true },
    last_login: { etichetta: 'Ultimo accesso', ordina: true, solaLettura: true },
  },
  ordinamento: ['username'],
  titolo: 'username',
});

export const risorsaResponsabile = risorsa({
  nome: 'responsabile',
  etichetta: 'Responsabili',
  singolare: 'Responsabile',
  gruppo: 'Persone',
  item: adminResponsabileSchema,
  request: adminResponsabileRequest,
  campi: {
    user: {
      etichetta: 'Utente',
      cerca: true,
      filtro: true,
      ordina: true,
      lista: true,
      riferimento: 'user',
    },
    ruolo: {
      etichetta: 'Ruolo',
      filtro: true,
      ordina: true,
      lista: true,
      scelte: { sp: 'Responsabile principale', ss: 'Responsabile squadra' },
    },
    attivo: { etichetta: 'Attivo', filtro: true, lista: true },
    puo_iscriversi_gare_ufficiali: {
      etichetta: 'Può iscriversi alle gare ufficiali',
      filtro: true,
    },
    newsletter: { etichetta: 'Newsletter', filtro: true },
    id_esterno: { etichetta: 'Codice sul sito olimpiadi', cerca: true, lista: true },
    scuole: { etichetta: 'Scuole', filtro: true, riferimento: 'scuola' },
    squadre: { etichetta: 'Squadre', filtro: true, riferimento: 'squadra' },
  },
  ordinamento: ['id'],
  titolo: 'user',
});

/** Every resource, in the order of the /admin/ index. */
const ELENCO = [
  risorsaEvento,
  risorsaSessione,
  risorsaProblema,
  risorsaFile,
  risorsaRisposta,
  risorsaJolly,
  risorsaMessaggio,
  risorsaSquadra,
  risorsaScuola,
  risorsaPolo,
  risorsaCitta,
  risorsaRegione,
  risorsaPaese,
  risorsaUser,
  risorsaResponsabile,
  risorsaSponsor,
  risorsaCollaboratore,
] as const;
/** The name of a resource of the back office ('squadra', 'file-programmato'…). */
export type NomeRisorsaAdmin = (typeof ELENCO)[number]['nome'];
/**
 * A resource of the back office: its name is one of the list's, so the web
 * app's calls name the API's own paths (`/api/admin/${nome}/`).
 */
export type RisorsaAdmin = DescrizioneRisorsa & { nome: NomeRisorsaAdmin };
export const RISORSE_ADMIN: readonly RisorsaAdmin[] = ELENCO;
