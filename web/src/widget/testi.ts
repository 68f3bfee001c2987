// The widget's Italian texts that depend on numbers and time.
import type { Cambio } from './squadre-scuola';

const ORA = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  hour: '2-digit',
  minute: '2-digit',
});

/** 'adesso', '2 min fa', or past an hour the time in Rome ('alle 10:12'). */
export function tempoFa(quando: number, ora: number): string {
  const minuti = Math.floor((ora - quando) / 60_000);
  if (minuti < 1) return 'adesso';
  if (minuti < 60) return `${minuti} min fa`;
  return `alle ${ORA.format(quando)}`;
}

/** '+18 al problema 7, 2 min fa'; without a known problem '+18, 2 min fa'. */
export function testoCambio(cambio: Cambio, ora: number): string {
  const segno = cambio.delta > 0 ? '+' : '−';
  const punti = `${segno}${Math.abs(cambio.delta)}`;
  const dove = cambio.problema === null ? '' : ` al problema ${cambio.problema}`;
  return `${punti}${dove}, ${tempoFa(cambio.quando, ora)}`;
}

/** The time of a snapshot, 'Aggiornato alle 10:12'. */
export function aggiornatoAlle(quando: number): string {
  return `Aggiornato alle ${ORA.format(quando)}`;
}
