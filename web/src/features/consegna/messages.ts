// Texts of the answer form (spec §8 success texts).
import { formatDate, formatTimeWithSeconds, romeParts, type DateInput } from '../../lib/romeTime';

export const JOLLY_IMPOSTATO = 'Jolly impostato correttamente.';
/** The server could not be reached: the submission waits on the device (issue 17). */
export const SALVATA_SUL_DISPOSITIVO =
  'Salvata su questo dispositivo: verrà inviata appena il server sarà raggiungibile.';
export const CANCELLAZIONE_TITOLO = 'Errore di cancellazione';
export const cancellazioneFallita = (id: number) =>
  `La cancellazione della risposta ${id} non è andata a buon fine.`;
/** Answer form notices vanish after 15 s (spec §4, §9). */
export const NOTICE_MS = 15_000;

function sameRomeDay(a: DateInput, b: DateInput): boolean {
  const x = romeParts(a);
  const y = romeParts(b);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

/** 'oggi alle 14:30:05' or 'il 15/04/2026 alle 14:30:05'. */
export function quando(momento: DateInput, now: DateInput = Date.now()): string {
  const ora = formatTimeWithSeconds(momento);
  return sameRomeDay(momento, now) ? `oggi alle ${ora}` : `il ${formatDate(momento)} alle ${ora}`;
}

/** 'Corretto! / Errato! Risposta correttamente consegnata {time}.' */
export function esitoRisposta(corretto: boolean, momento: DateInput, now?: DateInput): string {
  return `${corretto ? 'Corretto!' : 'Errato!'} Risposta correttamente consegnata ${quando(momento, now)}.`;
}

/** Double entry (issue 17): what a typing's answer says until two agree. */
export const DIGITAZIONE_IN_ATTESA =
  'Prima digitazione registrata: la risposta conterà quando un altro utente avrà inserito lo stesso foglio con lo stesso valore.';
export const DIGITAZIONE_DISCORDANTE =
  'Questa digitazione non coincide con quella di un altro utente: decideranno gli amministratori dell’evento.';
export { STATO_DIGITAZIONE } from '@gas/contracts';
