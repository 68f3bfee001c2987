// API helpers of the scores tests: logged-in API contexts (CSRF from the
// csrftoken cookie), a throwaway live event with its own teams (so the demo
// events other specs rely on stay untouched), answers, and the server's own
// ranking to compare the page with.
import { request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';

export interface Api {
  context: APIRequestContext;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
  delete(path: string): Promise<void>;
  dispose(): Promise<void>;
}

async function check(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  if (!response.ok()) {
    throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  }
}

/** An API context logged in as a demo user (its cookies are its own, not the page's). */
export async function apiAs(baseURL: string, username: string): Promise<Api> {
  const context = await playwrightRequest.newContext({ baseURL });
  await check(await context.get('/api/time/'), 'csrftoken');
  const token = async () => {
    const { cookies } = await context.storageState();
    return cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  };
  const login = await context.post('/api/auth/login/', {
    data: { username, password: DEMO_PASSWORD },
    headers: { 'X-CSRFToken': await token() },
  });
  await check(login, `login ${username}`);
  const send = async (method: 'post' | 'patch' | 'delete', path: string, data?: unknown) => {
    const response = await context[method](path, {
      data,
      headers: { 'X-CSRFToken': await token() },
    });
    await check(response, `${method.toUpperCase()} ${path}`);
    return response.status() === 204 ? undefined : await response.json();
  };
  return {
    context,
    get: async (path) => {
      const response = await context.get(path);
      await check(response, `GET ${path}`);
      return response.json();
    },
    post: (path, body) => send('post', path, body),
    patch: (path, body) => send('patch', path, body),
    delete: async (path) => void (await send('delete', path)),
    dispose: () => context.dispose(),
  };
}

export interface LiveEvent {
  eventoId: number;
  sessioneId: number;
  /** Problems in order, each with its solution (answers with it are correct). */
  problemi: { id: number; nome: string; soluzione: number }[];
  squadre: { id: number; nome: string }[];
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const MINUTE = 60_000;

export type LiveEventOptions = Parameters<typeof createLiveEvent>[1];

/**
 * A live event of a spec file's own: created by the admin before its tests
 * (or the describe's it is called in), retired after them. Read `admin` and
 * `live` inside the tests.
 */
export function liveEventForTests(options: LiveEventOptions): { admin: Api; live: LiveEvent } {
  const state = {} as { admin: Api; live: LiveEvent };
  test.beforeAll(async ({ baseURL }) => {
    state.admin = await apiAs(baseURL!, 'admin');
    state.live = await createLiveEvent(state.admin, options);
  });
  test.afterAll(async () => {
    if (state.live) await retireEvent(state.admin, state.live.eventoId);
    await state.admin?.dispose();
  });
  return state;
}

/**
 * A public training event of the admin with `teams` teams, created with the
 * enrolment open, then moved to have started `startedAgoMs` ago.
 */
export async function createLiveEvent(
  admin: Api,
  options: {
    teams: number;
    problems: number;
    qualificati: number;
    startedAgoMs: number;
    titolo: string;
    /** The school of each team, in order (none when missing). */
    scuole?: readonly (number | null)[];
  },
): Promise<LiveEvent> {
  const now = Date.now();
  const evento = await admin.post<{
    id: number;
    sessioni: { id: number }[];
    problemi: { id: number; nome: string; soluzione: number }[];
  }>('/api/gas/evento/', {
    titolo: options.titolo,
    tipologia: 'pub',
    inizio: iso(now + 60 * MINUTE),
    fine: iso(now + 150 * MINUTE),
    inizio_iscrizioni: iso(now - 60 * MINUTE),
    fine_iscrizioni: iso(now + 30 * MINUTE),
    sessioni: [{ nome: `${options.titolo} - sessione`, numero_qualificati: options.qualificati }],
    problemi: Array.from({ length: options.problems }, (_, i) => ({ soluzione: i + 1 })),
  });
  const sessioneId = evento.sessioni[0]!.id;
  const squadre: LiveEvent['squadre'] = [];
  for (let i = 1; i <= options.teams; i++) {
    const s = await admin.post<{ id: number; nome: string }>('/api/gas/squadra/', {
      nome: `Squadra live ${String(i).padStart(2, '0')}`,
      sessione: sessioneId,
      ...(options.scuole?.[i - 1] ? { scuola: options.scuole[i - 1] } : {}),
    });
    squadre.push({ id: s.id, nome: s.nome });
  }
  await setTimes(admin, evento.id, now - options.startedAgoMs, 120 * MINUTE);
  return { eventoId: evento.id, sessioneId, problemi: evento.problemi, squadre };
}

/** Moves the event: it starts at `inizio` (epoch ms) and lasts `durataMs`. */
export async function setTimes(admin: Api, eventoId: number, inizio: number, durataMs: number) {
  await admin.patch(`/api/gas/evento/${eventoId}/`, {
    inizio: iso(inizio),
    fine: iso(inizio + durataMs),
    inizio_iscrizioni: iso(inizio - 24 * 60 * MINUTE),
    fine_iscrizioni: iso(inizio - 5 * MINUTE),
    fine_consegna_jolly: iso(inizio + durataMs),
  });
}

/**
 * Out of the way of the other specs once a spec is done with its live event:
 * private (invisible to visitors) and long past, so it is neither the
 * 'Evento corrente' nor a demo event they look up.
 */
export async function retireEvent(admin: Api, eventoId: number) {
  await setTimes(admin, eventoId, Date.now() - 400 * 24 * 60 * MINUTE, 120 * MINUTE);
  await admin.patch(`/api/gas/evento/${eventoId}/`, { tipologia: 'priv' });
}

export interface Risposta {
  id: number;
  corretto: boolean;
}

export function answer(
  api: Api,
  body: { squadra: number; problema: number; valore: string; momento_consegna?: string },
): Promise<Risposta> {
  return api.post<Risposta>('/api/gas/risposta/', body);
}

export interface RankingRow {
  id: number;
  posizione: number | null;
  totale: number;
}

/**
 * The server's ranking (/sessione/{id}/punteggi/), in order; `base` selects
 * another server than the context's (an absolute URL ignores its baseURL).
 */
export async function serverRanking(api: APIRequestContext, sessioneId: number, base = '') {
  const response = await api.get(`${base}/api/gas/sessione/${sessioneId}/punteggi/`);
  await check(response, 'punteggi');
  const page = (await response.json()) as {
    results: { json: { classifica: RankingRow[]; numero_eventi: number } }[];
  };
  const json = page.results[0]!.json;
  return json.classifica.map((r) => ({ id: r.id, posizione: r.posizione, totale: r.totale }));
}

export { iso, MINUTE };
