import type { Evento } from '@gas/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../../api/auth';
import {
  evento,
  file,
  type Handler,
  mockFetch,
  NESSUN_PERMESSO,
  page,
  renderApp,
  squadra,
  user,
  sitoOut,
} from '../../testing';
import { eventiDellAnno, isPastSeason, splitEventi } from './blocks';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function setup(path: string, handlers: Record<string, Handler>) {
  const fetchMock = mockFetch({
    '/api/ext-user/whoami/': ANONYMOUS_USER,
    '/api/gas/squadra/in_sessione/': page([]),
    ...handlers,
  });
  return { ...renderApp(path), fetchMock };
}

beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('blocks', () => {
  const now = Date.parse('2026-02-10T10:00:00Z');
  const at = (id: number, inizio: string, fine = inizio) =>
    ({ id, inizio, fine, titolo: '', tipologia: 'o' }) as Evento;

  it("keeps an event in 'Eventi programmati' until one day after its end", () => {
    const { programmati, passati } = splitEventi(
      [
        at(1, '2026-02-09T08:00:00Z', '2026-02-09T10:30:00Z'), // ended 23.5 h ago
        at(2, '2026-02-20T08:00:00Z'),
        at(3, '2026-02-12T08:00:00Z'),
        at(4, '2026-01-01T08:00:00Z'),
        at(5, '2025-12-01T08:00:00Z'),
      ],
      now,
    );
    expect(programmati.map((e) => e.id)).toEqual([1, 3, 2]);
    expect(passati.map((e) => e.id)).toEqual([4, 5]);
  });

  it('puts events after August in the next season', () => {
    const eventi = [at(1, '2025-09-15T08:00:00Z'), at(2, '2025-05-15T08:00:00Z')];
    expect(eventiDellAnno(eventi, 2026).map((e) => e.id)).toEqual([1]);
    expect(eventiDellAnno(eventi, 2025).map((e) => e.id)).toEqual([2]);
    expect(isPastSeason(2025, now)).toBe(true);
    expect(isPastSeason(2026, now)).toBe(false);
  });
});

describe('event lists', () => {
  it("shows both blocks with the status texts, and 'Nessun evento programmato al momento.'", async () => {
    const passato = evento(1, -30 * DAY, { titolo: 'Gara passata' });
    const futuro = evento(2, 5 * DAY, { titolo: 'Gara futura' });
    const { fetchMock } = setup('/eventi/', { '/api/gas/evento/': page([passato, futuro]) });
    expect(
      await screen.findByRole('heading', { name: 'Eventi programmati' }, { timeout: 5000 }),
    ).toBeTruthy();
    const programmati = screen.getByRole('region', { name: 'Eventi programmati' });
    expect(within(programmati).getByText('Gara futura')).toBeTruthy();
    expect(
      within(programmati).getByText(
        /L'evento non è ancora iniziato\. Inizierà .* e durerà 2 ore\./,
      ),
    ).toBeTruthy();
    const passati = screen.getByRole('region', { name: 'Eventi passati' });
    expect(within(passati).getByText(/L'evento si è concluso .* ed è durato 2 ore\./)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/gas/evento/?tipologia=o');
    cleanup();

    setup('/eventi/', { '/api/gas/evento/': page([passato]) });
    expect(await screen.findByText('Nessun evento programmato al momento.')).toBeTruthy();
  });

  it('hides the scheduled block of a past season and asks for unofficial events', async () => {
    const vecchio = {
      ...evento(1, 0),
      inizio: '2023-03-01T09:00:00Z',
      fine: '2023-03-01T11:00:00Z',
    };
    setup('/eventi/anno/2023/', { '/api/gas/evento/': page([vecchio, evento(2, DAY)]) });
    expect(await screen.findByRole('heading', { name: 'Eventi passati' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Eventi programmati' })).toBeNull();
    expect(screen.getByText('Evento 1')).toBeTruthy();
    expect(screen.queryByText('Evento 2')).toBeNull();
    cleanup();

    // A past season without events says so instead of showing a bare heading.
    setup('/eventi/anno/2023/', { '/api/gas/evento/': page([evento(2, DAY)]) });
    expect(await screen.findByText('Nessun evento programmato al momento.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Eventi passati' })).toBeNull();
    cleanup();

    const { fetchMock } = setup('/eventi/non-ufficiali/', { '/api/gas/evento/': page([]) });
    expect(await screen.findByText('Nessun evento programmato al momento.')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls).toContain('/api/gas/evento/?tipologia__in=pub%2Cpriv');
  });

  it("shows 'Errore nel caricamento' and retries with 'Riprova'", async () => {
    let fail = true;
    setup('/eventi/', {
      '/api/gas/evento/': () =>
        fail
          ? new Response(JSON.stringify({ detail: 'Non trovato.' }), { status: 404 })
          : new Response(JSON.stringify(page([])), { status: 200 }),
    });
    expect(await screen.findByText('Errore nel caricamento')).toBeTruthy();
    fail = false;
    act(() => screen.getByRole('button', { name: 'Riprova' }).click());
    expect(await screen.findByText('Nessun evento programmato al momento.')).toBeTruthy();
  });
});

describe('event card', () => {
  it('colours the file tiles: green available, orange with the date, red missing', async () => {
    const e = evento(3, -3 * HOUR, {
      file_problemi: file(1, new Date(Date.now() - 3 * HOUR).toISOString(), true),
      file_soluzioni: file(2, '2030-01-01T10:00:00Z', false),
    });
    setup('/evento/3/', { '/api/gas/evento/3/': e });
    const problemi = await screen.findByTestId('tile-problemi');
    expect(problemi.dataset.state).toBe('available');
    expect(problemi.getAttribute('href')).toBe('/api/gas/file-programmato/1/contenuto/');
    const soluzioni = screen.getByTestId('tile-soluzioni');
    expect(soluzioni.dataset.state).toBe('scheduled');
    expect(soluzioni.textContent).toContain('Disponibile dal 01/01/2030 11:00');
    cleanup();

    setup('/evento/3/', { '/api/gas/evento/3/': evento(3, DAY) });
    const missing = await screen.findByTestId('tile-problemi');
    expect(missing.dataset.state).toBe('missing');
    expect(missing.textContent).toContain('non disponibile');
  });

  it('shows no link that would lead off the site (protocol-relative, http, javascript:)', async () => {
    setup('/evento/4/', {
      '/api/gas/evento/4/': evento(4, DAY, {
        youtube_link: 'javascript:alert(1)',
        pagina_dedicata: '//evil.example/x',
        poli: [1],
      }),
    });
    expect(await screen.findByTestId('tile-poli')).toBeTruthy();
    expect(screen.queryByTestId('tile-pagina')).toBeNull();
    expect(screen.queryByTestId('tile-video')).toBeNull();
    cleanup();

    setup('/evento/4/', {
      '/api/gas/evento/4/': evento(4, DAY, { pagina_dedicata: 'https://gas.example/gara/' }),
    });
    expect((await screen.findByTestId('tile-pagina')).getAttribute('href')).toBe(
      'https://gas.example/gara/',
    );
  });

  it('shows the tiles allowed by the permissions', async () => {
    setup('/evento/4/', {
      '/api/gas/evento/4/': evento(4, DAY, {
        youtube_link: 'https://www.youtube.com/watch?v=abcdefghijk',
        pagina_dedicata: '/regolamento/',
        poli: [1],
      }),
    });
    expect(await screen.findByTestId('tile-video')).toBeTruthy();
    expect(screen.getByTestId('tile-pagina').getAttribute('href')).toBe('/regolamento/');
    expect(screen.getByTestId('tile-poli').getAttribute('href')).toBe('/lista-poli/4/');
    expect(screen.queryByTestId('tile-consegna')).toBeNull();
    expect(screen.queryByTestId('tile-modifica')).toBeNull();
    cleanup();

    setup('/evento/4/', {
      '/api/ext-user/whoami/': user('amministratore'),
      '/api/gas/evento/4/': evento(4, DAY, {
        permessi: { ...NESSUN_PERMESSO, puo_modificare: true, puo_inserire: true },
      }),
    });
    expect((await screen.findByTestId('tile-consegna')).getAttribute('href')).toBe(
      '/evento/4/consegna-risposte/',
    );
    expect(screen.getByTestId('tile-modifica').getAttribute('href')).toBe('/modifica-evento/4/');
    expect(await screen.findByRole('link', { name: 'Le tue squadre' })).toBeTruthy();
  });

  it("lists the teams of each session with 'Segui' on the event page", async () => {
    setup('/evento/5/', {
      '/api/gas/sito/': sitoOut({ chat_url: 'https://chat.example.it/gas' }),
      '/api/gas/evento/5/': evento(5, -30 * DAY),
      '/api/gas/squadra/in_sessione/': page([
        squadra(1, 50, 'Fotoni Stanchi', 'Liceo Galilei', 'Pisa'),
        squadra(2, 50, 'Gluoni Allegri', 'ITIS Avogadro', 'Torino'),
      ]),
    });
    expect(await screen.findByRole('heading', { name: 'Evento 5', level: 1 })).toBeTruthy();
    const card = await screen.findByTestId('sessione-50');
    expect(await within(card).findByText('Fotoni Stanchi')).toBeTruthy();
    expect(within(card).getByText('Liceo Galilei')).toBeTruthy();
    expect(within(card).getAllByText('Torino').length).toBeGreaterThan(0);
    const segui = within(card).getAllByRole('link', { name: /^Segui/ });
    expect(segui[0]!.getAttribute('href')).toBe('/sessione/50/punteggi/scuola/101/');
    expect(within(card).getByRole('link', { name: 'Punteggi' }).getAttribute('href')).toBe(
      '/sessione/50/punteggi/',
    );
    // The chat link is the server's GAS_CHAT_URL (GET /api/gas/sito/).
    expect((await within(card).findByRole('link', { name: 'Chat' })).getAttribute('href')).toBe(
      'https://chat.example.it/gas',
    );
    expect(within(card).queryByRole('link', { name: 'Consegna risposte' })).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Le tue squadre' })).toBeNull();
  });

  it('shows no chat link when the server has no chat configured', async () => {
    const { fetchMock } = setup('/evento/5/', {
      '/api/gas/sito/': sitoOut({ chat_url: null }),
      '/api/gas/evento/5/': evento(5, -30 * DAY),
    });
    const card = await screen.findByTestId('sessione-50');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/gas/sito/'))).toBe(true),
    );
    await act(async () => {});
    expect(within(card).getByRole('link', { name: 'Punteggi' })).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Chat' })).toBeNull();
  });

  it('shows sessions in lists only while the event runs', async () => {
    setup('/eventi/', {
      '/api/gas/evento/': page([evento(6, -HOUR), evento(7, DAY)]),
    });
    expect(await screen.findByTestId('sessione-60')).toBeTruthy();
    expect(screen.queryByTestId('sessione-70')).toBeNull();
  });

  it('switches to running at the start and reloads the event 3 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls: number[] = [];
    const start = Date.now();
    setup('/evento/8/', {
      '/api/gas/evento/8/': () => {
        calls.push(Date.now());
        return new Response(JSON.stringify(evento(8, 5000 - (Date.now() - start))));
      },
    });
    const stato = await screen.findByTestId('stato-evento');
    expect(stato.dataset.phase).toBe('prima');
    expect(calls).toHaveLength(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(5100)));
    expect(screen.getByTestId('stato-evento').dataset.phase).toBe('durante');
    expect(calls).toHaveLength(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(3000)));
    await waitFor(() => expect(calls).toHaveLength(2));
  });
});
