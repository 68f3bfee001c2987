import type { User } from '@gas/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from './api/auth';
import { evento, type Handler, jsonResponse, mockFetch, renderApp, squadra, user } from './testing';

const noEvents = { count: 0, next: null, previous: null, results: [] };

function setup(path: string, handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({
    '/api/ext-user/whoami/': ANONYMOUS_USER,
    '/api/gas/evento/': noEvents,
    ...handlers,
  });
  return { ...renderApp(path), fetchMock };
}

// Lazy page chunks load slowly on a busy machine: more than the default 1 s.
const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

beforeEach(() => {
  // jsdom has no scrolling; ScrollRestoration calls it.
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('routes', () => {
  it("shows 'Error 404' and the path for an unknown route", async () => {
    setup('/non-esiste/davvero');
    expect(await heading('Error 404')).toBeTruthy();
    const text = screen.getByText(/Nessun risultato per/);
    expect(text.textContent).toBe('Nessun risultato per /non-esiste/davvero');
  });

  it('the 404 page has a way back home', async () => {
    const { router } = setup('/non-esiste/davvero');
    await heading('Error 404');
    const main = screen.getByRole('main');
    fireEvent.click(within(main).getByRole('link', { name: 'Torna alla pagina iniziale' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  // Pages that need a login or a session's data have their own tests in their
  // feature folders; these render with no data at all.
  it.each([
    ['/eventi/', 'Eventi'],
    ['/eventi', 'Eventi'],
    ['/eventi/anno/2026/', 'Eventi - Stagione 2025-2026'],
    ['/eventi/non-ufficiali', 'Eventi non ufficiali'],
    ['/albo-d-oro/', "Albo d'oro"],
  ])('renders %s with its title', async (path, title) => {
    setup(path);
    expect(await heading(title)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${title} | GaS`));
  });

  it('redirects /#/about-us/ to /about-us/', async () => {
    const { router } = setup('/#/about-us/');
    expect(await heading('Chi siamo')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/about-us/');
    expect(router.state.location.hash).toBe('');
  });

  it('keeps the home page for other hashes', async () => {
    const { router } = setup('/#webinar');
    expect(await heading('Gara a Squadre di Fisica')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends anonymous visitors of login-only pages to the login page with next', async () => {
    const { router } = setup('/sessione/7/consegna-risposte/#x');
    expect(await heading('Accedi')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/accounts/login/');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/sessione/7/consegna-risposte/#x',
    );
  });

  it('shows the login error code from the query', async () => {
    setup('/loginerror/?code=42');
    expect(await heading('Errore di accesso')).toBeTruthy();
    expect(screen.getByText('42').tagName).toBe('CODE');
  });
});

describe('navbar', () => {
  const staffUser: User = {
    id: 1,
    username: 'staff',
    first_name: 'Ada',
    last_name: 'Rossi',
    email: 'staff@example.org',
    is_superuser: false,
    is_staff: true,
    is_authenticated: true,
    responsabile: null,
  };

  it("offers 'Accedi' with next = path + hash, and the menus of spec §2", async () => {
    // The season list depends on today: in March 2026 the current season is 2025-2026.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T10:00:00Z'));
    setup('/regolamento/#anno-2025');
    const nav = await screen.findByRole('navigation', { name: 'Navigazione principale' });
    const accedi = await within(nav).findByRole('link', { name: 'Accedi' });
    expect(accedi.getAttribute('href')).toBe(
      `/accounts/login/?next=${encodeURIComponent('/regolamento/#anno-2025')}`,
    );
    for (const name of ["Albo d'oro", 'Regolamento', 'Sponsor', 'Chi siamo']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).queryByRole('link', { name: 'Evento corrente' })).toBeNull();

    fireEvent.click(within(nav).getByRole('button', { name: 'Eventi' }));
    const seasons = (await within(nav).findAllByRole('link', { name: /^Stagione/ })).map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(seasons).toEqual([
      ['Stagione 2025-2026', '/eventi/anno/2026/'],
      ['Stagione 2024-2025', '/eventi/anno/2025/'],
      ['Stagione 2023-2024', '/eventi/anno/2024/'],
      ['Stagione 2022-2023', '/eventi/anno/2023/'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Tutti gli eventi' }).getAttribute('href')).toBe(
      '/eventi/',
    );
    expect(
      within(nav).getByRole('link', { name: 'Eventi non ufficiali' }).getAttribute('href'),
    ).toBe('/eventi/non-ufficiali/');
  });

  it("links 'Evento corrente' to the event starting within two days", async () => {
    const soon = new Date(Date.now() + 3600_000).toISOString();
    const old = new Date(Date.now() - 30 * 86_400_000).toISOString();
    setup('/', {
      '/api/gas/evento/': {
        count: 2,
        next: null,
        previous: null,
        results: [
          evento(8, 0, { titolo: 'Vecchio', inizio: old, fine: old }),
          evento(9, 0, { titolo: 'Oggi', inizio: soon, fine: soon }),
        ],
      },
    });
    const link = await screen.findByRole('link', { name: 'Evento corrente' });
    expect(link.getAttribute('href')).toBe('/evento/9/');
  });

  it("takes a manager to his own event and offers 'Le mie squadre' (issue 26)", async () => {
    const tra = (ore: number) => new Date(Date.now() + ore * 3600_000).toISOString();
    const manager = user('m.rossi', {
      responsabile: {
        id: 5,
        user: 7,
        attivo: true,
        ruolo: 'sp',
        puo_iscriversi_gare_ufficiali: true,
        newsletter: false,
        scuole: [1],
        squadre: [],
      },
    });
    const eventi = (inseritori: number[]) => ({
      count: 3,
      next: null,
      previous: null,
      results: [
        evento(8, 0, { titolo: 'Demo', tipologia: 'o', inizio: tra(-1), fine: tra(1) }),
        evento(9, 0, { titolo: 'Sua gara', tipologia: 'o', inizio: tra(20), fine: tra(22) }),
        evento(10, 0, { titolo: 'Allenamento', inizio: tra(30), fine: tra(31), inseritori }),
      ],
    });
    const { fetchMock } = setup('/', {
      '/api/ext-user/whoami/': manager,
      '/api/gas/evento/': eventi([]),
      '/api/gas/squadra/mie/': {
        count: 1,
        next: null,
        previous: null,
        results: [{ ...squadra(1, 90, 'Fermi A', 'Liceo Fermi', 'Roma'), evento: 9 }],
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Navigazione principale' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Evento corrente' }).getAttribute('href')).toBe(
        '/evento/9/',
      ),
    );
    expect(within(nav).getByRole('link', { name: 'Le mie squadre' }).getAttribute('href')).toBe(
      '/le-mie-squadre/',
    );
    // Only the current events' teams are asked for.
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost/'))
      .find((u) => u.pathname === '/api/gas/squadra/mie/');
    expect(asked?.searchParams.get('sessione__evento__inizio__gte')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    cleanup();
    // Without teams, an event where he is an inseritore.
    setup('/', {
      '/api/ext-user/whoami/': manager,
      '/api/gas/evento/': eventi([5]),
      '/api/gas/squadra/mie/': { count: 0, next: null, previous: null, results: [] },
    });
    const nav2 = await screen.findByRole('navigation', { name: 'Navigazione principale' });
    await waitFor(() =>
      expect(within(nav2).getByRole('link', { name: 'Evento corrente' }).getAttribute('href')).toBe(
        '/evento/10/',
      ),
    );
  });

  it("offers no 'Le mie squadre' to a user without a manager profile", async () => {
    setup('/', { '/api/ext-user/whoami/': user('ospite') });
    await screen.findByRole('button', { name: 'ospite' });
    expect(screen.queryByRole('link', { name: 'Le mie squadre' })).toBeNull();
  });

  it("hides 'Evento corrente' and falls back to a logged-out user when the calls fail", async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    setup('/', {
      '/api/ext-user/whoami/': () => jsonResponse({ detail: 'boom' }, 500),
      '/api/gas/evento/': () => jsonResponse({ detail: 'boom' }, 500),
    });
    expect(await screen.findByRole('link', { name: 'Accedi' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Evento corrente' })).toBeNull();
    expect(report).toHaveBeenCalledWith(
      '[GaS] whoami',
      expect.objectContaining({ kind: 'server' }),
    );
  });

  it('shows the user menu, with the staff links for staff', async () => {
    setup('/', { '/api/ext-user/whoami/': staffUser });
    fireEvent.click(await screen.findByRole('button', { name: 'staff' }));
    const links = (await screen.findAllByRole('link'))
      .filter((a) =>
        [
          'Profilo personale',
          'Cambia password',
          'Amministrazione',
          'Azioni amministrative',
        ].includes(a.textContent ?? ''),
      )
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Profilo personale', '/accounts/profile/'],
      ['Cambia password', '/accounts/password/'],
      ['Amministrazione', '/admin/'],
      ['Azioni amministrative', '/admin-actions/'],
    ]);
    expect(screen.getByRole('button', { name: 'Esci' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Accedi' })).toBeNull();
  });

  it('hides the staff links from other users and logs out with a CSRF-protected POST', async () => {
    document.cookie = 'csrftoken=t0k; path=/';
    const { fetchMock, router } = setup('/regolamento/', {
      '/api/ext-user/whoami/': { ...staffUser, username: 'docente', is_staff: false },
      '/api/auth/logout/': () => new Response(null, { status: 204 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'docente' }));
    expect(await screen.findByRole('link', { name: 'Profilo personale' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Amministrazione' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Azioni amministrative' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/logout/');
    const init = logoutCall?.[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['X-CSRFToken']).toBe('t0k');
  });
});

describe('footer', () => {
  it('shows the version and the cookie policy link', async () => {
    setup('/sponsor/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('v1.6.0')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe(
      '/cookie-policy/',
    );
  });
});
