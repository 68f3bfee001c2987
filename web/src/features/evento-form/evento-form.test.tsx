import type { Responsabile } from '@gas/contracts';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  evento,
  type Handler,
  jsonResponse,
  mockFetch,
  NESSUN_PERMESSO,
  renderPage,
  sentTo,
  user,
} from '../../testing';
import { DateTimeInput } from '../../components/form/DateTimeInput';
import EventoFormPage from './EventoFormPage';
import { controllaPdf, SOSTITUISCI } from './FileEvento';
import { DOPPIA_DIGITAZIONE, MOSTRA_PARAMETRI } from './EventoForm';
import { valoriNuovoEvento } from './model';
import { NESSUN_CANDIDATO } from './StaffEvento';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const docente: Responsabile = {
  id: 5,
  user: 1,
  attivo: true,
  puo_iscriversi_gare_ufficiali: false,
  newsletter: false,
  ruolo: 'sp',
  scuole: [],
  squadre: [],
};

describe('defaults and dates', () => {
  it('a new event: private, next full hour, 90 minutes, joker at the end, registration until 5 minutes before', () => {
    const v = valoriNuovoEvento(new Date('2026-04-15T10:17:30Z')); // 12:17:30 in Rome
    expect(v.tipologia).toBe('priv');
    expect(v.inizio).toBe('2026-04-15T13:00:00');
    expect(v.fine).toBe('2026-04-15T14:30:00');
    expect(v.fine_consegna_jolly).toBe('2026-04-15T14:30:00');
    expect(v.inizio_iscrizioni).toBe('2026-04-15T12:17:00');
    expect(v.fine_iscrizioni).toBe('2026-04-15T12:55:00');
    expect(v.PTI_TOLTI_ERRORE).toBe(10);
    expect(v.PTI_BASE_MONTEPREMI).toBe(70);
    expect(v.MAX_ERRORI_RAISE_MONTEPREMI).toBe(3);
    expect(v.ERRORE_PUNTEGGI_RAISE).toBe(20);
    expect(v.PUNTEGGIO_BASE_PROBLEMI).toBe(30);
    expect(v.BONUS_VELOCITA).toBe(20);
    expect(v.problemi).toEqual([]);
  });

  it('the text fallback field accepts typed dates', () => {
    function Harness() {
      const [value, setValue] = useState('2026-04-15T09:05:00');
      return (
        <>
          <label htmlFor="d">Data</label>
          <DateTimeInput id="d" mode="text" value={value} onChange={setValue} />
          <output>{value}</output>
        </>
      );
    }
    render(<Harness />);
    const input = screen.getByLabelText('Data') as HTMLInputElement;
    expect(input.value).toBe('15/04/2026 09:05:00');
    expect(input.placeholder).toBe('gg/mm/aaaa hh:mm[:ss]');
    fireEvent.change(input, { target: { value: '1/5/2026 10:30' } });
    expect(screen.getByRole('status').textContent).toBe('2026-05-01T10:30:00');
  });

  it('only PDFs are accepted as event files', () => {
    expect(controllaPdf(new File(['x'], 'testo.docx', { type: 'application/msword' }))).toBe(
      'Il file deve essere un PDF.',
    );
    expect(controllaPdf(new File(['%PDF'], 'testo.pdf', { type: 'application/pdf' }))).toBeNull();
  });
});

function open(
  path: string,
  route: string,
  handlers: Record<string, Handler>,
  mode: 'nuovo' | 'modifica',
) {
  const fetchMock = mockFetch({
    '/api/ext-user/whoami/': user('docente', { responsabile: docente }),
    ...handlers,
  });
  const view = renderPage(<EventoFormPage mode={mode} />, { path, route });
  return { ...view, fetchMock };
}

describe('nuovo-evento', () => {
  it('creates the event with its problems, renumbered P1.. on reorder and delete, then opens it', async () => {
    const { fetchMock, router } = open(
      '/nuovo-evento/',
      '/nuovo-evento',
      { '/api/gas/evento/': () => jsonResponse(evento(77, 3_600_000), 201) },
      'nuovo',
    );
    expect(await screen.findByRole('heading', { name: 'Creazione evento' })).toBeTruthy();
    expect(screen.getByText('non ufficiale', { selector: 'strong' })).toBeTruthy();
    expect((screen.getByLabelText('Tipologia') as HTMLSelectElement).value).toBe('priv');
    // No official events for a teacher.
    expect(screen.queryByRole('option', { name: 'Ufficiale' })).toBeNull();
    expect(screen.getByLabelText('Fine iscrizioni').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Deve precedere l’inizio dell’evento.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Titolo'), { target: { value: 'Allenamento' } });
    const add = screen.getByRole('button', { name: 'Aggiungi problema' });
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.click(add);
    // Decimals the Italian way, like the help text above (0,005 = 0,5%).
    expect((screen.getByLabelText('Tolleranza di P1') as HTMLInputElement).value).toBe('0,005');
    expect((screen.getByLabelText('Soluzione di P3') as HTMLInputElement).value).toBe('0');
    fireEvent.change(screen.getByLabelText('Soluzione di P1'), { target: { value: '1,5' } });
    fireEvent.change(screen.getByLabelText('Soluzione di P3'), { target: { value: '3' } });
    // A dot is understood too.
    fireEvent.change(screen.getByLabelText('Tolleranza di P3'), { target: { value: '0.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sposta P1 giù' }));
    expect((screen.getByLabelText('Soluzione di P2') as HTMLInputElement).value).toBe('1,5');
    fireEvent.click(screen.getByRole('button', { name: 'Elimina P1' }));
    expect((screen.getByLabelText('Soluzione di P1') as HTMLInputElement).value).toBe('1,5');
    expect((screen.getByLabelText('Soluzione di P2') as HTMLInputElement).value).toBe('3');
    expect(screen.queryByLabelText('Soluzione di P3')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Crea evento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/evento/77/'));
    const body = sentTo(fetchMock, '/api/gas/evento/')[0] as Record<string, unknown>;
    expect(body).toMatchObject({
      titolo: 'Allenamento',
      tipologia: 'priv',
      PTI_TOLTI_ERRORE: 10,
      SCALING_BONUS_VELOCITA: 1,
      problemi: [
        { soluzione: 1.5, soluzione_exp: 0, intervallo_validita: 0.005, udm_soluzione: '' },
        { soluzione: 3, soluzione_exp: 0, intervallo_validita: 0.01, udm_soluzione: '' },
      ],
    });
    expect(body.inizio).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
    expect(Date.parse(body.fine as string) - Date.parse(body.inizio as string)).toBe(90 * 60_000);
  });

  it('the scoring parameters: integers with step 1, the scales with step 0.001', async () => {
    open('/nuovo-evento/', '/nuovo-evento', {}, 'nuovo');
    const toggle = await screen.findByLabelText(MOSTRA_PARAMETRI);
    expect(screen.queryByLabelText(/Bonus velocità/)).toBeNull();
    fireEvent.click(toggle);
    expect((screen.getByLabelText(/^Bonus velocità/) as HTMLInputElement).step).toBe('1');
    expect((screen.getByLabelText(/Scala del bonus velocità/) as HTMLInputElement).step).toBe(
      '0.001',
    );
    expect((screen.getByLabelText(/Scala del montepremi/) as HTMLInputElement).step).toBe('0.001');
    expect((screen.getByLabelText(/Punti tolti per ogni errore/) as HTMLInputElement).value).toBe(
      '10',
    );
  });

  it('refuses what the server refuses before sending, and maps server errors on the fields', async () => {
    const { fetchMock } = open(
      '/nuovo-evento/',
      '/nuovo-evento',
      { '/api/gas/evento/': () => jsonResponse({ titolo: ['Titolo già usato.'] }, 400) },
      'nuovo',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Crea evento' }));
    await waitFor(() => expect(screen.getByLabelText('Titolo').className).toContain('is-invalid'));
    expect(sentTo(fetchMock, '/api/gas/evento/')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Titolo'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crea evento' }));
    expect(await screen.findByText('Titolo già usato.')).toBeTruthy();
  });
});

describe('modifica-evento', () => {
  const esistente = evento(8, 86_400_000, {
    titolo: 'Allenamento di marzo',
    tipologia: 'pub',
    problemi: [
      {
        id: 81,
        nome: 'P1',
        ordine: 1,
        soluzione: 2,
        soluzione_exp: 1,
        intervallo_validita: 0.01,
        udm_soluzione: 'm',
      },
    ],
    amministratori_str: ['Daniela Docenti'],
    inseritori_str: [],
    file_problemi: {
      id: 3,
      evento: 7,
      tipologia: 'problemi',
      data: '2026-04-16T08:00:00Z',
      pubblico: true,
      pubblicato: true,
      dimensione: 2048,
      nome_file: 'testo.pdf',
      programmed_path_url: '/api/gas/file-programmato/3/contenuto/',
    },
    permessi: { ...NESSUN_PERMESSO, puo_modificare: true, puo_invitare: true },
  });

  it('edits the event, invites administrators and inseritori, and has the files section', async () => {
    const { fetchMock, router } = open(
      '/modifica-evento/8/',
      '/modifica-evento/:pk',
      {
        '/api/gas/evento/8/': (_u, init) =>
          init.method === 'PATCH' ? jsonResponse(esistente) : jsonResponse(esistente),
        '/api/gas/evento/8/invita/': () => new Response(null, { status: 204 }),
      },
      'modifica',
    );
    expect(await screen.findByRole('heading', { name: 'Modifica evento' })).toBeTruthy();
    expect((screen.getByLabelText('Titolo') as HTMLInputElement).value).toBe(
      'Allenamento di marzo',
    );
    expect((screen.getByLabelText('Soluzione di P1') as HTMLInputElement).value).toBe('2');
    expect(screen.getByText('Daniela Docenti')).toBeTruthy();

    const files = screen.getByRole('region', { name: 'Testo e soluzioni' });
    expect(within(files).getByText(SOSTITUISCI, { exact: false })).toBeTruthy();
    expect(within(files).getByRole('button', { name: 'Sostituisci' })).toBeTruthy();
    expect(within(files).getByRole('button', { name: 'Carica' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Aggiungi inseritore (e-mail)'), {
      target: { value: 'inseritore@gas.example' },
    });
    fireEvent.click(
      within(screen.getByLabelText('Aggiungi inseritore (e-mail)').closest('form')!).getByRole(
        'button',
        { name: 'Aggiungi' },
      ),
    );
    expect(await screen.findByText(/ora è inseritore dell’evento/)).toBeTruthy();
    expect(sentTo(fetchMock, '/api/gas/evento/8/invita/')).toEqual([
      { email: 'inseritore@gas.example', ruolo: 'ins' },
    ]);

    // Double entry (issue 17): off as the event was, switched on here.
    const doppia = screen.getByLabelText(DOPPIA_DIGITAZIONE) as HTMLInputElement;
    expect(doppia.checked).toBe(false);
    fireEvent.click(doppia);
    fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/evento/8/'));
    const [patch] = sentTo(fetchMock, '/api/gas/evento/8/', 'PATCH') as Record<string, unknown>[];
    expect(patch).toMatchObject({
      titolo: 'Allenamento di marzo',
      doppia_digitazione: true,
      problemi: [
        { id: 81, soluzione: 2, soluzione_exp: 1, intervallo_validita: 0.01, udm_soluzione: 'm' },
      ],
    });
  });

  it('a corrected solution is saved only after confirming what it changes (issue 27)', async () => {
    const anteprima = { risposte: 5, diventano_corrette: 2, diventano_errate: 1 };
    const { fetchMock, router } = open(
      '/modifica-evento/8/',
      '/modifica-evento/:pk',
      {
        '/api/gas/evento/8/': () => jsonResponse(esistente),
        '/api/gas/problema/81/anteprima-correzione/': () => jsonResponse(anteprima),
      },
      'modifica',
    );
    const soluzione = (await screen.findByLabelText('Soluzione di P1')) as HTMLInputElement;
    fireEvent.change(soluzione, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    const avviso = await screen.findByTestId('anteprima-correzione');
    expect(avviso.textContent).toContain(
      'P1: Con la nuova soluzione 2 risposte diventano corrette e 1 diventa errata (su 5 risposte date)',
    );
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost/'))
      .find((u) => u.pathname === '/api/gas/problema/81/anteprima-correzione/');
    expect(Object.fromEntries(asked!.searchParams)).toEqual({
      soluzione: '3',
      soluzione_exp: '1',
      intervallo_validita: '0.01',
    });
    // Nothing saved until confirmed; 'Annulla' saves nothing.
    expect(sentTo(fetchMock, '/api/gas/evento/8/', 'PATCH')).toEqual([]);
    fireEvent.click(within(avviso).getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByTestId('anteprima-correzione')).toBeNull();
    expect(sentTo(fetchMock, '/api/gas/evento/8/', 'PATCH')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    fireEvent.click(
      within(await screen.findByTestId('anteprima-correzione')).getByRole('button', {
        name: 'Conferma la correzione',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/evento/8/'));
    const [patch] = sentTo(fetchMock, '/api/gas/evento/8/', 'PATCH') as Record<string, unknown>[];
    expect(patch).toMatchObject({ problemi: [{ id: 81, soluzione: 3 }] });
  });

  it('saves at once when a corrected solution changes no stored verdict', async () => {
    const { fetchMock, router } = open(
      '/modifica-evento/8/',
      '/modifica-evento/:pk',
      {
        '/api/gas/evento/8/': () => jsonResponse(esistente),
        '/api/gas/problema/81/anteprima-correzione/': () =>
          jsonResponse({ risposte: 0, diventano_corrette: 0, diventano_errate: 0 }),
      },
      'modifica',
    );
    fireEvent.change(await screen.findByLabelText('Soluzione di P1'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/evento/8/'));
    expect(screen.queryByTestId('anteprima-correzione')).toBeNull();
    expect(sentTo(fetchMock, '/api/gas/evento/8/', 'PATCH')).toHaveLength(1);
  });

  it('finds any account by name and appoints it (issue 26)', async () => {
    const { fetchMock } = open(
      '/modifica-evento/8/',
      '/modifica-evento/:pk',
      {
        '/api/gas/evento/8/': esistente,
        '/api/gas/evento/8/candidati/': (url) =>
          jsonResponse({
            results:
              url.searchParams.get('q') === 'Nuoviss'
                ? [{ id: 12, nome: 'Giulia Nuovissima', username: 'g.nuovi', email: null }]
                : [],
          }),
        '/api/gas/evento/8/invita/': () => new Response(null, { status: 204 }),
      },
      'modifica',
    );
    const cerca = await screen.findByLabelText('Cerca chi nominare amministratore');
    fireEvent.change(cerca, { target: { value: 'Nu' } });
    expect(screen.getByText('Scrivi almeno 3 caratteri.')).toBeTruthy();
    fireEvent.change(cerca, { target: { value: 'Nessuno' } });
    expect(await screen.findByText(NESSUN_CANDIDATO)).toBeTruthy();
    fireEvent.change(cerca, { target: { value: 'Nuoviss' } });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Nomina Giulia Nuovissima amministratore' }),
    );
    expect(
      await screen.findByText('Fatto: Giulia Nuovissima ora è amministratore dell’evento.'),
    ).toBeTruthy();
    expect(sentTo(fetchMock, '/api/gas/evento/8/invita/')).toEqual([{ utente: 12, ruolo: 'adm' }]);
  });

  it('is refused to whoever may not edit the event', async () => {
    open(
      '/modifica-evento/8/',
      '/modifica-evento/:pk',
      {
        '/api/gas/evento/8/': { ...esistente, permessi: NESSUN_PERMESSO },
      },
      'modifica',
    );
    expect(await screen.findByText('403: Permesso negato')).toBeTruthy();
  });
});
