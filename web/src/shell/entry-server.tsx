// The first screen of a public page rendered by the server at request time
// (issue 29, item 3), with React's own server renderer and the page's own
// components: the scores page's title, event line, status and clock, the
// commentary's, the results' (with their ranking), an event's page, the
// event lists and the home page, painted as soon as the HTML
// arrives instead of after the app's code, its chunk and its data
// (Lighthouse's largest paint on a phone: 3-4 s). The server
// (server/src/plugins/prima-schermata.ts) loads this module from the build
// (`vite build --ssr`, web/dist-ssr/) and puts the app's HTML for that page
// in index.html's #root, in place of the build's frame; the browser hydrates
// it (main.tsx, shell/App.tsx): the same tree, no element made again.
import {
  FILTRO_EVENTI_UFFICIALI,
  type Evento,
  type PunteggiItem,
  type Sessione,
  type Sito,
  type Sponsor,
  type Squadra,
} from '@gas/contracts';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { caricaSchedeDipinte } from '../features/punteggi/ScoresTabs';
import { seasonOf } from '../lib/seasons';
import { routes } from '../routes';
import { App } from './App';
import { preloadPageAt } from './lazyPage';
import { dipingiCon, seminaDatiPagina, type DatiPagina } from './primaSchermata';

// The frame every page starts from, rendered into index.html by the build (vite.config.ts).
export { renderGuscio } from './guscio';

// The scores page's painted tabs render their charts' chunks at once (renderToString does not wait).
await caricaSchedeDipinte();

/** The pages the server paints (the app's routes render them: routes.tsx). */
const PAGINE = [
  '/',
  '/sessione/:pk/punteggi/',
  '/sessione/:pk/punteggi/telecronaca/',
  '/sessione/:pk/risultati/',
  '/evento/:pk/',
  '/eventi/',
  '/eventi/anno/:anno/',
  '/eventi/non-ufficiali/',
].map((path) => ({ path }));

// Their chunks, loaded before the first render: renderToString does not wait,
// and the app's own first render has the page's chunk too (main.tsx).
await Promise.all(PAGINE.map(({ path }) => preloadPageAt(routes, path)));

/**
 * The content of the app's #root for `percorso` (its path and query): the
 * app as it renders that page before its other answers arrive, which the
 * browser hydrates; null for a page not painted. No request is made: a
 * server render runs no effects, so the queries not in `dati` stay pending.
 */
export function renderPagina(percorso: string, dati: DatiPagina): string | null {
  if (!matchRoutes(PAGINE, new URL(percorso, 'http://x').pathname)) return null;
  const client = createQueryClient();
  seminaDatiPagina(client, dati);
  const router = createMemoryRouter(routes, { initialEntries: [percorso] });
  return dipingiCon(dati, () => renderToString(<App client={client} router={router} dipinta />));
}

/** The home page's every part, with made-up content (a news card, the video's poster, a webinar, the final). */
const ESEMPIO_HOME: { sito: Sito; sponsor: Sponsor[] } = {
  sito: {
    home: {
      notizie: [{ titolo: 'Notizia', testo: 'Testo', data: '2026-01-01' }],
      video_url: 'https://www.youtube.com/watch?v=jNQXAC9IVRw',
      chi_siamo_anteprima: 'Chi siamo',
      regolamento_sintesi: 'Regolamento',
    },
    webinar: [{ data: '2026-01-01', ora: '15:00', titolo: 'Webinar', descrizione: '', link: '' }],
    finale: {
      inizio: '2026-04-15',
      fine: '2026-04-18',
      luogo: 'Luogo',
      calendario: [{ data: '2026-04-15', descrizione: 'Gara' }],
    },
    regolamento: null,
    chi_siamo: null,
    map_tile_url: '',
    chat_url: null,
  },
  sponsor: [{ name: 'Sponsor', logo_url: '/favicon.svg', website: '', description: '' }],
};

/**
 * Each painted page before, during and after its contest, with made-up data:
 * the build's critical CSS (vite.config.ts) keeps the rules these use, so the
 * server's first screen looks the same before the full stylesheet arrives
 * (a rule missing there shows, then hides, the clock: a layout shift).
 */
export function renderEsempi(): string {
  const ora = Date.now();
  const ore = 3_600_000;
  return [
    [ora + ore, ora + 3 * ore],
    [ora - ore, ora + ore],
    [ora - 3 * ore, ora - ore],
  ]
    .flatMap(([inizio, fine], i) => {
      const tempi = {
        inizio: new Date(inizio!).toISOString(),
        fine: new Date(fine!).toISOString(),
      };
      const id = i + 1;
      // Only what the first screens read; the rest of an event is empty.
      const sessione = {
        id,
        nome: 'Sessione',
        evento: id,
        numero_qualificati: null,
        poli: [],
        ...tempi,
      };
      const evento = {
        id,
        titolo: 'Evento',
        descrizione: 'Descrizione',
        tipologia: 'pub',
        ufficiale: false,
        problemi: [],
        sessioni: [{ id, nome: 'Sessione', ufficiale: false, numero_qualificati: null }],
        poli: [],
        permessi: {},
        ...tempi,
      };
      // A ranking of two teams, one with its school: the scores page's list and
      // tabs' select (Bootstrap's form rules), the results' table and podium.
      const classifica = [1, 2].map((posizione) => ({
        posizione,
        id: posizione,
        nome: `Squadra ${posizione}`,
        ospite: false,
        totale: 100 - posizione,
        punti_parziali: [],
        solved: [],
        new: [],
        jolly: null,
        penalita: 0,
        polo: null,
      }));
      const dati = {
        sessione: sessione as unknown as Sessione,
        evento: evento as unknown as Evento,
        classifica: {
          ora: tempi.inizio,
          json: { sessione: id, problemi: [], valori: [], classifica },
        } as unknown as PunteggiItem,
        squadre: [
          { id: 1, nome: 'Squadra 1', scuola: { nome: 'Scuola', indirizzo: { citta: null } } },
        ] as unknown as Squadra[],
        // The lists: the event in its block (coming, or past), with its season's links.
        eventi: { filtro: FILTRO_EVENTI_UFFICIALI, lista: [evento as unknown as Evento] },
        ...ESEMPIO_HOME,
      };
      const anno = String(seasonOf(new Date(inizio!)));
      return PAGINE.map(
        ({ path }) =>
          renderPagina(path.replace(':pk', String(id)).replace(':anno', anno), dati) ?? '',
      );
    })
    .join('');
}
