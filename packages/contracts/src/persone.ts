// Payloads about people and teams: team sign-up and edits, secondary
// managers (spec §2 form, §5 rules), chat tokens and delivery slips. The
// server validates requests with these schemas and the web forms use the same
// ones, so both reject the same input with the same Italian messages.
import { z } from 'zod';
import { idValue } from './params';
import { PASSWORD_MISMATCH } from './auth';

export const LIMITI_PERSONE = {
  /** Names of people, teams and usernames (Django's username limit). */
  nome: 150,
  /** RFC 5321 limit of an e-mail address. */
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  /** Chat user names are shown in the chat: shorter than account names. */
  nomeChat: 64,
  /** More teams or schools in one request is a mistake or an attack. */
  listaId: 1000,
} as const;
const L = LIMITI_PERSONE;

/** Field errors of these payloads (Italian, shown on the form fields). */
export const MESSAGGI_PERSONE = {
  usernameDuplicato: 'Un utente con questo username è già presente.',
  usernameNonValido:
    'Usa solo lettere, numeri e i caratteri @ . + - _ (può coincidere con l’e-mail).',
  nomeSquadraDuplicato: 'Esiste già una squadra con questo nome in questa sessione.',
  iscrizioniChiuse: 'Le iscrizioni a questa sessione non sono aperte.',
  iscrizioniUfficiali:
    'Le squadre delle gare ufficiali non si iscrivono qui: vanno registrate sul sito delle Olimpiadi.',
  modificheChiuse: 'Il termine per modificare le squadre è scaduto.',
  scuolaNonTua: 'Puoi indicare solo una delle tue scuole.',
  squadraNonAssegnabile: 'Non puoi assegnare questa squadra.',
  scuolaNonAssegnabile: 'Non puoi assegnare questa scuola.',
  poloAltroEvento: 'Il polo non appartiene all’evento della squadra.',
  soloAmministratori: 'Solo gli amministratori dell’evento possono modificare questo campo.',
  squadraSconosciuta: 'Squadra sconosciuta.',
  squadraSenzaPolo: 'La squadra non è assegnata a nessun polo.',
  sessioneAmbigua: 'Più squadre hanno questo nome: indica la sessione.',
  caratteriNonValidi: 'Il testo contiene caratteri non ammessi.',
  dataNonValida: 'Inserisci una data valida (AAAA-MM-GG o data e ora ISO 8601).',
  emailDuplicata: 'Un account con questo indirizzo e-mail è già presente.',
  nomeChatDuplicato: 'Questo nome è già usato nella chat da un altro account: scegline un altro.',
} as const;

const idSchema = idValue;

// Control characters are never part of a name, and PostgreSQL cannot store
// NUL at all: refusing them here keeps such input a 400, not a 500. Nor are
// the bidi controls (embeddings, overrides, isolates, marks): a right-to-left
// override in a team name would reverse what follows it on the scoreboard.
const SENZA_CONTROLLO = /^[^\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F]*$/u;
const testo = (max: number) =>
  z.string().trim().max(max).regex(SENZA_CONTROLLO, MESSAGGI_PERSONE.caratteriNonValidi);
const nome = testo(L.nome).min(1);
const membro = testo(L.nome).nullable();
/** The class (1st to 5th year) of a team member. */
export const annoScolastico = z.number().int().min(1).max(5).nullable();
const idList = z.array(idSchema).max(L.listaId);

/** 'Iscrizione squadra': the school is optional (irrelevant in unofficial events). */
export const squadraCreateRequest = z.object({
  nome,
  sessione: idSchema,
  scuola: idSchema.nullable().optional(),
});
export type SquadraCreateRequest = z.infer<typeof squadraCreateRequest>;

/**
 * Team edit. Owners change the name and the members until
 * fine_modifica_squadre; `polo` and `ospite` only event administrators.
 */
export const squadraUpdateRequest = z.object({
  nome: nome.optional(),
  polo: idSchema.nullable().optional(),
  ospite: z.boolean().optional(),
  capitano: membro.optional(),
  consegnatore: membro.optional(),
  p1: membro.optional(),
  p2: membro.optional(),
  p3: membro.optional(),
  anno_capitano: annoScolastico.optional(),
  anno_consegnatore: annoScolastico.optional(),
  anno_p1: annoScolastico.optional(),
  anno_p2: annoScolastico.optional(),
  anno_p3: annoScolastico.optional(),
});
export type SquadraUpdateRequest = z.infer<typeof squadraUpdateRequest>;

// `abort`: an empty value gets 'Questo campo è obbligatorio.' only, not also
// the message about the characters allowed.
const usernameSchema = z
  .string()
  .trim()
  .min(1, { abort: true })
  .max(L.nome)
  .regex(/^[\p{L}\p{N}_.@+-]+$/u, MESSAGGI_PERSONE.usernameNonValido);

/** 'Nuovo responsabile di squadra' (spec §2): creation only. */
export const responsabileCreateRequest = z
  .object({
    first_name: testo(L.nome).default(''),
    last_name: testo(L.nome).default(''),
    email: z.string().trim().max(L.email).pipe(z.email()),
    username: usernameSchema,
    password: z
      .string()
      .min(L.passwordMin, `La password deve contenere almeno ${L.passwordMin} caratteri.`)
      .max(L.passwordMax),
    confirm_password: z.string().max(L.passwordMax),
    squadre: idList.default([]),
    scuole: idList.default([]),
    newsletter: z.boolean().default(false),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: PASSWORD_MISMATCH,
  });
export type ResponsabileCreateRequest = z.input<typeof responsabileCreateRequest>;

/**
 * 'Modifica responsabile di squadra': username, e-mail and names are
 * read-only and there are no password fields. Like DRF read-only fields,
 * those keys are ignored if sent.
 */
export const responsabileUpdateRequest = z.object({
  squadre: idList.optional(),
  scuole: idList.optional(),
  newsletter: z.boolean().optional(),
});
export type ResponsabileUpdateRequest = z.infer<typeof responsabileUpdateRequest>;

/** Chat-token page: `user` is the chat user name (defaults to the username). */
export const chatTokenRequest = z.object({
  user: z
    .string()
    .trim()
    .min(1)
    .max(L.nomeChat)
    // Shown by the chat bot: no control characters.
    .regex(SENZA_CONTROLLO, MESSAGGI_PERSONE.caratteriNonValidi)
    .optional(),
});
export type ChatTokenRequest = z.infer<typeof chatTokenRequest>;

/**
 * What the chat bot learns from a token: the GaS account it belongs to
 * (`username`, `user.id`: the account, never a name its owner typed) and the
 * name the account chose for the chat (`chat_name`, one account's only).
 */
export const chatTokenVerifyResponse = z.union([
  z.object({
    valid: z.literal(true),
    username: z.string(),
    chat_name: z.string(),
    user: z.object({
      id: z.number().int(),
      username: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      is_staff: z.boolean(),
      is_superuser: z.boolean(),
      ruolo: z.enum(['sp', 'ss']).nullable(),
    }),
  }),
  z.object({ valid: z.literal(false) }),
]);
export type ChatTokenVerifyResponse = z.infer<typeof chatTokenVerifyResponse>;

/** Tokens are base64url (randomToken); anything else cannot match. */
export const chatTokenVerifyRequest = z.object({
  token: z
    .string()
    .min(1, { abort: true })
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type ChatTokenVerifyRequest = z.infer<typeof chatTokenVerifyRequest>;

/**
 * Delivery slips: the names of the teams of one venue and the output. Names
 * are unique within a session only, so `sessione` disambiguates them.
 */
export const bigliettiConsegnaRequest = z.object({
  squadre: z.array(nome).min(1).max(L.listaId),
  content: z.enum(['pdf', 'source']),
  sessione: idSchema.optional(),
});
export type BigliettiConsegnaRequest = z.infer<typeof bigliettiConsegnaRequest>;
