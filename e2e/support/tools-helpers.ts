// Helpers of the tools specs: logging in through the real login page, API
// calls with the session's CSRF token, Rome wall-clock strings for the
// datetime-local fields.
import { expect, type APIResponse, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'gas-demo';

/** Logs in through /accounts/login/ and waits to be back on `next`. */
export async function login(page: Page, username: string, next = '/accounts/profile/') {
  await page.context().clearCookies();
  await page.goto(`/accounts/login/?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL((url) => url.pathname === next.split('?')[0]);
}

async function csrf(page: Page): Promise<string> {
  const find = async () =>
    (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value;
  let token = await find();
  if (!token) {
    await page.request.get('/api/ext-user/whoami/');
    token = await find();
  }
  return token ?? '';
}

/** JSON calls with the page's cookies (session and CSRF), like the app makes them. */
export async function apiCall(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<APIResponse> {
  const headers: Record<string, string> =
    method === 'GET' ? {} : { 'X-CSRFToken': await csrf(page) };
  return page.request.fetch(url, { method, data, headers });
}

export async function apiJson<T>(page: Page, url: string): Promise<T> {
  const res = await apiCall(page, 'GET', url);
  expect(res.ok(), `${url}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** Every item of a paginated list. */
export async function apiList<T>(page: Page, url: string): Promise<T[]> {
  const out: T[] = [];
  let next: string | null = url;
  while (next) {
    const u: URL = new URL(next, 'http://x');
    const body: { results: T[]; next: string | null } = await apiJson(page, u.pathname + u.search);
    out.push(...body.results);
    next = body.next;
  }
  return out;
}

const romeFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** YYYY-MM-DDTHH:mm:ss on Rome's clock: what a datetime-local field takes. */
export function romeWall(t: Date | number): string {
  const p = Object.fromEntries(romeFormat.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

export interface EventoApi {
  id: number;
  titolo: string;
  tipologia: 'o' | 'pub' | 'priv';
  inizio: string;
  fine: string;
  sessioni: { id: number; nome: string }[];
  problemi: {
    id: number;
    nome: string;
    ordine: number;
    soluzione: number | null;
    soluzione_exp: number | null;
  }[];
  poli: number[];
  permessi: Record<string, boolean>;
  [key: string]: unknown;
}

/** The demo events by role: the coming national one, the public training of docente. */
export async function demoEventi(page: Page) {
  const eventi = await apiList<EventoApi>(page, '/api/gas/evento/');
  const now = Date.now();
  const nazionale = eventi.find((e) => e.tipologia === 'o' && Date.parse(e.inizio) > now)!;
  const aperto = eventi.find((e) => e.tipologia === 'pub')!;
  return { nazionale, aperto };
}

const MINUTE = 60_000;
const DATE = [
  'inizio',
  'fine',
  'fine_iscrizioni',
  'fine_modifica_squadre',
  'fine_consegna_jolly',
] as const;

/**
 * Runs `body` with the event started a few minutes ago (as the superuser),
 * then puts its dates back: the other tests expect it to start tomorrow.
 */
export async function withEventRunning(page: Page, evento: EventoApi, body: () => Promise<void>) {
  const admin = await page.context().browser()!.newPage();
  await login(admin, 'admin');
  const patch = async (data: Record<string, string>) => {
    const res = await apiCall(admin, 'PATCH', `/api/gas/evento/${evento.id}/`, data);
    expect(res.ok(), await res.text()).toBeTruthy();
  };
  const original = Object.fromEntries(DATE.map((k) => [k, String(evento[k])]));
  const inizio = Date.now() - 5 * MINUTE;
  const at = (ms: number) => new Date(ms).toISOString();
  await patch({
    inizio: at(inizio),
    fine: at(inizio + 120 * MINUTE),
    fine_iscrizioni: at(inizio - 5 * MINUTE),
    fine_modifica_squadre: at(inizio),
    fine_consegna_jolly: at(inizio + 15 * MINUTE),
  });
  try {
    await body();
  } finally {
    await patch(original);
    await admin.close();
  }
}
