// The web tests' helpers, in one place (one name for every kind of helper:
// `testing.ts[x]` beside the code): rendering a page or the whole app inside
// the providers, a `fetch` double, and payloads shaped like the server's.
import { DEFAULT_PARAMS } from '@gas/scoring';
import { colonne, raggruppaInBlocchi, type EventoCompattabile } from '@gas/contracts';
import type {
  Evento,
  EventoPermessi,
  FileEvento,
  Polo,
  Sessione,
  Sito,
  Squadra,
  User,
} from '@gas/contracts';
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from './components/toasts/ToastProvider';
import { routes } from './routes';

// ---- rendering

// The machine running the tests is often busy: give slow renders time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

export function renderPage(
  element: ReactElement,
  { path = '/', route }: { path?: string; route?: string } = {},
) {
  const router = createMemoryRouter(
    [
      { path: route ?? path, element: <ToastProvider>{element}</ToastProvider> },
      { path: '*', element: <p>altra pagina</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** The JSON bodies sent to `path` with `method`. */
export function sentTo(
  fetchMock: { mock: { calls: unknown[][] } },
  path: string,
  method = 'POST',
): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => {
      const u = new URL(String(url), 'http://localhost/');
      return u.pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method;
    })
    .map(([, init]) => {
      const body = (init as RequestInit).body;
      return typeof body === 'string' ? (JSON.parse(body) as unknown) : body;
    });
}

/** The whole app (layout + routes) at `path`, with a fresh query cache. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

// ---- fetch double: routes by pathname to canned answers and records calls

export type HandlerFn = (url: URL, init: RequestInit) => Response | Promise<Response>;
/** A function building the response, or a body answered as 200 JSON. */
export type Handler = HandlerFn | object | string | number;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost/');
    const handler = handlers[url.pathname];
    if (handler === undefined) return jsonResponse({ detail: 'Non trovato.' }, 404);
    if (typeof handler === 'function') return handler(url, init);
    return jsonResponse(handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// ---- payloads for page tests, shaped like the server's

/**
 * The compact events of a session (/sessione/{id}/eventi/ and its blocks), as
 * the server builds them from `eventi`; each version is made up, but changes
 * with the block's content.
 */
export function eventiCompatti(
  sessione: number,
  inizio: string,
  eventi: readonly EventoCompattabile[],
): Record<string, Handler> {
  const start = Date.parse(inizio);
  const blocchi = [...raggruppaInBlocchi(eventi, start)].map(([n, lista]) => {
    const cols = colonne(sessione, n, start, lista);
    return { ...cols, versione: `v${n}-${lista.length}-${lista.at(-1)!.id}` };
  });
  const base = `/api/gas/sessione/${sessione}/eventi/`;
  return {
    [base]: {
      sessione,
      ora: new Date().toISOString(),
      inizio,
      finestra_ms: 600_000,
      eventi: eventi.length,
      blocchi: blocchi.map((b) => ({
        blocco: b.blocco,
        eventi: b.id.length,
        versione: b.versione,
      })),
    },
    ...Object.fromEntries(blocchi.map((b) => [`${base}${b.blocco}/`, b])),
  };
}

export const page = <T,>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

export const NESSUN_PERMESSO: EventoPermessi = {
  puo_modificare: false,
  puo_inserire: false,
  puo_consegnare: false,
  puo_cancellare_risposte: false,
  puo_scegliere_momento_consegna: false,
  puo_vedere_bigliettini: false,
  puo_invitare: false,
  puo_iscrivere_squadre: false,
};

const HOUR = 3_600_000;

export function file(id: number, data: string, pubblico: boolean): FileEvento {
  return {
    id,
    evento: 1,
    tipologia: 'problemi',
    data,
    pubblico,
    pubblicato: pubblico,
    nome_file: `file-${id}.pdf`,
    dimensione: 1024,
    programmed_path_url: pubblico ? `/api/gas/file-programmato/${id}/contenuto/` : null,
  };
}

/** An event starting `startOffset` ms from now, lasting two hours. */
export function evento(id: number, startOffset: number, extra: Partial<Evento> = {}): Evento {
  const inizio = new Date(Date.now() + startOffset).toISOString();
  const fine = new Date(Date.now() + startOffset + 2 * HOUR).toISOString();
  return {
    id,
    titolo: `Evento ${id}`,
    descrizione: '',
    inizio,
    fine,
    tipologia: 'o',
    ufficiale: true,
    anno: new Date(inizio).getUTCFullYear(),
    inizio_iscrizioni: null,
    fine_iscrizioni: null,
    fine_modifica_squadre: null,
    fine_consegna_jolly: null,
    file_problemi: null,
    file_soluzioni: null,
    youtube_link: '',
    pagina_dedicata: '',
    doppia_digitazione: false,
    poli: [],
    problemi: [],
    sessioni: [{ id: id * 10, nome: `Sessione ${id}`, ufficiale: true, numero_qualificati: 5 }],
    amministratori: [],
    inseritori: [],
    amministratori_str: [],
    inseritori_str: [],
    ...DEFAULT_PARAMS,
    permessi: NESSUN_PERMESSO,
    ...extra,
  };
}

export function squadra(
  id: number,
  sessione: number,
  nome: string,
  scuola: string,
  citta: string,
): Squadra {
  return {
    id,
    nome,
    sessione,
    evento: 1,
    polo: null,
    ufficiale: true,
    ospite: false,
    ordine_eta: 0,
    responsabili: [],
    puo_modificare: false,
    scuola: {
      id: id + 100,
      nome: scuola,
      tipologia: 'LS',
      indirizzo: {
        nome: 'Via Roma 1',
        citta: { id: 1, name: citta, latitude: null, longitude: null },
        latitude: null,
        longitude: null,
      },
    },
  };
}

/** A session (GET /api/gas/sessione/{id}/), two hours from now unless told. */
export function sessioneOut(extra: Partial<Sessione> & { id: number }): Sessione {
  return {
    nome: `Sessione ${extra.id}`,
    evento: 1,
    ufficiale: true,
    numero_qualificati: null,
    ordine: 0,
    inizio: new Date(Date.now() + HOUR).toISOString(),
    fine: new Date(Date.now() + 3 * HOUR).toISOString(),
    squadre_count: 0,
    poli: [],
    ...extra,
  };
}

/** A venue (GET /api/gas/polo/). */
export function poloOut(extra: Partial<Polo> & { id: number }): Polo {
  return {
    evento: 1,
    nome_breve: `Polo ${extra.id}`,
    descrizione: '',
    indirizzo: '',
    responsabili: [],
    capacita_massima_squadre: null,
    latitude: null,
    longitude: null,
    citta: null,
    ...extra,
  };
}

/** The site content (GET /api/gas/sito/): nothing configured unless told. */
export function sitoOut(extra: Partial<Sito> = {}): Sito {
  return {
    map_tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    chat_url: null,
    home: null,
    regolamento: null,
    webinar: null,
    finale: null,
    chi_siamo: null,
    ...extra,
  };
}

export function user(username: string, extra: Partial<User> = {}): User {
  return {
    id: 7,
    username,
    first_name: 'Nome',
    last_name: 'Cognome',
    email: `${username}@example.org`,
    is_superuser: false,
    is_staff: false,
    is_authenticated: true,
    responsabile: null,
    ...extra,
  };
}
