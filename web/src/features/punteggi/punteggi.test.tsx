import { computeLeaderboard, type ScoringEvent } from '@gas/scoring';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../../api/auth';
import { evento, eventiCompatti, mockFetch, NESSUN_PERMESSO, page, renderApp } from '../../testing';

const HOUR = 3_600_000;

/** The test's WebSockets: opened at once, fed by the test. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    }, 0);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  receive(value: unknown) {
    this.onmessage?.({ data: JSON.stringify(value) } as MessageEvent);
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
}
const feed = (name: string) => FakeSocket.all.filter((s) => s.url.includes(name)).at(-1)!;

const PROBLEMI = [
  { id: 1, nome: 'P1' },
  { id: 2, nome: 'P2' },
  { id: 3, nome: 'P3' },
];

function fixture(startOffset: number, teams = 22) {
  const inizio = new Date(Date.now() + startOffset).toISOString();
  const fine = new Date(Date.now() + startOffset + 2 * HOUR).toISOString();
  const squadre = Array.from({ length: teams }, (_, i) => ({
    id: 100 + i,
    nome: `Squadra ${i + 1}`,
    ordine_eta: i,
    ospite: false,
    penalita: 0,
    scuola: 500 + (i % 5),
  }));
  const t = (m: number) => new Date(Date.parse(inizio) + m * 60_000).toISOString();
  const eventi: ScoringEvent[] = [
    { id: 1, k: 'j', s: 101, p: 2, d: t(1) },
    { id: 2, k: 'r', s: 100, p: 1, c: true, d: t(2) },
    { id: 3, k: 'r', s: 101, p: 2, c: true, d: t(3) },
    { id: 4, k: 'r', s: 102, p: 1, c: false, d: t(4) },
  ];
  const board = computeLeaderboard({ inizio, problemi: PROBLEMI, squadre, eventi });
  const json = {
    sessione: 7,
    evento: 3,
    nome: 'Sessione di prova',
    inizio,
    fine,
    numero_qualificati: 5,
    ora: new Date().toISOString(),
    problemi: PROBLEMI,
    valori: board.valori,
    classifica: board.classifica.map((e) => ({ ...e, polo: null })),
    numero_eventi: eventi.length,
  };
  const handlers = {
    '/api/ext-user/whoami/': ANONYMOUS_USER,
    '/api/gas/evento/': page([]),
    '/api/time/': () =>
      new Response(JSON.stringify({ time: new Date().toISOString(), epoch_ms: Date.now() })),
    '/api/gas/sessione/7/': {
      id: 7,
      nome: 'Sessione di prova',
      evento: 3,
      ufficiale: true,
      numero_qualificati: 5,
      ordine: 1,
      inizio,
      fine,
      squadre_count: teams,
      poli: [],
    },
    '/api/gas/evento/3/': evento(3, 0, {
      titolo: 'Gara di prova',
      inizio,
      fine,
      tipologia: 'o',
      poli: [],
      problemi: [],
      permessi: NESSUN_PERMESSO,
    }),
    '/api/gas/squadra/in_sessione/': page(
      squadre.map((s) => ({
        id: s.id,
        nome: s.nome,
        scuola: {
          id: s.scuola,
          nome: `Liceo ${s.scuola}`,
          tipologia: 'LS',
          indirizzo: { nome: '', citta: null, latitude: 43.7, longitude: 10.4 },
        },
        sessione: 7,
        evento: 3,
        polo: null,
        ufficiale: true,
        ospite: false,
        ordine_eta: 0,
        responsabili: [],
        puo_modificare: false,
      })),
    ),
    '/api/gas/sessione/7/punteggi/': page([{ ora: json.ora, json }]),
    ...eventiCompatti(7, inizio, eventi),
    '/api/gas/risposta-all/': page(eventi),
    '/api/gas/messaggi-importanti/': page([
      { id: 1, testo: 'Buona gara!', data: new Date(Date.now() - 60_000).toISOString(), evento: 3 },
    ]),
  };
  /** Names in ranking order after extra events, as the engine computes them. */
  const order = (extra: ScoringEvent[]) =>
    computeLeaderboard({ inizio, problemi: PROBLEMI, squadre, eventi: [...eventi, ...extra] })
      .classifica.slice(0, 5)
      .map((e) => e.nome);
  return { handlers, squadre, t, order };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rowNames = () =>
  screen
    .getAllByRole('row')
    .map((r) => r.querySelector('.team-btn')?.textContent)
    .filter(Boolean);

describe('scores page', { timeout: 30_000 }, () => {
  it('shows a concluded session: title, status, banner, table, no feeds', async () => {
    const { handlers } = fixture(-3 * HOUR);
    mockFetch(handlers);
    renderApp('/sessione/7/punteggi/');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Sessione di prova' },
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('stato-evento').textContent).toMatch(
      /^L'evento si è concluso .* ed è durato 2 ore\.$/,
    );
    expect(screen.getByText('La gara è terminata!')).toBeTruthy();
    expect(screen.getByText(/La pagina si aggiorna da sola/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Replay della gara')).toBeTruthy());
    // The tabs follow the model a render later (useDeferredValue).
    const header = await screen.findByRole('columnheader', { name: /^P1/ });
    expect(rowNames()[0]).toBe('Squadra 2');
    // Problem values in the header, joker badge, threshold line.
    expect(header.textContent).toContain('P1');
    expect(document.querySelectorAll('.jolly-badge').length).toBe(1);
    expect(document.querySelectorAll('.threshold-line').length).toBe(1);
    expect(document.querySelectorAll('td.cell-solved').length).toBe(2);
    expect(document.querySelectorAll('td.cell-wrong').length).toBe(1);
    // Ended more than an hour ago: no live feed.
    expect(FakeSocket.all.filter((s) => s.url.includes('punteggi'))).toHaveLength(0);
  });

  it("a school's page offers its widget's <iframe> code to copy", async () => {
    const { handlers } = fixture(-3 * HOUR);
    mockFetch(handlers);
    renderApp('/sessione/7/punteggi/scuola/500/');
    const box = await screen.findByRole(
      'region',
      { name: 'Incorpora nel sito della scuola' },
      { timeout: 8000 },
    );
    const codice = within(box).getByRole('textbox') as HTMLTextAreaElement;
    expect(codice.value).toBe(
      `<iframe src="${window.location.origin}/widget/sessione/7/scuola/500/" title="Classifica della scuola - GaS" width="100%" height="320" style="border:0" loading="lazy"></iframe>`,
    );
    expect(within(box).getByRole('button', { name: 'Copia il codice' })).toBeTruthy();
  });

  it.each([
    ['/sessione/7/punteggi/', '/api/gas/sessione/7/eventi/'],
    ['/sessione/7/punteggi/?eventi=risposta-all', '/api/gas/risposta-all/'],
  ])('%s loads the answers from %s only', async (path, atteso) => {
    const { handlers } = fixture(-3 * HOUR);
    const fetchMock = mockFetch(handlers);
    // The switch is read from the browser's address (the memory router has its own).
    window.history.replaceState(null, '', path);
    renderApp(path);
    await waitFor(() => expect(document.querySelectorAll('td.cell-solved').length).toBe(2));
    window.history.replaceState(null, '', '/');
    const chiamate = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x'));
    const eventi = chiamate.filter(
      (u) => u.pathname.includes('/eventi/') || u.pathname.startsWith('/api/gas/risposta-all/'),
    );
    expect(eventi.length).toBeGreaterThan(0);
    expect(eventi.every((u) => u.pathname.startsWith(atteso))).toBe(true);
    // Each block is asked for with its version: the URL a cache may keep for good.
    const blocchi = eventi.filter((u) => /\/eventi\/\d+\/$/.test(u.pathname));
    expect(blocchi.every((u) => /^v\d+-/.test(u.searchParams.get('v') ?? ''))).toBe(true);
    if (atteso.includes('/eventi/')) expect(blocchi.length).toBeGreaterThan(0);
  });

  it('sorts (repeated click toggles), keeps colori in the query and the tab in the hash', async () => {
    const { handlers } = fixture(-3 * HOUR);
    mockFetch(handlers);
    const { router } = renderApp('/sessione/7/punteggi/');
    await screen.findByRole('heading', { level: 1, name: 'Sessione di prova' }, { timeout: 8000 });
    await waitFor(() => expect(screen.getByText('Replay della gara')).toBeTruthy());
    const squadraHeader = await screen.findByRole('columnheader', { name: /Squadra/ });
    fireEvent.click(within(squadraHeader).getByRole('button'));
    expect(squadraHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(rowNames().slice(0, 3)).toEqual(['Squadra 1', 'Squadra 2', 'Squadra 3']);
    fireEvent.click(within(squadraHeader).getByRole('button'));
    expect(squadraHeader.getAttribute('aria-sort')).toBe('descending');
    expect(rowNames()[0]).toBe('Squadra 22');

    fireEvent.click(screen.getByRole('button', { name: 'Squadra 5' }));
    fireEvent.click(await screen.findByRole('button', { name: 'azzurro' }));
    await waitFor(() => expect(router.state.location.search).toBe('?colori=104:azzurro'));
    const row = document.querySelector('tr[data-squadra="104"]') as HTMLElement;
    expect(row.style.background).not.toBe('');

    fireEvent.click(screen.getByRole('tab', { name: 'Classifica semplificata' }));
    await waitFor(() => expect(router.state.location.hash).toBe('#semplificata'));
    expect(router.state.location.search).toBe('?colori=104:azzurro');
    expect(await screen.findByRole('table', { name: 'Classifica semplificata' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Messaggi importanti' }));
    expect(await screen.findByText('Buona gara!')).toBeTruthy();
    expect(screen.getByTestId('messaggi').textContent).toMatch(/minuto fa/);
  });

  it('applies live events, drops malformed ones and shows the lost connection', async () => {
    const { handlers, t, order } = fixture(-HOUR);
    mockFetch(handlers);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
    renderApp('/sessione/7/punteggi/');
    await screen.findByText(/L'evento è in corso e finirà/, {}, { timeout: 8000 });
    await waitFor(() => expect(feed('punteggi_eventi').readyState).toBe(1));
    await waitFor(() => expect(screen.queryByText('Caricamento delle risposte…')).toBeNull());
    // The loading line keeps its place, empty: nothing below it moves (issue 29).
    const loading = screen
      .getAllByRole('status')
      .find((el) => el.textContent === '\u00a0' && el.tagName === 'P');
    expect(loading).toBeTruthy();
    const first: ScoringEvent = { id: 9, k: 'r', s: 121, p: 3, c: true, d: t(50) };
    act(() => feed('punteggi_eventi').receive({ type: 'npe', ...first }));
    await waitFor(() => expect(rowNames().slice(0, 5)).toEqual(order([first])));
    const tile = screen.getByTestId('live-tile');
    expect(tile.className).toContain('live-tile--corretta');
    expect(tile.textContent).toContain('P3 · Squadra 22');
    // A late event is inserted at its place: Squadra 21 solved P3 first.
    const late: ScoringEvent = { id: 10, k: 'r', s: 120, p: 3, c: true, d: t(40) };
    act(() => feed('punteggi_eventi').receive({ type: 'npe', ...late }));
    await waitFor(() => expect(rowNames().slice(0, 5)).toEqual(order([first, late])));
    const names = order([first, late]);
    expect(names.indexOf('Squadra 21')).toBeLessThan(names.indexOf('Squadra 22'));
    // Missing c on an answer: reported, dropped.
    act(() =>
      feed('punteggi_eventi').receive({ type: 'npe', id: 11, k: 'r', s: 119, p: 3, d: t(45) }),
    );
    expect(errors.mock.calls.some((c) => String(c[1]).includes('malformato'))).toBe(true);
    expect(rowNames().slice(0, 5)).toEqual(order([first, late]));

    act(() => feed('punteggi_eventi').drop());
    expect(await screen.findByText('Connessione persa')).toBeTruthy();
    expect(screen.getByText('Tentativo di riconnessione in corso')).toBeTruthy();
  });

  it('reloads on refresh_page', async () => {
    const { handlers } = fixture(-HOUR);
    mockFetch(handlers);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, protocol: 'http:', host: 'localhost' });
    renderApp('/sessione/7/punteggi/');
    await screen.findByText(/L'evento è in corso/, {}, { timeout: 8000 });
    await waitFor(() => expect(screen.queryByText('Caricamento delle risposte…')).toBeNull());
    await waitFor(() => expect(feed('punteggi_eventi').readyState).toBe(1));
    act(() => feed('punteggi_eventi').receive({ type: 'refresh_page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('follows the event live: a moved end, ended then reopened, and edited or deleted messages', async () => {
    const { handlers } = fixture(-HOUR);
    mockFetch(handlers);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/sessione/7/punteggi/');
    await screen.findByText(/L'evento è in corso e finirà/, {}, { timeout: 8000 });
    await waitFor(() => expect(feed('messaggi-importanti').readyState).toBe(1));
    await waitFor(() => expect(feed('punteggi_eventi').readyState).toBe(1));
    const inizio = new Date(Date.now() - HOUR).toISOString();
    const tempi = (fine: number) => ({
      type: 'tempi',
      evento: 3,
      inizio,
      fine: new Date(fine).toISOString(),
      fine_consegna_jolly: null,
    });
    // Ended a minute ago, announced on the event's feed.
    act(() => feed('messaggi-importanti').receive(tempi(Date.now() - 60_000)));
    expect(await screen.findByText(/L'evento si è concluso/)).toBeTruthy();
    // Reopened for another hour, announced on the session's feed.
    act(() => feed('punteggi_eventi').receive(tempi(Date.now() + HOUR)));
    expect(await screen.findByText(/L'evento è in corso e finirà/)).toBeTruthy();

    const message = {
      id: 9,
      testo: 'Mancano 10 minuti',
      data: new Date().toISOString(),
      evento: 3,
    };
    act(() => feed('messaggi-importanti').receive({ type: 'new_message', message }));
    const toast = (text: string) => screen.queryByText(text, { selector: '.toast-body' });
    await waitFor(() => expect(toast('Mancano 10 minuti')).not.toBeNull());
    act(() =>
      feed('messaggi-importanti').receive({
        type: 'edit_message',
        message: { ...message, testo: 'Mancano 15 minuti' },
      }),
    );
    await waitFor(() => expect(toast('Mancano 15 minuti')).not.toBeNull());
    expect(toast('Mancano 10 minuti')).toBeNull();
    act(() => feed('messaggi-importanti').receive({ type: 'delete_message', id: 9 }));
    await waitFor(() => expect(toast('Mancano 15 minuti')).toBeNull());
    // Nothing of this was an unknown or malformed frame.
    expect(errors).not.toHaveBeenCalled();
    expect(warnings.mock.calls.filter((c) => String(c[0]).includes('sconosciuto'))).toEqual([]);
  });

  it('says when the event has not started', async () => {
    const { handlers } = fixture(2 * HOUR);
    mockFetch(handlers);
    renderApp('/sessione/7/punteggi/');
    expect(
      await screen.findByText(
        /^L'evento non è ancora iniziato\. Inizierà .* e durerà 2 ore\.$/,
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText('La gara è terminata!')).toBeNull();
    expect(screen.getByRole('timer', { name: "Tempo all'inizio" })).toBeTruthy();
  });
});
