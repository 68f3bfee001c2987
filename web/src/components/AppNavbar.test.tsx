// The navbar's first answers (the user, the events) re-render only the links
// they change, not the whole navbar with its menus (docs/performance.md).
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../api/auth';
import { seasons } from '../lib/seasons';
import { evento, jsonResponse, mockFetch, page, renderPage } from '../testing';
import { AppNavbar } from './AppNavbar';

// The 'Eventi' menu lists the seasons: one call of seasons() per render of it.
vi.mock('../lib/seasons', async (importOriginal) => {
  const originale = await importOriginal<typeof import('../lib/seasons')>();
  return { ...originale, seasons: vi.fn(originale.seasons) };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("shows 'Evento corrente' and 'Accedi' without rendering the menus again", async () => {
  let rispondi = () => {};
  const risposte = new Promise<void>((resolve) => (rispondi = resolve));
  const tra = new Date(Date.now() + 3_600_000).toISOString();
  mockFetch({
    '/api/ext-user/whoami/': async () => {
      await risposte;
      return jsonResponse(ANONYMOUS_USER);
    },
    '/api/gas/evento/': async () => {
      await risposte;
      return jsonResponse(page([evento(9, 0, { inizio: tra, fine: tra })]));
    },
  });
  renderPage(<AppNavbar />);
  await act(async () => {});
  expect(screen.queryByRole('link', { name: 'Evento corrente' })).toBeNull();
  const renderDelMenu = vi.mocked(seasons).mock.calls.length;
  expect(renderDelMenu).toBeGreaterThan(0);

  await act(async () => rispondi());

  expect((await screen.findByRole('link', { name: 'Evento corrente' })).getAttribute('href')).toBe(
    '/evento/9/',
  );
  expect(await screen.findByRole('link', { name: 'Accedi' })).toBeTruthy();
  expect(vi.mocked(seasons).mock.calls.length).toBe(renderDelMenu);
});
