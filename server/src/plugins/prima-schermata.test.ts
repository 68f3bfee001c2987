// The scores page's first screen (prima-schermata.ts) with a stand-in for the
// web build's renderer: which paths are painted, what is kept and for how
// long, and that a failure costs the first screen, never the page. The real
// renderer against the real server: e2e/prima-schermata.spec.ts.
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { conPagina, creaPrimaSchermata, type DatiPunteggi } from './prima-schermata';

const log = pino({ level: 'silent' });
const DATI: DatiPunteggi = { sessione: { id: 4, nome: 'Finale' }, evento: { id: 2 } };

function crea(leggi: (id: number) => Promise<DatiPunteggi | null>, ttlMs = 1000) {
  const renderPunteggi = vi.fn(
    (percorso: string, dati: DatiPunteggi) =>
      `<div data-prima-schermata="${percorso}">${(dati.sessione as { nome: string }).nome}</div>`,
  );
  const leggiSpia = vi.fn(leggi);
  const prima = creaPrimaSchermata({
    renderer: async () => ({ renderPunteggi }),
    leggi: leggiSpia,
    log,
    ttlMs,
  });
  return { prima, renderPunteggi, leggi: leggiSpia };
}

describe('the first screen of the scores page', () => {
  it('paints /sessione/{id}/punteggi/ only, for an id the database can hold', async () => {
    const { prima, leggi } = crea(async () => DATI);
    expect(await prima('/sessione/4/punteggi/')).toBe(
      '<div data-prima-schermata="/sessione/4/punteggi/">Finale</div>',
    );
    expect(leggi).toHaveBeenCalledWith(4);
    for (const other of [
      '/sessione/4/punteggi',
      '/sessione/4/punteggi/scuola/3/',
      '/sessione/4/punteggi/telecronaca/',
      '/sessione/4/risultati/',
      '/sessione/0/punteggi/',
      '/sessione/2147483648/punteggi/',
      '/sessione/99999999999/punteggi/',
      '/sessione/abc/punteggi/',
    ]) {
      expect(await prima(other), other).toBeNull();
    }
    expect(leggi).toHaveBeenCalledTimes(1);
  });

  it('paints nothing the anonymous public may not see', async () => {
    const { prima, renderPunteggi } = crea(async () => null);
    expect(await prima('/sessione/4/punteggi/')).toBeNull();
    expect(renderPunteggi).not.toHaveBeenCalled();
  });

  it('renders once for concurrent visitors and keeps the page for its time only', async () => {
    const { prima, leggi, renderPunteggi } = crea(async () => DATI, 200);
    const pagine = await Promise.all(
      Array.from({ length: 20 }, () => prima('/sessione/4/punteggi/')),
    );
    expect(new Set(pagine).size).toBe(1);
    expect(leggi).toHaveBeenCalledTimes(1);
    await prima('/sessione/4/punteggi/');
    expect(renderPunteggi).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await prima('/sessione/4/punteggi/');
    expect(renderPunteggi).toHaveBeenCalledTimes(2);
  });

  it('a failed read or render costs the first screen, not the page', async () => {
    const { prima } = crea(async () => {
      throw new Error('database down');
    });
    expect(await prima('/sessione/4/punteggi/')).toBeNull();
  });

  it('puts the page in index.html’s <main>, in place of the loading page', () => {
    const index =
      '<body><div id="root"><nav>n</nav><main id="contenuto" class="x"><div class="page-loading"></div></main><footer>f</footer></div></body>';
    expect(conPagina(index, '<h1>Finale</h1>')).toBe(
      '<body><div id="root"><nav>n</nav><main id="contenuto" class="x"><h1>Finale</h1></main><footer>f</footer></div></body>',
    );
    expect(conPagina('<body>senza main</body>', '<h1>x</h1>')).toBe('<body>senza main</body>');
  });
});
