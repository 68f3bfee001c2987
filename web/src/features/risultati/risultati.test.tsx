// The results page (issue 28 item 3): podium without guests, the full ranking
// as the snapshot has it, venue rankings counted within the venue, the file
// links, the 404 of a session the visitor may not see, and the event card's
// link once the contest is over.
import type { ClassificaEntry } from '@gas/contracts';
import { computeLeaderboard, type ScoringEvent } from '@gas/scoring';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../../api/auth';
import {
  evento,
  eventiCompatti,
  type Handler,
  mockFetch,
  page,
  poloOut,
  renderApp,
  sessioneOut,
  squadra,
} from '../../testing';
import { classificaPolo, podio, righe, urlClassificaSessione } from './classifiche';

const HOUR = 3_600_000;
const PROBLEMI = [
  { id: 1, nome: 'P1' },
  { id: 2, nome: 'P2' },
];
const PISA = 41;
const BOLOGNA = 42;

/** Six teams: 105 a guest, two venues; a session that ended an hour ago. */
function fixture() {
  const inizio = new Date(Date.now() - 3 * HOUR).toISOString();
  const fine = new Date(Date.now() - HOUR).toISOString();
  const teams = [
    { id: 101, nome: 'Alfa', polo: PISA },
    { id: 102, nome: 'Beta', polo: BOLOGNA },
    { id: 103, nome: 'Gamma', polo: PISA },
    { id: 104, nome: 'Delta', polo: BOLOGNA },
    { id: 105, nome: 'Ospiti', polo: PISA, ospite: true },
    { id: 106, nome: 'Epsilon', polo: BOLOGNA, penalita: 10 },
  ];
  const t = (m: number) => new Date(Date.parse(inizio) + m * 60_000).toISOString();
  // The guest solves first and most: it must still be on no podium.
  const eventi: ScoringEvent[] = [
    { id: 1, k: 'r', s: 105, p: 1, c: true, d: t(1) },
    { id: 2, k: 'r', s: 105, p: 2, c: true, d: t(2) },
    { id: 3, k: 'r', s: 101, p: 1, c: true, d: t(3) },
    { id: 4, k: 'r', s: 101, p: 2, c: true, d: t(4) },
    { id: 5, k: 'r', s: 102, p: 1, c: true, d: t(5) },
    { id: 6, k: 'r', s: 103, p: 2, c: true, d: t(6) },
    { id: 7, k: 'r', s: 104, p: 2, c: false, d: t(7) },
  ];
  const board = computeLeaderboard({
    inizio,
    problemi: PROBLEMI,
    squadre: teams.map((s, i) => ({
      id: s.id,
      nome: s.nome,
      ordine_eta: i,
      ospite: s.ospite ?? false,
      penalita: s.penalita ?? 0,
      scuola: s.id + 100,
    })),
    eventi,
  });
  const polo = new Map(teams.map((s) => [s.id, s.polo]));
  const classifica: ClassificaEntry[] = board.classifica.map((e) => ({
    ...e,
    polo: polo.get(e.id) ?? null,
  })) as ClassificaEntry[];
  const json = {
    sessione: 7,
    evento: 3,
    nome: 'Sessione unica',
    inizio,
    fine,
    numero_qualificati: 2,
    ora: new Date().toISOString(),
    problemi: PROBLEMI,
    valori: board.valori,
    classifica,
    numero_eventi: eventi.length,
  };
  const handlers: Record<string, Handler> = {
    '/api/ext-user/whoami/': ANONYMOUS_USER,
    '/api/gas/evento/': page([]),
    '/api/gas/sessione/7/': sessioneOut({
      id: 7,
      nome: 'Sessione unica',
      evento: 3,
      inizio,
      fine,
      numero_qualificati: 2,
      poli: [PISA, BOLOGNA],
    }),
    '/api/gas/evento/3/': evento(3, 0, {
      titolo: 'Finale di prova',
      inizio,
      fine,
      sessioni: [
        { id: 7, nome: 'Sessione unica', ufficiale: true, numero_qualificati: 2 },
        { id: 8, nome: 'Sessione due', ufficiale: true, numero_qualificati: 2 },
      ],
    }),
    '/api/gas/sessione/7/punteggi/': page([{ ora: json.ora, json }]),
    '/api/gas/squadra/in_sessione/': page(
      teams.map((s) => ({
        ...squadra(s.id, 7, s.nome, `Liceo ${s.nome}`, 'Pisa'),
        polo: s.polo,
        ospite: s.ospite ?? false,
      })),
    ),
    '/api/gas/polo/': page([
      poloOut({ id: PISA, evento: 3, nome_breve: 'Polo di Pisa' }),
      poloOut({ id: BOLOGNA, evento: 3, nome_breve: 'Bologna' }),
    ]),
    ...eventiCompatti(7, inizio, eventi),
  };
  return { handlers, classifica };
}

beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.className = '';
});

describe('classifiche', () => {
  const { classifica } = fixture();
  const rows = righe(classifica, new Map());

  it('the podium leaves guests out', () => {
    expect(classifica[0]!.nome).toBe('Ospiti');
    expect(podio(rows).map((r) => [r.posizione, r.nome])).toEqual([
      [1, 'Alfa'],
      [2, 'Beta'],
      [3, 'Gamma'],
    ]);
  });

  it('teams tied on a podium place all stand on it', () => {
    const tied = rows.map((r) => (r.nome === 'Delta' ? { ...r, posizione: 3 } : r));
    expect(podio(tied).map((r) => r.nome)).toEqual(['Alfa', 'Beta', 'Gamma', 'Delta']);
  });

  it('a venue ranks its own teams, guests without a position', () => {
    const pisa = classificaPolo(classifica, PISA);
    expect(pisa.map((r) => [r.nome, r.posizione])).toEqual([
      ['Ospiti', null],
      ['Alfa', 1],
      ['Gamma', 2],
    ]);
    const bologna = classificaPolo(classifica, BOLOGNA);
    expect(bologna.map((r) => r.posizione)).toEqual([1, 2, 3]);
    // The session's snapshot is left as it was.
    expect(classifica.find((r) => r.nome === 'Gamma')!.posizione).toBe(3);
  });

  it('file addresses', () => {
    expect(urlClassificaSessione(7, 'csv')).toBe('/api/gas/sessione/7/classifica/?formato=csv');
    expect(urlClassificaSessione(7, 'pdf', 41)).toBe(
      '/api/gas/sessione/7/classifica/?formato=pdf&polo=41',
    );
  });
});

describe('RisultatiPage', () => {
  it('shows podium, ranking, venues and the files of a concluded session', async () => {
    const { handlers, classifica } = fixture();
    mockFetch(handlers);
    renderApp('/sessione/7/risultati/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Risultati – Sessione unica' }),
    ).toBeTruthy();
    expect(await screen.findByText('Classifica finale')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Finale di prova' }).getAttribute('href')).toBe(
      '/evento/3/',
    );

    const podioList = screen.getByTestId('podio');
    const posti = within(podioList).getAllByRole('listitem');
    expect(posti.map((li) => li.querySelector('.podio-nome')!.textContent)).toEqual([
      'Alfa',
      'Beta',
      'Gamma',
    ]);
    expect(posti[0]!.textContent).toContain('Liceo Alfa');

    // The full ranking: every team in the snapshot's order, the guest without a position.
    const completa = screen.getByRole('table', { name: /Classifica completa/ });
    const body = within(completa).getAllByTestId('riga-risultato');
    expect(body.map((tr) => within(tr).getByRole('rowheader').firstChild!.textContent)).toEqual(
      classifica.map((e) => e.nome),
    );
    const cells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(body[0]!)[0]).toBe('osp.');
    expect(cells(body[1]!)).toEqual([
      '1',
      'Liceo Alfa',
      'Pisa',
      'Polo di Pisa',
      '',
      String(classifica[1]!.totale),
    ]);
    // The penalty column, since one team has one; the threshold line under position 2.
    const epsilon = body.find((tr) => tr.textContent!.includes('Epsilon'))!;
    expect(cells(epsilon)).toContain('−10');
    expect(body[2]!.className).toContain('riga-soglia');

    // Venues, by name, each ranked within itself, with its own files.
    const bologna = screen.getByTestId(`polo-${BOLOGNA}`);
    const pisa = screen.getByTestId(`polo-${PISA}`);
    expect(bologna.compareDocumentPosition(pisa) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(pisa).getByRole('heading', { name: 'Classifica del Polo di Pisa' })).toBeTruthy();
    expect(
      within(bologna).getByRole('heading', { name: 'Classifica del polo Bologna' }),
    ).toBeTruthy();
    const pisaRows = within(pisa).getAllByTestId('riga-risultato');
    expect(pisaRows.map((tr) => cells(tr)[0])).toEqual(['osp.', '1', '2']);
    expect(
      within(pisa)
        .getByRole('link', { name: /Classifica del Polo di Pisa in PDF/ })
        .getAttribute('href'),
    ).toBe(`/api/gas/sessione/7/classifica/?formato=pdf&polo=${PISA}`);

    // The session's files and, with two sessions, the event's.
    const links = screen
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
      .filter((h) => h?.includes('/classifica/') && !h.includes('polo='));
    expect(links).toEqual([
      '/api/gas/sessione/7/classifica/?formato=csv',
      '/api/gas/sessione/7/classifica/?formato=xlsx',
      '/api/gas/sessione/7/classifica/?formato=pdf',
      '/api/gas/evento/3/classifica/?formato=xlsx',
      '/api/gas/evento/3/classifica/?formato=pdf',
    ]);
    // Certificates are the event administrators' (not a visitor's).
    expect(screen.queryByRole('link', { name: /Attestati/ })).toBeNull();
    // Printing leaves out the app's frame while the page is open.
    expect(document.body.classList.contains('stampa-risultati')).toBe(true);
  });

  it("offers each venue's certificates to the event's administrators once the contest is over", async () => {
    const { handlers } = fixture();
    handlers['/api/gas/evento/3/'] = {
      ...(handlers['/api/gas/evento/3/'] as object),
      permessi: {
        puo_modificare: true,
        puo_inserire: true,
        puo_consegnare: true,
        puo_cancellare_risposte: true,
        puo_scegliere_momento_consegna: true,
        puo_vedere_bigliettini: true,
        puo_invitare: true,
        puo_iscrivere_squadre: false,
      },
    };
    mockFetch(handlers);
    renderApp('/sessione/7/risultati/');
    const pisa = await screen.findByTestId(`polo-${PISA}`);
    expect(
      within(pisa)
        .getByRole('link', { name: /Attestati delle squadre/ })
        .getAttribute('href'),
    ).toBe(`/api/gas/sessione/7/attestati/?polo=${PISA}`);
  });

  it('while the contest runs the ranking is provisional', async () => {
    const { handlers } = fixture();
    const running = {
      ...(handlers['/api/gas/sessione/7/'] as object),
      fine: new Date(Date.now() + HOUR).toISOString(),
    };
    mockFetch({ ...handlers, '/api/gas/sessione/7/': running });
    renderApp('/sessione/7/risultati/');
    expect(await screen.findByText('Classifica provvisoria')).toBeTruthy();
    expect(screen.getByText(/^Aggiornata alle \d\d:\d\d:\d\d\.$/)).toBeTruthy();
  });

  it('before the start there is nothing to rank yet', async () => {
    const { handlers } = fixture();
    const later = {
      ...(handlers['/api/gas/sessione/7/'] as object),
      inizio: new Date(Date.now() + HOUR).toISOString(),
      fine: new Date(Date.now() + 3 * HOUR).toISOString(),
    };
    mockFetch({ ...handlers, '/api/gas/sessione/7/': later });
    renderApp('/sessione/7/risultati/');
    expect(
      await screen.findByText('La classifica sarà pubblicata qui all’inizio della gara.'),
    ).toBeTruthy();
    expect(screen.getByText(/^L'evento non è ancora iniziato\. Inizierà/)).toBeTruthy();
    expect(screen.queryByTestId('podio')).toBeNull();
  });

  it('a session the visitor may not see is not found', async () => {
    const { handlers } = fixture();
    const { '/api/gas/sessione/7/': _hidden, ...rest } = handlers;
    mockFetch(rest);
    renderApp('/sessione/7/risultati/');
    expect(await screen.findByRole('heading', { name: /404/ })).toBeTruthy();
    expect(screen.queryByTestId('podio')).toBeNull();
  });
});

describe('event card', () => {
  it("links each session's results once the contest is over", async () => {
    const passato = evento(3, -5 * HOUR, {
      titolo: 'Gara passata',
      sessioni: [
        { id: 7, nome: 'Nord', ufficiale: true, numero_qualificati: 2 },
        { id: 8, nome: 'Sud', ufficiale: true, numero_qualificati: 2 },
      ],
    });
    const futuro = evento(4, 5 * HOUR, { titolo: 'Gara futura' });
    mockFetch({
      '/api/ext-user/whoami/': ANONYMOUS_USER,
      '/api/gas/evento/': page([passato, futuro]),
    });
    renderApp('/eventi/');
    const card = await screen.findByTestId('evento-3');
    const links = within(card).getAllByRole('link', { name: /^Risultati/ });
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Risultati – Nord', '/sessione/7/risultati/'],
      ['Risultati – Sud', '/sessione/8/risultati/'],
    ]);
    expect(
      within(screen.getByTestId('evento-4')).queryByRole('link', { name: /Risultati/ }),
    ).toBeNull();
  });
});
