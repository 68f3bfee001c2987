// Pages loadable ahead of their first render (lazyPage.ts): main.tsx loads the
// page the server painted before rendering, so React's first commit is that
// page, not the Suspense fallback (the server's copy drawn again).
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage, preloadPageAt } from './lazyPage';

function Classifica({ titolo }: { titolo: string }) {
  return <h1>{titolo}</h1>;
}

/** Every commit of the page's place: the fallback's or the page's. */
function renderCounting(Page: ReturnType<typeof lazyPage<typeof Classifica>>) {
  const commits: string[] = [];
  function Fallback() {
    useEffect(() => void commits.push('fallback'), []);
    return <p>In attesa</p>;
  }
  function Commit() {
    useEffect(() => void commits.push('page'), []);
    return null;
  }
  render(
    <Suspense fallback={<Fallback />}>
      <Commit />
      <Page titolo="Finale" />
    </Suspense>,
  );
  return commits;
}

describe('lazyPage', () => {
  afterEach(cleanup);

  it('once preloaded, renders the page in the first commit, with its props', async () => {
    const Page = lazyPage(async () => ({ default: Classifica }));
    await Page.preload();
    const commits = renderCounting(Page);
    expect(screen.getByRole('heading', { name: 'Finale' })).toBeTruthy();
    expect(commits).toEqual(['page']);
  });

  it('not preloaded, suspends first and then renders the page', async () => {
    const Page = lazyPage(async () => ({ default: Classifica }));
    const commits = renderCounting(Page);
    expect(screen.getByText('In attesa')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Finale' })).toBeTruthy();
    expect(commits[0]).toBe('fallback');
  });

  it('a page mounted before its chunk arrived stays the same page after (no remount)', async () => {
    let mounts = 0;
    function Contata() {
      useEffect(() => void mounts++, []);
      return <h1>Contata</h1>;
    }
    const Page = lazyPage(async () => ({ default: Contata }));
    const { rerender } = render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    await screen.findByRole('heading', { name: 'Contata' });
    await act(async () => {
      rerender(
        <Suspense fallback={null}>
          <Page />
        </Suspense>,
      );
    });
    expect(mounts).toBe(1);
  });
});

describe('preloadPageAt', () => {
  it('loads the lazy page the path routes to, and nothing for other routes', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads++;
      return { default: Classifica };
    });
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          { path: 'sessione/:pk/punteggi', element: <Page titolo="Classifica" /> },
          { path: 'about-us', element: <p>Chi siamo</p> },
        ],
      },
    ];
    expect(preloadPageAt(routes, '/about-us/')).toBeNull();
    expect(preloadPageAt(routes, '/nessuna/')).toBeNull();
    await preloadPageAt(routes, '/sessione/4/punteggi/');
    expect(loads).toBe(1);
  });
});
