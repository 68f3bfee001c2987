// The season (anno) an event belongs to: an event starting after August counts
// for the next year (spec §2, §9). Months are those of Italy (Europe/Rome).
const romeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: 'numeric',
});

export function annoEvento(inizio: Date): number {
  const parts = romeParts.formatToParts(inizio);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  return month > 8 ? year + 1 : year;
}
