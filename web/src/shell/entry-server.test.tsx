// The scores page as the server paints it (entry-server.tsx): the default tab,
// and beside it a copy of each tab it can paint without a browser, for the
// hash it cannot see ('#barre'): each copy with its own tab chosen and ids of
// its own; the maps and the tabs with answers of their own are left out.
import { describe, expect, it, vi } from 'vitest';
import { renderPagina } from './entry-server';
import { HOME_DI_PROVA, sessioneDiProva } from './pagineDiProva';

const { conClassifica } = sessioneDiProva(Date.now());

function dipingi(dati = conClassifica): Document {
  // As built for the server (the browser's own render keeps the copies' HTML as it is).
  vi.stubEnv('SSR', true);
  const html = renderPagina('/sessione/7/punteggi/', dati);
  vi.unstubAllEnvs();
  expect(html).not.toBeNull();
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = html!;
  return doc;
}

describe("the scores page's painted tabs", () => {
  it('paints a copy of each tab it can, its own tab chosen, for the hash to show', () => {
    const doc = dipingi();
    const copie = [...doc.querySelectorAll<HTMLElement>('.scheda-dipinta')];
    // Visible to this session (more than 20 teams, no venues, no problems):
    // not the value of problems, nor the maps or the messages.
    expect(copie.map((copia) => copia.id)).toEqual([
      'semplificata',
      'grafico',
      'barre',
      'istogramma',
    ]);
    for (const copia of copie) {
      expect(copia.querySelector('select')!.value).toBe(copia.id);
      expect(copia.querySelector('[role="tab"][aria-selected="true"]')!.id).toBe(
        `dipinta-${copia.id}--scheda-${copia.id}`,
      );
      expect(copia.querySelector('[role="tabpanel"]')!.id).toBe(
        `dipinta-${copia.id}--pannello-${copia.id}`,
      );
    }
    // The copies hold their tab's own content.
    const semplificata = doc.getElementById('semplificata')!;
    expect(semplificata.textContent).toContain('Le prime 20 posizioni');
    expect(semplificata.querySelectorAll('tbody tr').length).toBeGreaterThanOrEqual(20);
    expect(doc.getElementById('barre')!.textContent).toContain('Il totale di ogni squadra diviso');
    // The default tab, as the app renders it, and a target for the maps' hash.
    const attiva = doc.querySelector('.scheda-attiva')!;
    expect(attiva.querySelector('select')!.value).toBe('tabella');
    expect(attiva.querySelector('#pannello-tabella')).not.toBeNull();
    expect(doc.querySelector('span.segnaposto-scheda#mappa')).not.toBeNull();
  });

  it("paints the maps' background from the site's tile server, in the default tab, hidden", () => {
    const tessere = (doc: Document) =>
      [...doc.querySelectorAll<HTMLImageElement>('.scheda-attiva .anteprima-mappa img')].map(
        (img) => img.getAttribute('src'),
      );
    const predefinite = tessere(dipingi());
    expect(predefinite.length).toBeGreaterThan(0);
    for (const src of predefinite) {
      expect(src).toMatch(/^https:\/\/tile\.openstreetmap\.org\/7\/\d+\/\d+\.png$/);
    }
    const sito = {
      ...HOME_DI_PROVA.sito,
      map_tile_url: 'https://{s}.mappe.example.org/{z}/{x}/{y}.png',
    };
    const configurate = tessere(dipingi({ ...conClassifica, sito }));
    expect(configurate).toEqual(
      predefinite.map((src) => {
        const [, x, y] = /\/7\/(\d+)\/(\d+)\.png$/.exec(src!)!.map(Number);
        return `https://${'abc'[(x! + y!) % 3]}.mappe.example.org/7/${x}/${y}.png`;
      }),
    );
    // Lazy, in a frame the hash shows (punteggi.css), none of it for a screen reader.
    const anteprima = dipingi().querySelector('.anteprima-mappa')!;
    expect(anteprima.getAttribute('aria-hidden')).toBe('true');
    expect(
      [...anteprima.querySelectorAll('img')].every((img) => img.getAttribute('loading') === 'lazy'),
    ).toBe(true);
    // A tile server the page cannot name before the browser ({r}: its screen's density): none.
    const densita = { ...sito, map_tile_url: 'https://mappe.example.org/{z}/{x}/{y}{r}.png' };
    expect(
      dipingi({ ...conClassifica, sito: densita }).querySelector('.anteprima-mappa'),
    ).toBeNull();
  });

  it('gives every element an id of its own', () => {
    const ids = [...dipingi().querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

describe('home as the server paints it', () => {
  it('shows its news, sponsors and sections from the site’s settings, no loading page', () => {
    const html = renderPagina('/', HOME_DI_PROVA);
    const doc = new DOMParser().parseFromString(html ?? '', 'text/html');
    expect(doc.querySelector('main h1')!.textContent).toBe('Gara a Squadre di Fisica');
    expect(doc.body.textContent).toContain('Iscrizioni aperte');
    expect(doc.body.textContent).toContain('Cinque studenti per squadra.');
    expect(doc.querySelector('main img')!.getAttribute('alt')).toBe('Ottica & C.');
    expect(doc.querySelector('.page-loading')).toBeNull();
    // The whole app, frame included: the browser hydrates it.
    expect(doc.querySelector('nav[aria-label="Navigazione principale"]')).not.toBeNull();
  });
});
