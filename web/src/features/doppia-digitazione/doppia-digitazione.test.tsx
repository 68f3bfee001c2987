import type { DigitazioneOut, EventoPermessi } from '@gas/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  evento,
  jsonResponse,
  mockFetch,
  NESSUN_PERMESSO,
  page,
  renderPage,
  sentTo,
  sessioneOut,
  user,
} from '../../testing';
import { coppieDiscordanti } from './api';
import DoppiaDigitazionePage, {
  NESSUNA_DISCORDANTE,
  NON_ATTIVA,
  SOLO_STAFF,
} from './DoppiaDigitazionePage';

const ADMIN: EventoPermessi = { ...NESSUN_PERMESSO, puo_inserire: true, puo_modificare: true };
const INSERITORE: EventoPermessi = { ...NESSUN_PERMESSO, puo_inserire: true };

function digitazione(id: number, extra: Partial<DigitazioneOut> = {}): DigitazioneOut {
  return {
    id,
    sessione: 10,
    squadra: 1,
    squadra_nome: 'Alfa',
    problema: 101,
    problema_nome: 'P1',
    valore: '12',
    valore_exp: 0,
    momento_consegna: '2026-04-15T08:10:05Z',
    ricevuta: '2026-04-15T08:10:06Z',
    utente: 7,
    utente_nome: 'Ines Inserti',
    stato: 'in_attesa',
    abbinata_a: null,
    risposta: null,
    risolta_da_nome: null,
    risolta_il: null,
    decisione: null,
    valore_registrato: null,
    valore_registrato_exp: null,
    ...extra,
  };
}

const discordanti = [
  digitazione(1, { stato: 'discordante', abbinata_a: 2, valore: '17' }),
  digitazione(2, {
    stato: 'discordante',
    abbinata_a: 1,
    valore: '71',
    utente: 8,
    utente_nome: 'Aldo Amati',
  }),
];

function setup(permessi: EventoPermessi, lista: DigitazioneOut[], doppia = true) {
  const fetchMock = mockFetch({
    '/api/ext-user/whoami/': user('inseritore', { id: 7 }),
    '/api/gas/sessione/10/': sessioneOut({ id: 10, nome: 'Sessione 1', evento: 1, poli: [] }),
    '/api/gas/evento/1/': evento(1, -10 * 60_000, { permessi, doppia_digitazione: doppia }),
    '/api/gas/digitazione/': page(lista),
    '/api/gas/digitazione/1/risolvi/': (_url, init) =>
      jsonResponse({ ...discordanti[0], ...JSON.parse(String(init.body)), stato: 'risolta' }),
    '/api/gas/digitazione/3/': () => new Response(null, { status: 204 }),
  });
  renderPage(<DoppiaDigitazionePage />, {
    path: '/sessione/10/doppia-digitazione/',
    route: '/sessione/:pk/doppia-digitazione',
  });
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('coppieDiscordanti', () => {
  it('pairs the two typings of each slip once, older first, and skips the rest', () => {
    const lista = [
      discordanti[1]!,
      digitazione(3),
      discordanti[0]!,
      digitazione(5, { stato: 'discordante', abbinata_a: 99 }),
    ];
    expect(coppieDiscordanti(lista).map(([a, b]) => [a.id, b.id])).toEqual([[1, 2]]);
  });
});

describe('DoppiaDigitazionePage', () => {
  it('an administrator accepts one of two readings', async () => {
    const fetchMock = setup(ADMIN, discordanti);
    const coppia = await screen.findByRole('listitem');
    expect(within(coppia).getByText('Alfa · P1')).toBeTruthy();
    fireEvent.click(within(coppia).getByRole('button', { name: 'Accetta 71' }));
    await waitFor(() =>
      expect(sentTo(fetchMock, '/api/gas/digitazione/1/risolvi/')).toEqual([
        { azione: 'accetta', digitazione: 2 },
      ]),
    );
  });

  it('an administrator types the value read on the slip, with its exponent', async () => {
    const fetchMock = setup(ADMIN, discordanti);
    await screen.findByRole('listitem');
    fireEvent.change(screen.getByLabelText('Valore letto sul foglio'), {
      target: { value: '7,1' },
    });
    fireEvent.change(screen.getByLabelText('Esponente'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registra il valore corretto' }));
    await waitFor(() =>
      expect(sentTo(fetchMock, '/api/gas/digitazione/1/risolvi/')).toEqual([
        { azione: 'correggi', valore: '7,1', valore_exp: 1 },
      ]),
    );
  });

  it('an inseritore sees the pairs but cannot decide; he removes his own waiting typing only', async () => {
    const fetchMock = setup(INSERITORE, [
      ...discordanti,
      digitazione(3, { squadra_nome: 'Beta' }),
      digitazione(4, { squadra_nome: 'Gamma', utente: 8, utente_nome: 'Aldo Amati' }),
    ]);
    await screen.findByRole('listitem');
    expect(screen.queryByRole('button', { name: /^Accetta/ })).toBeNull();
    expect(screen.getByText('Le risolvono gli amministratori dell’evento.')).toBeTruthy();
    const attesa = screen.getByRole('table', { name: /In attesa della seconda digitazione/ });
    const beta = within(attesa).getByRole('row', { name: /Beta/ });
    const gamma = within(attesa).getByRole('row', { name: /Gamma/ });
    expect(within(gamma).queryByRole('button')).toBeNull();
    fireEvent.click(within(beta).getByRole('button', { name: 'Elimina' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Conferma' }));
    await waitFor(() =>
      expect(sentTo(fetchMock, '/api/gas/digitazione/3/', 'DELETE')).toHaveLength(1),
    );
  });

  it('lists each decision: the readings, which one was accepted, by whom, the value stored', async () => {
    const decisa = {
      stato: 'risolta' as const,
      risolta_da_nome: 'Anna Amministra',
      risolta_il: '2026-04-15T08:20:00Z',
      valore_registrato: '71',
      valore_registrato_exp: 0,
    };
    setup(ADMIN, [
      digitazione(1, { ...decisa, abbinata_a: 2, valore: '17', decisione: 'altra_accettata' }),
      digitazione(2, {
        ...decisa,
        abbinata_a: 1,
        valore: '71',
        utente_nome: 'Aldo Amati',
        decisione: 'accettata',
      }),
      digitazione(5, {
        stato: 'scartata',
        abbinata_a: 6,
        squadra_nome: 'Beta',
        decisione: 'scartata',
        risolta_da_nome: 'Anna Amministra',
        risolta_il: '2026-04-15T08:10:00Z',
      }),
      digitazione(6, {
        stato: 'scartata',
        abbinata_a: 5,
        squadra_nome: 'Beta',
        decisione: 'scartata',
        risolta_da_nome: 'Anna Amministra',
        risolta_il: '2026-04-15T08:10:00Z',
      }),
    ]);
    const tabella = await screen.findByRole('table', { name: 'Decisioni degli amministratori' });
    const righe = within(tabella).getAllByRole('row').slice(1);
    expect(righe).toHaveLength(2);
    const alfa = righe[0]!;
    expect(alfa.textContent).toContain('Accettata la lettura di Aldo Amati');
    expect(alfa.textContent).toContain('Anna Amministra');
    const celle = within(alfa).getAllByRole('cell');
    expect(celle[2]!.textContent).toMatch(/17.*Ines Inserti.*71.*Aldo Amati.*accettata/);
    expect(celle[4]!.textContent).toBe('71');
    expect(righe[1]!.textContent).toContain('Scartate entrambe');
    expect(within(righe[1]!).getAllByRole('cell')[4]!.textContent).toBe('—');
  });

  it('says when there is nothing to decide and when double entry is off', async () => {
    setup(ADMIN, [], false);
    expect(await screen.findByText(NESSUNA_DISCORDANTE)).toBeTruthy();
    expect(screen.getByText(NON_ATTIVA)).toBeTruthy();
  });

  it('is for the event staff only', async () => {
    setup(NESSUN_PERMESSO, discordanti);
    expect(await screen.findByText(SOLO_STAFF)).toBeTruthy();
  });
});
