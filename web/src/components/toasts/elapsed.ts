import { conta } from '@gas/contracts';
/** Age of a toast: 'Adesso', 'N secondi fa', 'N minuti fa' (spec §2). */
export function elapsedLabel(since: number, now: number = Date.now()): string {
  const seconds = Math.floor(Math.max(0, now - since) / 1000);
  if (seconds < 5) return 'Adesso';
  if (seconds < 60) return `${conta(seconds, 'secondo', 'secondi')} fa`;
  return `${conta(Math.floor(seconds / 60), 'minuto', 'minuti')} fa`;
}
