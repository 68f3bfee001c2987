// The first screen of a public page rendered by the server at request time
// (issue 29, item 3), with React's own server renderer and the page's own
// components: the scores page's title, event line, status and clock, painted
// as soon as the HTML arrives instead of after the app's code, its chunk and
// its data (Lighthouse's largest paint on a phone: 3.9 s). The server
// (server/src/plugins/prima-schermata.ts) loads this module from the build
// (`vite build --ssr`, web/dist-ssr/) and puts the page in index.html's
// <main>; the app keeps it on screen until its own page has rendered the same
// (shell/primaSchermata.tsx).
import type { Evento, Sessione } from '@gas/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryKeys } from '../api/queries';
import { createQueryClient } from '../api/queryClient';
import { Cornice } from '../components/Layout';
import PunteggiPage from '../features/punteggi/PunteggiPage';
import { ATTRIBUTO_PRIMA_SCHERMATA } from './primaSchermata';

// The frame every page starts from, rendered into index.html by the build (vite.config.ts).
export { renderGuscio } from './guscio';

/** What the scores page's first screen shows, as the API gives it to an anonymous visitor. */
export type DatiPunteggi = { sessione: Sessione; evento: Evento };

/**
 * The content of the frame's <main> for `percorso` (/sessione/{id}/punteggi/):
 * the page as the app renders it before its other answers arrive. No request
 * is made: a server render runs no effects, so the other queries stay pending.
 */
export function renderPunteggi(percorso: string, dati: DatiPunteggi): string {
  const client = createQueryClient();
  client.setQueryData(queryKeys.sessione(dati.sessione.id), dati.sessione);
  client.setQueryData(queryKeys.evento(dati.evento.id), dati.evento);
  const router = createMemoryRouter(
    [
      {
        path: '/sessione/:pk/punteggi/',
        element: (
          <Cornice>
            <div {...{ [ATTRIBUTO_PRIMA_SCHERMATA]: percorso }}>
              <PunteggiPage variant="standard" />
            </div>
          </Cornice>
        ),
      },
    ],
    { initialEntries: [percorso] },
  );
  const html = renderToString(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The page within the frame (index.html already has the frame).
  const start = html.indexOf(`<div ${ATTRIBUTO_PRIMA_SCHERMATA}=`);
  const end = html.lastIndexOf('</main>');
  if (start === -1 || end < start) throw new Error('pagina dei punteggi senza la sua cornice');
  return html.slice(start, end);
}

/**
 * The scores page before, during and after its contest, with made-up data:
 * the build's critical CSS (vite.config.ts) keeps the rules these use, so the
 * server's first screen looks the same before the full stylesheet arrives
 * (a rule missing there shows, then hides, the clock: a layout shift).
 */
export function renderEsempiPunteggi(): string {
  const ora = Date.now();
  const ore = 3_600_000;
  return [
    [ora + ore, ora + 3 * ore],
    [ora - ore, ora + ore],
    [ora - 3 * ore, ora - ore],
  ]
    .map(([inizio, fine], i) => {
      const tempi = {
        inizio: new Date(inizio!).toISOString(),
        fine: new Date(fine!).toISOString(),
      };
      // Only what the first screen reads: the page's header and its loading state.
      const sessione = {
        id: i + 1,
        nome: 'Sessione',
        evento: 1,
        numero_qualificati: null,
        poli: [],
        ...tempi,
      };
      const evento = { id: 1, titolo: 'Evento', tipologia: 'pub', ...tempi };
      return renderPunteggi(`/sessione/${i + 1}/punteggi/`, {
        sessione: sessione as unknown as Sessione,
        evento: evento as unknown as Evento,
      });
    })
    .join('');
}
