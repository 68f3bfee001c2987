// The demo data as the tests need it: events and sessions found through the
// API (ids depend on the seed), the demo roles and their password.
import type { APIRequestContext } from '@playwright/test';

export const DEMO_PASSWORD = 'gas-demo';

export const ROLES = [
  'admin',
  'staff',
  'principale',
  'secondario',
  'docente',
  'amministratore',
  'inseritore',
] as const;
export type Role = (typeof ROLES)[number];

export interface DemoEvento {
  id: number;
  titolo: string;
  inizio: string;
  fine: string;
  tipologia: 'o' | 'pub' | 'priv';
  sessioni: { id: number; nome: string }[];
}

export interface Demo {
  /** The upcoming national event (starts in about a day: the 'Evento corrente'). */
  nazionale: DemoEvento;
  /** The official event concluded 30 days ago, with all its answers. */
  passato: DemoEvento;
  /** The public training event of `docente` (starts in a week). */
  aperto: DemoEvento;
}

export async function loadDemo(request: APIRequestContext): Promise<Demo> {
  const response = await request.get('/api/gas/evento/');
  const { results } = (await response.json()) as { results: DemoEvento[] };
  const now = Date.now();
  const ufficiali = results.filter((e) => e.tipologia === 'o');
  const find = (pick: (e: DemoEvento) => boolean, what: string) => {
    const found = results.find(pick);
    if (!found) throw new Error(`evento dimostrativo mancante: ${what}`);
    return found;
  };
  return {
    nazionale: find((e) => ufficiali.includes(e) && Date.parse(e.inizio) > now, 'nazionale'),
    passato: find((e) => ufficiali.includes(e) && Date.parse(e.fine) < now, 'passato'),
    aperto: find((e) => e.tipologia === 'pub', 'aperto'),
  };
}

/** The season of an instant on the Rome calendar: after August counts for the next year. */
export function seasonOf(iso: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(new Date(iso));
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const month = Number(parts.find((p) => p.type === 'month')!.value);
  return month > 8 ? year + 1 : year;
}
