// Payloads of the contest itself: answers, jokers, and the admin actions on a
// session's scores (spec §5, §7). The server validates requests with these
// schemas and the web forms use the same ones. Whether `valore` is a number is
// checked with @gas/scoring's parseAnswerValue (contracts import only zod), by
// the server and by the answer form alike.
import { z } from 'zod';
import { idValue } from './params';

export const LIMITI_GARA = {
  /** No real answer needs more characters; longer texts are refused before parsing. */
  valore: 64,
  /** |valore_exp|: far beyond any physical quantity, small enough to stay cheap. */
  valoreExp: 1000,
  /** Seconds: the refresh request scatters reloads over at most one hour. */
  refreshInterval: 3600,
  /** Ids in one pk__in filter. */
  pkIn: 1000,
  /** Seconds a custom momento_consegna may lie ahead of the server clock. */
  tolleranzaOrologio: 5,
  /**
   * Minutes a momento_digitazione (an answer typed while the server could
   * not be reached) may lie before its receipt: older is refused, so that a
   * device whose clock is wrong is caught (issue 17).
   */
  ritardoDigitazione: 60,
} as const;
const L = LIMITI_GARA;
const L_RITARDO = LIMITI_GARA.ritardoDigitazione;

/** Italian texts of the answer and joker flows (field errors and confirmations). */
export const MESSAGGI_GARA = {
  valoreNonValido: 'Inserisci un numero valido (la virgola o il punto come separatore decimale).',
  problemaAltroEvento: 'Il problema non appartiene all’evento della squadra.',
  garaNonInCorso: 'La gara non è in corso: le risposte si consegnano tra l’inizio e la fine.',
  momentoNonPermesso: 'Non hai il permesso di scegliere il momento di consegna.',
  momentoNelFuturo: 'Il momento di consegna non può essere nel futuro.',
  momentoFuoriGara:
    'Il momento di consegna deve essere compreso tra l’inizio e la fine della gara.',
  momentoDopoJolly: 'Il momento di consegna del jolly non può superare il termine per sceglierlo.',
  momentoRichiesto:
    'La consegna è chiusa: per inserire un foglio consegnato in tempo indica il momento di consegna scritto sul foglio.',
  jollyNonIniziato:
    'La gara non è ancora iniziata: il jolly si sceglie dall’inizio della gara fino al termine indicato.',
  dataNonValida: 'Inserisci data e ora in formato ISO 8601 con il fuso orario.',
  jollyGiaScelto: 'La squadra ha già scelto il problema jolly.',
  jollyScaduto: 'Il termine per scegliere il problema jolly è scaduto.',
  jollyImpostato: 'Jolly impostato correttamente.',
  filtroRichiesto:
    'Indica almeno un filtro: squadra, squadra__sessione, squadra__evento o problema.',
  cacheResettata: 'Cache resettata',
  refreshSchedulato: 'Refresh schedulato',
  datiCambiati: 'La squadra o il problema sono stati appena modificati: riprova a inviare.',
  digitazioneNelFuturo:
    'Il momento in cui la risposta è stata digitata è nel futuro: controlla l’orologio del dispositivo.',
  digitazioneTroppoVecchia: `La risposta è stata digitata più di ${L_RITARDO} minuti fa: inseriscila indicando il momento di consegna scritto sul foglio.`,
  digitazioneConMomento:
    'Indica il momento di consegna oppure quello di digitazione, non entrambi.',
  chiaveNonValida:
    'Idempotency-Key non valida: usa da 8 a 128 lettere, cifre, trattini o trattini bassi (per esempio un UUID).',
  chiaveRiservata:
    'Idempotency-Key non valida: le chiavi che iniziano con «digitazione-» sono riservate al server. Usa un’altra chiave (per esempio un UUID).',
  chiaveRiusata:
    'Questa Idempotency-Key è già stata usata per una consegna diversa: ogni risposta ha la sua chiave.',
  digitazioneRisolta: 'Queste digitazioni sono già state risolte.',
  digitazioneNonDiscordante: 'Si possono risolvere solo due digitazioni discordanti.',
  digitazioneNonInAttesa: 'Si può eliminare solo una digitazione in attesa della seconda.',
  digitazioneDaScegliere: 'Scegli una delle due digitazioni.',
} as const;

/**
 * Double entry (issue 17): the states of one typing of a slip.
 * in_attesa: waits for a second typing by another user; confermata: two
 * typings agreed and the answer is stored; discordante: two disagreed and an
 * administrator decides; risolta: the administrator stored an answer;
 * scartata: the administrator dropped the pair, or the typist his pending one.
 */
export const STATI_DIGITAZIONE = [
  'in_attesa',
  'confermata',
  'discordante',
  'risolta',
  'scartata',
] as const;
export type StatoDigitazione = (typeof STATI_DIGITAZIONE)[number];
/** What each state reads as (the answer desk, the double-entry page, the audit log). */
export const STATO_DIGITAZIONE: Record<StatoDigitazione, string> = {
  in_attesa: 'In attesa della seconda digitazione',
  confermata: 'Digitazioni concordi',
  discordante: 'Digitazioni discordanti',
  risolta: 'Decisa dagli amministratori',
  scartata: 'Scartata',
};

/**
 * What the administrators decided for one typing of a pair that disagreed:
 * its reading was accepted, the other one's was, a value read on the slip
 * was stored instead, or neither became an answer.
 */
/** An answer's value as typed with its power of ten ('4,7 × 10^2'), for titles and the audit log. */
export const valoreScritto = (valore: string, exp: number) =>
  exp ? `${valore} × 10^${exp}` : valore;

export const DECISIONI_DIGITAZIONE = [
  'accettata',
  'altra_accettata',
  'corretta',
  'scartata',
] as const;
export type DecisioneDigitazione = (typeof DECISIONI_DIGITAZIONE)[number];
export const DECISIONE_DIGITAZIONE: Record<DecisioneDigitazione, string> = {
  accettata: 'Accettata questa lettura',
  altra_accettata: 'Accettata l’altra lettura',
  corretta: 'Registrato il valore letto sul foglio',
  scartata: 'Scartate entrambe',
};

const momento = z.iso.datetime({ offset: true, error: MESSAGGI_GARA.dataNonValida });

/**
 * 'Invia' on the answer form. `valore` is the mantissa exactly as typed
 * (comma or dot); the number is valore × 10^valore_exp. `momento_consegna`
 * only from users who may choose the delivery time (event staff), else 403.
 */
export const rispostaCreateRequest = z.object({
  problema: idValue,
  squadra: idValue,
  valore: z.string().trim().min(1).max(L.valore),
  valore_exp: z.number().int().min(-L.valoreExp).max(L.valoreExp).default(0),
  momento_consegna: momento.nullish(),
  /**
   * When 'Invia' was pressed, on the server's clock (issue 17): the answer
   * desk's outbox sends it for users who may choose the delivery time, so
   * that an answer typed while the server could not be reached keeps its
   * time. Used as the delivery time when momento_consegna is absent; within
   * the contest, not in the future, at most `ritardoDigitazione` minutes
   * before its receipt.
   */
  momento_digitazione: momento.nullish(),
});
export type RispostaCreateRequest = z.input<typeof rispostaCreateRequest>;

/**
 * POST /api/gas/digitazione/{id}/risolvi/: what an event administrator decides
 * for two typings of a slip that disagree. `accetta` stores the answer of one
 * of the two (`digitazione`, either of the pair); `correggi` stores the value
 * read on the paper slip; `scarta` stores nothing. The delivery time is the
 * earlier of the two typings'.
 */
export const risoluzioneDigitazioneRequest = z.discriminatedUnion(
  'azione',
  [
    z.object({ azione: z.literal('accetta'), digitazione: idValue }),
    z.object({
      azione: z.literal('correggi'),
      valore: z.string().trim().min(1).max(L.valore),
      valore_exp: z.number().int().min(-L.valoreExp).max(L.valoreExp).default(0),
    }),
    z.object({ azione: z.literal('scarta') }),
  ],
  { error: 'Scegli che cosa fare: accetta, correggi o scarta.' },
);
export type RisoluzioneDigitazioneRequest = z.input<typeof risoluzioneDigitazioneRequest>;

/** 'Imposta come jolly': once per team, before fine_consegna_jolly. */
export const jollyCreateRequest = z.object({
  problema: idValue,
  squadra: idValue,
  momento_consegna: momento.nullish(),
  momento_digitazione: momento.nullish(),
});
export type JollyCreateRequest = z.input<typeof jollyCreateRequest>;

/**
 * Admin action 'Cancella cache'. The fields are those of a cached item; they
 * are validated and ignored (the session is the one in the path). The body
 * may be omitted.
 */
export const deleteCacheRequest = z
  .object({
    ora: momento.nullish(),
    sessione: idValue.nullish(),
    json: z.unknown().optional(),
  })
  .nullish();
export type DeleteCacheRequest = z.input<typeof deleteCacheRequest>;

/** Admin action 'Refresh': 0 reloads every page now, n > 0 at random within n seconds. */
export const refreshRequest = z.object({
  interval: z.number().int().min(0).max(L.refreshInterval),
});
export type RefreshRequest = z.infer<typeof refreshRequest>;

// ---- Response shapes (documentation for the web client; the server presents these).
