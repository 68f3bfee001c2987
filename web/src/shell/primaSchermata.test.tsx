// The server's first screen kept by the app while the page loads
// (primaSchermata.tsx): shown for its own path only, until the page renders.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { catturaPrimaSchermata, InAttesa, usePaginaPronta } from './primaSchermata';

function Pronta() {
  usePaginaPronta();
  return <p>pagina</p>;
}

function serverHtml(percorso: string) {
  const root = document.createElement('div');
  root.innerHTML = `<main><div data-prima-schermata="${percorso}"><h1>Finale</h1></div></main>`;
  catturaPrimaSchermata(root);
}

describe('the first screen the server painted', () => {
  afterEach(() => {
    cleanup();
    catturaPrimaSchermata(document.createElement('div'));
  });

  it('is shown while its own page loads, and the spinner elsewhere', () => {
    serverHtml('/sessione/4/punteggi/');
    const { unmount } = render(
      <MemoryRouter initialEntries={['/sessione/4/punteggi/']}>
        <InAttesa />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Finale' })).toBeTruthy();
    unmount();
    render(
      <MemoryRouter initialEntries={['/sessione/5/punteggi/']}>
        <InAttesa />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { name: 'Finale' })).toBeNull();
    expect(screen.getByText('Caricamento…')).toBeTruthy();
  });

  it('is never shown again once the page has rendered', () => {
    serverHtml('/sessione/4/punteggi/');
    render(
      <MemoryRouter initialEntries={['/sessione/4/punteggi/']}>
        <Pronta />
      </MemoryRouter>,
    );
    render(
      <MemoryRouter initialEntries={['/sessione/4/punteggi/']}>
        <InAttesa />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { name: 'Finale' })).toBeNull();
  });

  it('is nothing when the server painted nothing', () => {
    catturaPrimaSchermata(document.createElement('div'));
    render(
      <MemoryRouter initialEntries={['/sessione/4/punteggi/']}>
        <InAttesa />
      </MemoryRouter>,
    );
    expect(screen.getByText('Caricamento…')).toBeTruthy();
  });
});
