// A session card's enrolled teams arrive after the page has started: their
// table is made in a deferred render (React splits it into short slices), not
// in the blocking render react-query's answer starts (docs/performance.md).
import { act, cleanup, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, expect, it } from 'vitest';
import { queryKeys } from '../../api/queries';
import { evento, mockFetch, renderPage, squadra } from '../../testing';
import { SessioneCard } from './SessioneCard';

afterEach(cleanup);

it('shows the teams in a render of their own, after the one that got them', async () => {
  mockFetch({});
  const ev = evento(5, 0);
  const sessione = ev.sessioni[0]!;
  // At each commit: was the teams' table in the page?
  const commits: boolean[] = [];
  const { queryClient } = renderPage(
    <Profiler id="card" onRender={() => commits.push(screen.queryByRole('table') !== null)}>
      <SessioneCard sessione={sessione} evento={ev} level={3} />
    </Profiler>,
  );
  await act(async () => {});
  expect(screen.queryByRole('table')).toBeNull();
  commits.length = 0;

  await act(async () => {
    queryClient.setQueryData(queryKeys.squadreInSessione(sessione.id), [
      squadra(1, sessione.id, 'Fotoni Stanchi', 'Liceo Galilei', 'Pisa'),
      squadra(2, sessione.id, 'Gluoni Allegri', 'ITIS Avogadro', 'Torino'),
    ]);
  });

  expect(screen.getByText('Fotoni Stanchi')).toBeTruthy();
  expect(screen.getByText(/^2 squadre iscritte/)).toBeTruthy();
  // First the blocking render, still without them; then the deferred one.
  expect(commits[0]).toBe(false);
  expect(commits.at(-1)).toBe(true);
});
