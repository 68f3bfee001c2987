import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../../api/auth';
import { evento, mockFetch, page, renderPage, squadra } from '../../testing';
import ListaPoliPage, { NESSUN_POLO, NESSUNA_SQUADRA_NEL_POLO, SENZA_POLO } from './ListaPoliPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const polo = {
  id: 1,
  evento: 3,
  nome_breve: 'Polo di Pisa',
  descrizione: 'Dipartimento di Fisica',
  indirizzo: 'Largo Pontecorvo 3',
  responsabili: [{ first_name: 'Rita', last_name: 'Referenti', email: 'rita@example.org' }],
  capacita_massima_squadre: 40,
  latitude: null,
  longitude: null,
  citta: { id: 1, name: 'Pisa', provincia: 'PI', latitude: null, longitude: null },
};

function open(poli: unknown[], squadre: unknown[] = []) {
  const fetchMock = mockFetch({
    '/api/ext-user/whoami/': ANONYMOUS_USER,
    '/api/gas/evento/3/': evento(3, 86_400_000, { titolo: 'Gara nazionale' }),
    '/api/gas/polo/': page(poli),
    '/api/gas/squadra/': page(squadre),
  });
  renderPage(<ListaPoliPage />, { path: '/lista-poli/3/', route: '/lista-poli/:pk' });
  return fetchMock;
}

describe('lista-poli', () => {
  it('shows a card per venue with nome_breve, descrizione, indirizzo, responsabili, capacity', async () => {
    const fetchMock = open([
      polo,
      {
        ...polo,
        id: 2,
        nome_breve: 'Polo di Bari',
        capacita_massima_squadre: null,
        responsabili: [],
      },
    ]);
    const card = (await screen.findByRole('heading', { name: 'Polo di Pisa' })).closest(
      '.card',
    ) as HTMLElement;
    expect(within(card).getByText('Dipartimento di Fisica')).toBeTruthy();
    expect(within(card).getByText(/Largo Pontecorvo 3, Pisa/)).toBeTruthy();
    expect(within(card).getByText(/Rita Referenti/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'rita@example.org' })).toBeTruthy();
    expect(within(card).getByText('40 squadre')).toBeTruthy();
    // Sorted by name: Bari first.
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Polo di Bari', 'Polo di Pisa']);
    expect(screen.getByText('non indicata')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/gas/polo/?evento=3');
  });

  it('lists each venue’s teams with their school, and the teams without a venue', async () => {
    const di = (id: number, nome: string, polo: number | null) => ({
      ...squadra(id, 1, nome, `Liceo ${nome}`, 'Pisa'),
      evento: 3,
      polo,
    });
    const fetchMock = open(
      [polo, { ...polo, id: 2, nome_breve: 'Polo di Bari', capacita_massima_squadre: 1 }],
      [di(11, 'Zeta', 1), di(12, 'Alfa', 1), di(13, 'Ospite', null)],
    );
    const pisa = await screen.findByRole('region', { name: 'Squadre Polo di Pisa' });
    expect(
      within(pisa)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alfa · Liceo Alfa, Pisa', 'Zeta · Liceo Zeta, Pisa']);
    const cardPisa = pisa.closest('.card') as HTMLElement;
    expect(within(cardPisa).getByText('2 squadre')).toBeTruthy();
    const cardBari = screen.getByRole('heading', { name: 'Polo di Bari' }).closest('.card');
    expect(within(cardBari as HTMLElement).getByText(NESSUNA_SQUADRA_NEL_POLO)).toBeTruthy();
    // Capacity of one: the noun agrees.
    expect(within(cardBari as HTMLElement).getByText('1 squadra')).toBeTruthy();
    const senza = screen.getByRole('heading', { name: SENZA_POLO }).closest('section')!;
    expect(within(senza).getByText('Ospite')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/gas/squadra/?evento=3');
  });

  it('says when the event has no venues', async () => {
    open([]);
    expect(await screen.findByText(NESSUN_POLO)).toBeTruthy();
  });
});
