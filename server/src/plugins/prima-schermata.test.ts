// Public pages' first screen (prima-schermata.ts) with a stand-in for the web
// build's renderer: which paths are painted from which reads, what is kept
// and for how long, that a failure costs the first screen, never the page,
// and how the page and its answers go into index.html. The real renderer
// against the real server: e2e/prima-schermata.spec.ts.
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import {
  conPagina,
  creaPrimaSchermata,
  type DatiPagina,
  type LettoriPagina,
} from './prima-schermata';

const log = pino({ level: 'silent' });
const SESSIONE = { sessione: { id: 4, nome: 'Finale </script><b>' }, evento: { id: 2 } };
const CON_CLASSIFICA = {
  ...SESSIONE,
  classifica: {
    ora: '2026-11-27T10:00:00.000Z',
    json: { classifica: [{ id: 7, nome: 'Fotoni' }] },
  },
  squadre: [{ id: 7, nome: 'Fotoni' }],
  poli: [],
  sito: { map_tile_url: 'https://tiles.example.org/{z}/{x}/{y}.png' },
};

const HOME = { sito: { home: { notizie: [] } }, sponsor: [{ name: 'Fondazione' }] };

function crea(lettori: Partial<LettoriPagina> = {}, ttlMs = 1000, maxCaratteri?: number) {
  const renderPagina = vi.fn((percorso: string, dati: DatiPagina) =>
    percorso.includes('/sconosciuta/')
      ? null
      : `<div data-prima-schermata="${percorso}">${JSON.stringify(dati)}</div>`,
  );
  const sessione = vi.fn(lettori.sessione ?? (async () => SESSIONE));
  const evento = vi.fn(lettori.evento ?? (async () => ({ evento: { id: 2 } })));
  const conClassifica = vi.fn(lettori.conClassifica ?? (async () => CON_CLASSIFICA));
  const eventi = vi.fn(
    lettori.eventi ??
      (async (quali: 'ufficiali' | 'non-ufficiali') => ({
        eventi: { filtro: quali, lista: [{ id: 2 }] },
      })),
  );
  const home = vi.fn(lettori.home ?? (async () => HOME));
  const schermata = creaPrimaSchermata({
    renderer: async () => ({ renderPagina }),
    lettori: { sessione, evento, conClassifica, eventi, home },
    log,
    ttlMs,
    maxCaratteri,
  });
  return {
    prima: schermata.pagina,
    svuota: schermata.svuota,
    renderPagina,
    sessione,
    evento,
    conClassifica,
    eventi,
    home,
  };
}

describe('the first screen of public pages', () => {
  it('paints the scores page, the commentary, the results and an event, from their reads', async () => {
    const { prima, sessione, evento, conClassifica } = crea();
    const telecronaca = await prima('/sessione/4/punteggi/telecronaca/');
    expect(telecronaca?.pagina).toContain(
      'data-prima-schermata="/sessione/4/punteggi/telecronaca/"',
    );
    expect(JSON.parse(telecronaca!.dati)).toEqual({ ...SESSIONE, ora: expect.any(Number) });
    expect(sessione.mock.calls).toEqual([[4]]);
    expect((await prima('/evento/2/'))?.pagina).toContain('"evento":{"id":2}');
    expect(evento.mock.calls).toEqual([[2]]);
    // The scores page and the results with their ranking: the session's, its
    // teams' and its venues' answers.
    for (const percorso of ['/sessione/4/punteggi/', '/sessione/4/risultati/']) {
      const pagina = await prima(percorso);
      expect(pagina?.pagina).toContain(`data-prima-schermata="${percorso}"`);
      expect(JSON.parse(pagina!.dati)).toEqual({ ...CON_CLASSIFICA, ora: expect.any(Number) });
    }
    expect(conClassifica.mock.calls).toEqual([[4], [4]]);
    expect(sessione).toHaveBeenCalledTimes(1);
  });

  it("paints the event lists from their list's events: the official ones for 'Eventi' and its seasons", async () => {
    const { prima, eventi } = crea();
    for (const [percorso, quali] of [
      ['/eventi/', 'ufficiali'],
      ['/eventi/anno/2026/', 'ufficiali'],
      ['/eventi/non-ufficiali/', 'non-ufficiali'],
    ] as const) {
      const pagina = await prima(percorso);
      expect(pagina?.pagina, percorso).toContain(`data-prima-schermata="${percorso}"`);
      expect(JSON.parse(pagina!.dati), percorso).toEqual({
        eventi: { filtro: quali, lista: [{ id: 2 }] },
        ora: expect.any(Number),
      });
    }
    expect(eventi.mock.calls).toEqual([['ufficiali'], ['ufficiali'], ['non-ufficiali']]);
  });

  it("paints home from the site's settings and its sponsors", async () => {
    const { prima, home } = crea();
    const pagina = await prima('/');
    expect(pagina?.pagina).toContain('data-prima-schermata="/"');
    expect(JSON.parse(pagina!.dati)).toEqual({ ...HOME, ora: expect.any(Number) });
    expect(home).toHaveBeenCalledTimes(1);
  });

  it('paints nothing else, nor an id the database cannot hold', async () => {
    const { prima, sessione, evento, conClassifica, eventi, home } = crea();
    for (const other of [
      '//',
      '/index.html',
      '/eventi',
      '/eventi/anno/abc/',
      '/eventi/anno/20260/',
      '/eventi/altri/',
      '/sessione/4/punteggi',
      '/sessione/4/punteggi/scuola/3/',
      '/sessione/4/punteggi/standard-model/',
      '/sessione/4/orologio/',
      '/evento/2/consegna-risposte/',
      '/sessione/0/punteggi/',
      '/sessione/2147483648/punteggi/',
      '/sessione/99999999999/punteggi/',
      '/sessione/4/risultati',
      '/sessione/2147483648/risultati/',
      '/evento/abc/',
    ]) {
      expect(await prima(other), other).toBeNull();
    }
    expect(sessione).not.toHaveBeenCalled();
    expect(evento).not.toHaveBeenCalled();
    expect(conClassifica).not.toHaveBeenCalled();
    expect(eventi).not.toHaveBeenCalled();
    expect(home).not.toHaveBeenCalled();
  });

  it('paints nothing the anonymous public may not see, nor a list too long', async () => {
    const { prima, renderPagina } = crea({
      sessione: async () => null,
      evento: async () => null,
      conClassifica: async () => null,
      eventi: async () => null,
    });
    expect(await prima('/eventi/')).toBeNull();
    expect(await prima('/sessione/4/punteggi/')).toBeNull();
    expect(await prima('/sessione/4/risultati/')).toBeNull();
    expect(await prima('/evento/2/')).toBeNull();
    expect(renderPagina).not.toHaveBeenCalled();
  });

  it('sends the answers it painted from as JSON no script can break out of', async () => {
    const { prima } = crea();
    const pagina = (await prima('/sessione/4/punteggi/telecronaca/'))!;
    expect(pagina.dati).not.toContain('<');
    expect(JSON.parse(pagina.dati)).toEqual({ ...SESSIONE, ora: expect.any(Number) });
  });

  it('paints at the instant its answers carry: the browser hydrates the page at that instant', async () => {
    const { prima, renderPagina } = crea();
    const prova = Date.now();
    const pagina = (await prima('/sessione/4/punteggi/'))!;
    const { ora } = JSON.parse(pagina.dati) as { ora: number };
    expect(ora).toBeGreaterThanOrEqual(prova);
    expect(ora).toBeLessThanOrEqual(Date.now());
    expect(renderPagina.mock.calls[0]![1].ora).toBe(ora);
  });

  it('renders once for concurrent visitors and keeps the page for its time only', async () => {
    const { prima, sessione, renderPagina } = crea({}, 200);
    const pagine = await Promise.all(
      Array.from({ length: 20 }, () => prima('/sessione/4/punteggi/telecronaca/')),
    );
    expect(new Set(pagine.map((p) => p?.pagina)).size).toBe(1);
    expect(sessione).toHaveBeenCalledTimes(1);
    await prima('/sessione/4/punteggi/telecronaca/');
    expect(renderPagina).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await prima('/sessione/4/punteggi/telecronaca/');
    expect(renderPagina).toHaveBeenCalledTimes(2);
  });

  it('keeps pages up to a total size: a page too large is served, not kept', async () => {
    const { prima, renderPagina } = crea({}, 60_000, 400);
    const grande = await prima('/sessione/4/risultati/');
    expect(grande!.pagina.length + grande!.dati.length).toBeGreaterThan(400);
    // Served again, painted again (at its own instant).
    expect((await prima('/sessione/4/risultati/'))?.pagina).toContain('/sessione/4/risultati/');
    expect(renderPagina).toHaveBeenCalledTimes(2);
    await prima('/evento/2/');
    await prima('/evento/2/');
    expect(renderPagina).toHaveBeenCalledTimes(3);
  });

  it('forgets every page at once when told that what they show changed', async () => {
    const { prima, svuota, renderPagina } = crea({}, 60_000);
    await prima('/sessione/4/punteggi/telecronaca/');
    await prima('/evento/2/');
    svuota();
    await prima('/sessione/4/punteggi/telecronaca/');
    await prima('/evento/2/');
    expect(renderPagina).toHaveBeenCalledTimes(4);
  });

  it('a failed read or render costs the first screen, not the page', async () => {
    const { prima } = crea({
      sessione: async () => {
        throw new Error('database down');
      },
    });
    expect(await prima('/sessione/4/punteggi/telecronaca/')).toBeNull();
  });

  it('puts the page in place of the build’s frame in #root, then the mark the first paint waits for, and its answers at the end of the body', () => {
    const index =
      '<body><div id="root"><nav>n</nav><main id="contenuto" class="x"><div class="page-loading"></div></main><footer>f</footer><!--fine-guscio--></div><link rel="stylesheet" href="/a.css"></body>';
    expect(conPagina(index, { pagina: '<nav>n</nav><h1>Finale</h1>', dati: '{"a":1}' })).toBe(
      '<body><div id="root"><nav>n</nav><h1>Finale</h1></div><div id="fine-prima-schermata" hidden></div><link rel="stylesheet" href="/a.css"><script type="application/json" id="dati-prima-schermata">{"a":1}</script></body>',
    );
    expect(conPagina('<body>senza root</body>', { pagina: '<h1>x</h1>', dati: '{}' })).toBe(
      '<body>senza root</body>',
    );
  });
});
