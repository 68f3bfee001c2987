/** Age of a toast: 'Adesso', 'N secondi fa', 'N minuti fa' (spec §2). */
export function elapsedLabel(since: number, now: number = Date.now()): string {
  const seconds = Math.floor(Math.max(0, now - since) / 1000);
  if (seconds < 5) return 'Adesso';
  if (seconds < 60) return `${seconds} secondi fa`;
  const minutes = Math.floor(seconds / 60);
  return minutes === 1 ? '1 minuto fa' : `${minutes} minuti fa`;
}
