import type { Sessione } from '@gas/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  page,
  renderPage,
  sentTo,
  squadra,
  user,
  sessioneOut,
} from '../../testing';
import { BigliettiniConsegnaTab, IN_CORSO, PDF_FALLITO, PDF_VUOTO } from './BigliettiniConsegnaTab';

const b64 = (s: string) => btoa(s);
const polo = (id: number, nome: string, email: string) => ({
  id,
  evento: 1,
  nome_breve: nome,
  descrizione: '',
  indirizzo: '',
  responsabili: [{ first_name: 'R', last_name: 'R', email }],
  capacita_massima_squadre: null,
  latitude: null,
  longitude: null,
  citta: null,
});

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(
  biglietti: Handler,
  who = user('admin', { is_superuser: true }),
  sessione: Partial<Sessione> = {},
) {
  const teams = [
    { ...squadra(1, 10, 'Zeta & co', 'L', 'Pisa'), polo: 1 },
    { ...squadra(2, 10, 'Alfa_1', 'L', 'Pisa'), polo: 1 },
    { ...squadra(3, 10, 'Gamma', 'L', 'Roma'), polo: 2 },
  ];
  const fetchMock = mockFetch({
    '/api/ext-user/whoami/': who,
    '/api/gas/sessione/10/': sessioneOut({
      id: 10,
      nome: 'Sessione',
      evento: 1,
      poli: [1, 2],
      ...sessione,
    }),
    '/api/gas/polo/': page([
      polo(1, 'Polo di Pisa', 'pisa@example.org'),
      polo(2, 'Polo di Roma', 'roma@example.org'),
      polo(3, 'Altra sessione', 'x'),
    ]),
    '/api/gas/squadra/in_sessione/': page(teams),
    '/api/gas/biglietti-consegna/': biglietti,
  });
  renderPage(<BigliettiniConsegnaTab sessioneId={10} />);
  return fetchMock;
}

describe('Bigliettini consegna tab', () => {
  it('renders the PDF of the chosen venue inline, with the waiting message meanwhile', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = open(() => new Promise<Response>((resolve) => (answer = resolve)));
    const select = (await screen.findByLabelText('Polo')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'Scegli il polo',
      'Polo di Pisa (2 squadre)',
      'Polo di Roma (1 squadra)',
    ]);
    fireEvent.change(select, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Renderizza' }));
    expect(await screen.findByText(IN_CORSO)).toBeTruthy();
    answer(jsonResponse({ success: true, pdf_b64: b64('%PDF-1.5 ...'), log_b64: '', source: 'x' }));
    await waitFor(() =>
      expect(document.querySelector('object[type="application/pdf"]')).toBeTruthy(),
    );
    expect(document.querySelector('object')!.getAttribute('data')).toBe('blob:pdf');
    expect(screen.queryByText(IN_CORSO)).toBeNull();
    expect(sentTo(fetchMock, '/api/gas/biglietti-consegna/')).toEqual([
      { squadre: ['Alfa_1', 'Zeta & co'], content: 'pdf', sessione: 10 },
    ]);
  });

  it('shows the source to copy', async () => {
    open(() =>
      jsonResponse({ success: true, pdf_b64: '', log_b64: '', source: '\\documentclass{article}' }),
    );
    fireEvent.change(await screen.findByLabelText('Polo'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('Codice sorgente'));
    fireEvent.click(screen.getByRole('button', { name: 'Renderizza' }));
    expect(await screen.findByText('\\documentclass{article}')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copia il sorgente' })).toBeTruthy();
    expect(screen.queryByText(IN_CORSO)).toBeNull();
  });

  it('shows the log when the compilation fails or the PDF is empty', async () => {
    open(() =>
      jsonResponse({
        success: false,
        pdf_b64: '',
        log_b64: b64('! Undefined control sequence.'),
        source: 'x',
      }),
    );
    fireEvent.change(await screen.findByLabelText('Polo'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Renderizza' }));
    expect(await screen.findByText(PDF_FALLITO)).toBeTruthy();
    expect(screen.getByText('! Undefined control sequence.')).toBeTruthy();
    cleanup();

    open(() => jsonResponse({ success: true, pdf_b64: '', log_b64: b64('log'), source: 'x' }));
    fireEvent.change(await screen.findByLabelText('Polo'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Scarica' }));
    expect(await screen.findByText(PDF_VUOTO)).toBeTruthy();
  });

  it('shows the refusal on official contest days', async () => {
    open(() =>
      jsonResponse(
        { detail: 'La generazione dei bigliettini è disabilitata nei giorni di gara ufficiale.' },
        403,
      ),
    );
    fireEvent.change(await screen.findByLabelText('Polo'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Renderizza' }));
    expect(await screen.findByText(/disabilitata nei giorni di gara ufficiale/)).toBeTruthy();
  });

  it('a venue manager sees his own venue', async () => {
    open(() => jsonResponse({}), user('referente', { email: 'roma@example.org' }));
    const select = (await screen.findByLabelText('Polo')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'Scegli il polo',
      'Polo di Roma (1 squadra)',
    ]);
    expect(select.value).toBe('2');
    // Before the end there are no certificates to make.
    expect(screen.queryByRole('link', { name: /Attestati/ })).toBeNull();
  });

  it("once the contest is over, a venue manager downloads his venue's certificates", async () => {
    const ieri = Date.now() - 86_400_000;
    open(() => jsonResponse({}), user('referente', { email: 'roma@example.org' }), {
      inizio: new Date(ieri).toISOString(),
      fine: new Date(ieri + 7_200_000).toISOString(),
    });
    const link = await screen.findByRole('link', {
      name: 'Attestati delle squadre del Polo di Roma (PDF)',
    });
    expect(link.getAttribute('href')).toBe('/api/gas/sessione/10/attestati/?polo=2');
  });
});
