// The browser's first render of a painted page is the server's, to the
// attribute (shell/App.tsx): React (its development build, here) hydrates
// the server's HTML without a difference, keeps every element, and shows the
// viewer's own state (the hash's tab, followed teams, the device's choices)
// in the render right after. A difference would make React render the page
// anew (the long task hydration removes), or leave an attribute of the
// server's on screen.
import { FILTRO_EVENTI_UFFICIALI } from '@gas/contracts';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { routes } from '../routes';
import { App } from './App';
import { renderPagina } from './entry-server';
import { preloadPageAt } from './lazyPage';
import { HOME_DI_PROVA, sessioneDiProva } from './pagineDiProva';
import { avviaIdratazione, catturaPrimaSchermata, type DatiPagina } from './primaSchermata';

const ORA = Date.parse('2026-11-29T10:30:00Z');
const ORA_DEL_BROWSER = ORA + 3_700; // the app hydrates a few seconds after the painting

const { evento, conClassifica } = sessioneDiProva(ORA);
const home: DatiPagina = { ...HOME_DI_PROVA, ora: ORA };

/** Sockets that never open: the page stays as it was painted, but for the viewer's state. */
class SocketMuto {
  readyState = 0;
  addEventListener() {}
  removeEventListener() {}
  close() {}
  send() {}
}

let root: Root | null = null;
let errori: string[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // No answer ever comes: the queries stay as the server saw them.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  vi.stubGlobal('WebSocket', SocketMuto);
  vi.stubGlobal('scrollTo', () => {});
  // A phone: the ranking's list is its view (features/punteggi/elenco/vista.ts).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    addEventListener() {},
    removeEventListener() {},
  }));
  // React's development build tells every difference it finds here.
  errori = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errori.push(args.map(String).join(' '));
  });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/**
 * The page as the server sends it (its HTML in #root, its answers in the
 * JSON block), then the app hydrating it at `indirizzo` (path and hash) a
 * few seconds later, on a device with `sulDispositivo` in its storage.
 * Returns every element the server sent.
 */
async function idrata(
  indirizzo: string,
  dati: DatiPagina,
  sulDispositivo: Record<string, string> = {},
): Promise<Element[]> {
  const percorso = indirizzo.split('#')[0]!;
  // The server's render: its own clock, no device storage.
  vi.setSystemTime(ORA);
  vi.stubEnv('SSR', true);
  const html = renderPagina(percorso, dati);
  vi.unstubAllEnvs();
  vi.setSystemTime(ORA_DEL_BROWSER);
  for (const [chiave, valore] of Object.entries(sulDispositivo))
    localStorage.setItem(chiave, valore);
  expect(html).not.toBeNull();
  document.body.innerHTML =
    `<div id="root">${html}</div>` +
    `<script type="application/json" id="dati-prima-schermata">${JSON.stringify(dati)}</script>`;
  const container = document.getElementById('root')!;
  const delServer = [...container.querySelectorAll('*')];
  const client = createQueryClient();
  expect(catturaPrimaSchermata(document, client)).toBe(true);
  await preloadPageAt(routes, percorso);
  const router = createMemoryRouter(routes, { initialEntries: [indirizzo] });
  // As main.tsx does.
  avviaIdratazione();
  await act(async () => {
    root = hydrateRoot(container, <App client={client} router={router} dipinta />, {
      onRecoverableError: (error) => errori.push(`recuperabile: ${String(error)}`),
    });
  });
  return delServer;
}

describe('the app hydrating a painted page', () => {
  it('keeps the scores page as painted, then shows the viewer’s tab, teams and choices', async () => {
    const delServer = await idrata('/sessione/7/punteggi/#barre', conClassifica, {
      'gas:punteggi:seguite:7': JSON.stringify([12]),
      'gas.punteggi.annunci': 'no',
    });
    expect(errori).toEqual([]);
    // The page's title, header and tab strip are still the server's elements.
    const titolo = delServer.find((e) => e.tagName === 'H1')!;
    expect(titolo.isConnected).toBe(true);
    const schede = delServer.filter((e) => e.getAttribute('role') === 'tab');
    expect(schede.filter((e) => e.isConnected).length).toBeGreaterThan(3);
    // The viewer's own state, after: the hash's tab, no painted copies nor mark,
    // the followed team pinned, announcements off as chosen on the device.
    expect(document.querySelector('.scheda-dipinta')).toBeNull();
    expect(document.querySelector('[data-prima-schermata]')).toBeNull();
    expect(document.querySelector('[role="tab"][aria-selected="true"]')!.id).toBe('scheda-barre');
    expect(document.getElementById('pannello-barre')).not.toBeNull();
    // The default tab's ranking, kept as the server's HTML while hydrating, is gone.
    expect(document.getElementById('pannello-tabella')).toBeNull();
    expect(document.querySelector('[elementtiming="gas:prima-riga"]')).toBeNull();
    expect((document.getElementById('annunci-lettori-schermo') as HTMLInputElement).checked).toBe(
      false,
    );
    // The clock: the painted instant in the server's HTML, the browser's own now.
    const secondi = () => document.querySelector('[role="timer"] .flip-unit:last-child')!;
    expect(
      delServer.some((e) => e.textContent === '00' && e.className === 'flip-card__value'),
    ).toBe(true);
    expect(secondi().textContent).toContain('57');
  });

  it('keeps the ranking list with the viewer’s followed team and earlier look', async () => {
    const delServer = await idrata('/sessione/7/punteggi/', conClassifica, {
      'gas:punteggi:seguite:7': JSON.stringify([12]),
      'gas:punteggi:posizioni:7': JSON.stringify([[1, 3]]),
    });
    expect(errori).toEqual([]);
    const prima = delServer.find((e) => e.getAttribute('elementtiming') === 'gas:prima-riga')!;
    expect(prima.isConnected).toBe(true);
    expect(document.querySelector('[aria-labelledby="elenco-seguite"]')?.textContent).toContain(
      'Squadra 12',
    );
    expect(document.querySelector('[data-testid="movimento"]')?.textContent).toContain('▲2');
  });

  it('keeps the commentary, the results, home and the event list as painted', async () => {
    for (const [indirizzo, dati] of [
      ['/sessione/7/punteggi/telecronaca/', conClassifica],
      ['/sessione/7/risultati/', conClassifica],
      ['/', home],
      ['/eventi/', { eventi: { filtro: FILTRO_EVENTI_UFFICIALI, lista: [evento] }, ora: ORA }],
    ] as const) {
      const delServer = await idrata(indirizzo, dati as DatiPagina);
      expect(errori, indirizzo).toEqual([]);
      const titolo = delServer.find((e) => e.tagName === 'H1')!;
      expect(titolo.isConnected, indirizzo).toBe(true);
      act(() => root?.unmount());
      root = null;
    }
  });
});
