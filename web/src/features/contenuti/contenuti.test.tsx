import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../../api/auth';
import type { AlboEvento, Sito, Sponsor } from '@gas/contracts';
import { parseCollaboratori } from '../../api/sito';
import { type Handler, jsonResponse, mockFetch, page, renderApp } from '../../testing';
import { youtubeId } from '../home/VideoFacade';

const SITO: Sito = {
  map_tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  chat_url: null,
  home: {
    notizie: [
      { titolo: 'Al via l’edizione 2026', testo: 'Iscrizioni aperte.', data: '2025-11-10' },
    ],
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    chi_siamo_anteprima: 'Un gruppo di docenti.',
    regolamento_sintesi: 'Squadre di al massimo cinque studenti.',
  },
  regolamento: {
    '2026': { regolamento: '/d/2026/r.pdf', logistica: '/d/2026/l.pdf', poli: '/d/2026/p.pdf' },
    '2025': { regolamento: '/d/2025/r.pdf', logistica: '/d/2025/l.pdf' },
    '2024': { regolamento: '/d/2024/r.pdf', logistica: '/d/2024/l.pdf' },
  },
  webinar: ['2025-12-05', '2026-02-02', '2026-02-16', '2026-03-02'].map((data, i) => ({
    data,
    ora: '17:00',
    titolo: `Webinar ${i + 1}`,
    descrizione: '',
    link: '',
  })),
  finale: {
    inizio: '2026-04-15',
    fine: '2026-04-18',
    luogo: 'Senigallia (AN)',
    calendario: [{ data: '2026-04-15', descrizione: 'Accoglienza' }],
  },
  chi_siamo: {
    direzione: [{ nome: 'Maria Lanfranchi', ruolo: 'Direzione scientifica' }],
    docenti_formazione: [{ nome: 'Silvia Arena', affiliazione: 'Pisa' }],
    sviluppatori: [{ nome: 'Alberto Rinaldi' }],
    ringraziamenti: ['Le scuole'],
    docenti_scuole: [],
  },
};

const SPONSOR: Sponsor[] = ['Uno', 'Due', 'Tre'].map((name) => ({
  name,
  logo_url: `data:image/svg+xml,${name}`,
  website: `https://example.org/${name}`,
  description: `Sponsor ${name}`,
}));

function setup(path: string, handlers: Record<string, Handler> = {}) {
  mockFetch({
    '/api/ext-user/whoami/': ANONYMOUS_USER,
    '/api/gas/evento/': page([]),
    '/api/gas/sito/': SITO,
    '/api/gas/sponsor/': page(SPONSOR),
    ...handlers,
  });
  return renderApp(path);
}

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('home (spec §1)', () => {
  it('shows sponsors, news, video, teaser, rules, webinars and the final', async () => {
    setup('/');
    expect(await h1('Gara a Squadre di Fisica')).toBeTruthy();
    const sponsor = await screen.findByRole('region', { name: 'I nostri sponsor' });
    expect(await within(sponsor).findAllByRole('img')).toHaveLength(3);
    expect(await screen.findByText('Al via l’edizione 2026')).toBeTruthy();
    expect(screen.getByText('Un gruppo di docenti.')).toBeTruthy();
    expect(screen.getByText('Squadre di al massimo cinque studenti.')).toBeTruthy();
    const webinar = screen.getByRole('region', { name: 'Webinar di preparazione' });
    for (const day of ['5/12/2025', '2/2/2026', '16/2/2026', '2/3/2026']) {
      expect(within(webinar).getByText(day)).toBeTruthy();
    }
    const finale = screen.getByRole('region', { name: 'Finale nazionale' });
    expect(within(finale).getByText('15-18 aprile 2026')).toBeTruthy();
  });

  it('loads the video from youtube-nocookie only after the click', async () => {
    setup('/');
    const play = await screen.findByRole('button', { name: /Guarda il video/ }, { timeout: 5000 });
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(play);
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
  });

  it('reads YouTube ids from the usual link forms', () => {
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://example.org/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeId('non un link')).toBeNull();
  });

  it("shows 'Errore nel caricamento' with 'Riprova' when the settings are missing", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup('/', { '/api/gas/sito/': () => jsonResponse({ detail: 'Non trovato.' }, 404) });
    expect(await screen.findByText('Errore nel caricamento', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeTruthy();
  });
});

describe('rules, sponsors, credits', () => {
  it('lists the documents of 2026-2023, venues only where available', async () => {
    setup('/regolamento/');
    expect(await h1('Regolamento')).toBeTruthy();
    const y2026 = await screen.findByRole('region', { name: '2026' });
    expect(within(y2026).getByRole('link', { name: 'Regolamento 2026' }).getAttribute('href')).toBe(
      '/d/2026/r.pdf',
    );
    expect(within(y2026).getByRole('link', { name: 'Logistica 2026' })).toBeTruthy();
    expect(within(y2026).getByRole('link', { name: 'Poli locali 2026' })).toBeTruthy();
    const y2025 = screen.getByRole('region', { name: '2025' });
    expect(within(y2025).queryByRole('link', { name: /Poli/ })).toBeNull();
    const y2023 = screen.getByRole('region', { name: '2023' });
    expect(within(y2023).getByText('Documenti non disponibili.')).toBeTruthy();
  });

  it('sizes the sponsor logos by orientation', async () => {
    setup('/sponsor/');
    const logos = await screen.findAllByRole('img', {}, { timeout: 5000 });
    expect(logos).toHaveLength(3);
    const [landscape, portrait] = logos as HTMLImageElement[];
    Object.defineProperty(landscape, 'naturalWidth', { value: 320 });
    Object.defineProperty(landscape, 'naturalHeight', { value: 120 });
    Object.defineProperty(portrait, 'naturalWidth', { value: 140 });
    Object.defineProperty(portrait, 'naturalHeight', { value: 200 });
    fireEvent.load(landscape!);
    fireEvent.load(portrait!);
    expect(landscape!.className).toContain('sponsor-logo--landscape');
    expect(portrait!.className).toContain('sponsor-logo--portrait');
    expect(screen.getByRole('link', { name: 'Uno' }).getAttribute('href')).toBe(
      'https://example.org/Uno',
    );
  });

  it('parses the collaborators call (a JSON string) and shows the 16 most active', async () => {
    expect(parseCollaboratori('[{"nome":"A","contributi":3}]')).toEqual([
      { nome: 'A', contributi: 3 },
    ]);
    expect(() => parseCollaboratori('{}')).toThrow();
    const top = Array.from({ length: 16 }, (_, i) => ({
      nome: `Autore ${i + 1}`,
      contributi: 40 - i,
    }));
    setup('/about-us/', {
      // The server answers a JSON string holding the list: the mock JSON-encodes this string.
      '/api/gas/collaboratori/': JSON.stringify(top),
      '/api/top-contributors/': page(top),
    });
    expect(await h1('Chi siamo')).toBeTruthy();
    expect(
      await screen.findByText(/Un grazie speciale ai 16 collaboratori più attivi/),
    ).toBeTruthy();
    expect(screen.getByText(/Autore 1, Autore 2/)).toBeTruthy();
    expect(screen.getByText('Maria Lanfranchi')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sviluppatori' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ringraziamenti' })).toBeTruthy();
  });

  it("shows the podiums of the Albo d'oro", async () => {
    const albo: AlboEvento[] = [
      {
        id: 2,
        titolo: 'Gara di qualificazione',
        inizio: '2026-02-20T09:00:00Z',
        fine: '2026-02-20T11:00:00Z',
        anno: 2026,
        sessioni: [
          {
            id: 3,
            nome: 'Sessione Nord',
            squadre: 20,
            podio: [1, 2, 3].map((posizione) => ({
              posizione,
              id: posizione,
              nome: `Squadra ${posizione}`,
              totale: 1000 - posizione,
              scuola: { id: 9, nome: 'Liceo Volta', citta: 'Milano' },
            })),
          },
        ],
      },
    ];
    setup('/albo-d-oro/', { '/api/gas/albo-d-oro/': page(albo) });
    expect(
      await screen.findByRole('link', { name: 'Gara di qualificazione' }, { timeout: 5000 }),
    ).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1°Squadra 1Liceo Volta (Milano)999',
      '2°Squadra 2Liceo Volta (Milano)998',
      '3°Squadra 3Liceo Volta (Milano)997',
    ]);
  });

  it('shows the cookie policy', async () => {
    setup('/cookie-policy/');
    expect(await h1('Cookie policy')).toBeTruthy();
    expect(screen.getByText('sessionid')).toBeTruthy();
  });
});
