import type { Responsabile } from '@gas/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  evento,
  type Handler,
  jsonResponse,
  mockFetch,
  page,
  renderPage,
  sentTo,
  squadra,
  user,
} from '../../testing';
import { AIUTO_NEWSLETTER, AIUTO_USERNAME } from './ResponsabileForm';
import ResponsabileFormPage, { SOLO_PRINCIPALI } from './ResponsabileFormPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const principale: Responsabile = {
  id: 3,
  user: 1,
  attivo: true,
  puo_iscriversi_gare_ufficiali: true,
  newsletter: true,
  ruolo: 'sp',
  scuole: [201],
  squadre: [],
};

const futuro = evento(1, 86_400_000);
const mie = [
  { ...squadra(1, 10, 'Alfa', 'Liceo Fermi', 'Pisa'), evento: 1 },
  { ...squadra(2, 10, 'Beta', 'Liceo Fermi', 'Pisa'), evento: 1 },
];
const scuola = { ...mie[0]!.scuola!, id: 201 };

function open(
  path: string,
  route: string,
  mode: 'nuovo' | 'modifica',
  extra: Record<string, Handler> = {},
  who = principale,
) {
  const fetchMock = mockFetch({
    '/api/ext-user/whoami/': user('principale', { responsabile: who }),
    '/api/gas/evento/': page([futuro]),
    '/api/gas/squadra/mie/': page(mie),
    '/api/ext-user/scuola/': page([scuola]),
    '/api/gas/user/': () =>
      jsonResponse(
        {
          id: 50,
          username: 'nuovo',
          first_name: 'Nuovo',
          last_name: 'Responsabile',
          email: 'nuovo@example.org',
          responsabile: {
            id: 50,
            user: 50,
            ruolo: 'ss',
            attivo: true,
            puo_iscriversi_gare_ufficiali: false,
            scuole: [],
            squadre: [],
          },
          puo_modificare: true,
          puo_modificare_assegnazioni: true,
        },
        201,
      ),
    ...extra,
  });
  const view = renderPage(<ResponsabileFormPage mode={mode} />, { path, route });
  return { ...view, fetchMock };
}

describe('nuovo-responsabile', () => {
  it("checks 'Le due password non corrispondono', then creates and goes to the profile", async () => {
    const { fetchMock, router } = open('/nuovo-responsabile/', '/nuovo-responsabile', 'nuovo');
    expect(
      await screen.findByRole('heading', { name: 'Nuovo responsabile di squadra' }),
    ).toBeTruthy();
    expect(await screen.findByText(AIUTO_USERNAME)).toBeTruthy();
    expect(screen.getByText(AIUTO_NEWSLETTER)).toBeTruthy();
    const squadre = screen.getByLabelText('Squadre') as HTMLSelectElement;
    expect([...squadre.options].map((o) => o.text)).toEqual([
      'Liceo Fermi - Alfa',
      'Liceo Fermi - Beta',
    ]);

    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Sara' } });
    fireEvent.change(screen.getByLabelText('Cognome'), { target: { value: 'Secondi' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sara@example.org' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'sara@example.org' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'una-password' } });
    fireEvent.change(screen.getByLabelText('Conferma password'), {
      target: { value: 'altra-password' },
    });
    squadre.options[1]!.selected = true;
    fireEvent.change(squadre);
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText('Le due password non corrispondono')).toBeTruthy();
    expect(sentTo(fetchMock, '/api/gas/user/')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Conferma password'), {
      target: { value: 'una-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/profile/'));
    expect(sentTo(fetchMock, '/api/gas/user/')).toEqual([
      {
        first_name: 'Sara',
        last_name: 'Secondi',
        email: 'sara@example.org',
        username: 'sara@example.org',
        password: 'una-password',
        confirm_password: 'una-password',
        squadre: [2],
        scuole: [],
        newsletter: false,
      },
    ]);
  });

  it('only main managers create managers', async () => {
    open(
      '/nuovo-responsabile/',
      '/nuovo-responsabile',
      'nuovo',
      {},
      { ...principale, ruolo: 'ss' },
    );
    expect(await screen.findByText(SOLO_PRINCIPALI)).toBeTruthy();
  });
});

describe('modifica-responsabile', () => {
  it('shows the personal fields read-only, no passwords, and sends only teams, schools, newsletter', async () => {
    const manager = {
      id: 60,
      username: 'secondario',
      first_name: 'Sergio',
      last_name: 'Secondi',
      email: 'secondario@example.org',
      responsabile: {
        id: 9,
        user: 60,
        ruolo: 'ss',
        attivo: true,
        puo_iscriversi_gare_ufficiali: true,
        scuole: [],
        squadre: [1],
      },
      puo_modificare: true,
      puo_modificare_assegnazioni: true,
    };
    const { fetchMock, router } = open(
      '/modifica-responsabile/60/',
      '/modifica-responsabile/:pk',
      'modifica',
      {
        '/api/gas/user/60/': (_u, init) =>
          jsonResponse(init.method === 'PATCH' ? manager : manager),
      },
    );
    expect(
      await screen.findByRole('heading', { name: 'Modifica responsabile di squadra' }),
    ).toBeTruthy();
    const nome = (await screen.findByLabelText('Nome')) as HTMLInputElement;
    expect(nome.value).toBe('Sergio');
    expect(nome.readOnly).toBe(true);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByLabelText('Conferma password')).toBeNull();
    // Someone else's newsletter consent is not shown.
    expect(screen.queryByLabelText('Newsletter')).toBeNull();
    const squadre = screen.getByLabelText('Squadre') as HTMLSelectElement;
    expect(squadre.options[0]!.selected).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/profile/'));
    expect(sentTo(fetchMock, '/api/gas/user/60/', 'PATCH')).toEqual([{ squadre: [1], scuole: [] }]);
  });
});
