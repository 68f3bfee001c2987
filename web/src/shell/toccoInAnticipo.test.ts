// A tap on a painted page before the app was there (avvio.ts keeps it), then
// repeated by the app once the page is its own (toccoInAnticipo.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ATTRIBUTO_APP_AVVIATA,
  ATTRIBUTO_TOCCO_IN_ANTICIPO,
  CONTROLLI,
  nomeDelControllo,
  riproduciToccoInAnticipo,
  segnaAppAvviata,
} from './toccoInAnticipo';

// The start script starts on import: after the next frame, here never.
let avvio: typeof import('./avvio');
beforeAll(async () => {
  vi.stubGlobal('PerformanceObserver', undefined);
  vi.stubGlobal('requestAnimationFrame', () => 0);
  avvio = await import('./avvio');
});
afterAll(() => vi.unstubAllGlobals());

/** A fresh document with painted controls, the start script listening. */
function paginaDipinta(): Document {
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML =
    '<a id="menu-eventi" href="#" role="button">Eventi</a>' +
    '<a id="albo" href="/albo-d-oro/">Albo</a>' +
    '<button type="button" aria-label="Apri o chiudi il menu"></button>' +
    '<main><div data-prima-schermata="/sessione/1/punteggi/">' +
    '<button type="button" id="dipinta-barre--scheda-grafico">Grafico</button>' +
    '<button type="button" aria-label="Segui Fotoni"><span>☆</span></button>' +
    '<select id="dipinta-barre--scheda-punteggi"><option value="tabella">Classifica</option>' +
    '<option value="barre">Barre</option></select>' +
    '</div></main>';
  avvio.registraITocchiInAnticipo(doc);
  return doc;
}

const tocco = (doc: Document) => {
  const json = doc.documentElement.getAttribute(ATTRIBUTO_TOCCO_IN_ANTICIPO);
  return json === null ? null : (JSON.parse(json) as unknown);
};

/** A click as a browser dispatches it: whether its default was prevented. */
function clic(element: Element): boolean {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return event.defaultPrevented;
}

function scegli(select: HTMLSelectElement, valore: string) {
  select.value = valore;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The app's page in place of the copy: the same controls, their own ids. */
function paginaDellApp(doc: Document) {
  doc.querySelector('main')!.innerHTML =
    '<button type="button" id="scheda-grafico">Grafico</button>' +
    '<button type="button" aria-label="Segui Fotoni"><span>☆</span></button>' +
    '<select id="scheda-punteggi"><option value="tabella">Classifica</option>' +
    '<option value="barre">Barre</option></select>';
}

describe('a tap before the app, kept by the start script', () => {
  it('keeps the last tap on a control, by id and by name; "#" is not followed', () => {
    const doc = paginaDipinta();
    expect(clic(doc.getElementById('dipinta-barre--scheda-grafico')!)).toBe(false);
    expect(tocco(doc)).toEqual({ id: 'dipinta-barre--scheda-grafico', nome: 'Grafico' });
    // A tap on what is inside a control is the control's.
    clic(doc.querySelector('[aria-label="Segui Fotoni"] span')!);
    expect(tocco(doc)).toEqual({ nome: 'Segui Fotoni' });
    // A '#' link's default (a hash: the scores page's tab) is prevented.
    expect(clic(doc.getElementById('menu-eventi')!)).toBe(true);
    expect(tocco(doc)).toEqual({ id: 'menu-eventi', nome: 'Eventi' });
  });

  it("keeps a select's choice, and nothing for a plain link", () => {
    const doc = paginaDipinta();
    scegli(doc.querySelector('select')!, 'barre');
    expect(tocco(doc)).toEqual({
      id: 'dipinta-barre--scheda-punteggi',
      nome: 'ClassificaBarre',
      valore: 'barre',
    });
    doc.documentElement.removeAttribute(ATTRIBUTO_TOCCO_IN_ANTICIPO);
    expect(clic(doc.getElementById('albo')!)).toBe(false);
    expect(tocco(doc)).toBeNull();
  });

  it('keeps nothing, and prevents nothing, once the app is there', () => {
    const doc = paginaDipinta();
    segnaAppAvviata(doc);
    expect(clic(doc.getElementById('menu-eventi')!)).toBe(false);
    expect(tocco(doc)).toBeNull();
  });

  it('names, selects and names controls as the app does', () => {
    expect(avvio.ATTRIBUTO_TOCCO_IN_ANTICIPO).toBe(ATTRIBUTO_TOCCO_IN_ANTICIPO);
    expect(avvio.ATTRIBUTO_APP_AVVIATA).toBe(ATTRIBUTO_APP_AVVIATA);
    expect(avvio.CONTROLLI).toBe(CONTROLLI);
    const doc = paginaDipinta();
    for (const controllo of doc.querySelectorAll(CONTROLLI)) {
      expect(avvio.nomeDelControllo(controllo)).toBe(nomeDelControllo(controllo));
    }
  });
});

describe('the tap repeated by the app', () => {
  it("clicks the app's control with the copy's id without its prefix, once", () => {
    const doc = paginaDipinta();
    clic(doc.getElementById('dipinta-barre--scheda-grafico')!);
    // The app's first commit, the page not there yet: the tap waits for it.
    riproduciToccoInAnticipo({ ultimaVolta: false }, doc);
    expect(tocco(doc)).not.toBeNull();
    paginaDellApp(doc);
    const scelta = vi.fn();
    doc.getElementById('scheda-grafico')!.addEventListener('click', scelta);
    riproduciToccoInAnticipo({ ultimaVolta: true }, doc);
    expect(scelta).toHaveBeenCalledTimes(1);
    expect(doc.documentElement.hasAttribute(ATTRIBUTO_APP_AVVIATA)).toBe(true);
    // Replayed once: not kept again by the start script, not repeated.
    expect(tocco(doc)).toBeNull();
    riproduciToccoInAnticipo({ ultimaVolta: true }, doc);
    expect(scelta).toHaveBeenCalledTimes(1);
  });

  it('finds a control without an id by its name, outside the copy', () => {
    const doc = paginaDipinta();
    clic(doc.querySelector('[aria-label="Segui Fotoni"]')!);
    paginaDellApp(doc);
    const segui = vi.fn();
    doc.querySelector('[aria-label="Segui Fotoni"]')!.addEventListener('click', segui);
    riproduciToccoInAnticipo({ ultimaVolta: true }, doc);
    expect(segui).toHaveBeenCalledTimes(1);
  });

  it("repeats a tap on the navbar at the app's first commit", () => {
    const doc = paginaDipinta();
    const menu = doc.querySelector('[aria-label="Apri o chiudi il menu"]')!;
    clic(menu);
    const apri = vi.fn();
    menu.addEventListener('click', apri);
    riproduciToccoInAnticipo({ ultimaVolta: false }, doc);
    expect(apri).toHaveBeenCalledTimes(1);
    expect(tocco(doc)).toBeNull();
  });

  it("sets a select to the value chosen, and tells the app's handler", () => {
    const doc = paginaDipinta();
    scegli(doc.querySelector('select')!, 'barre');
    paginaDellApp(doc);
    const cambio = vi.fn((event: Event) => (event.target as HTMLSelectElement).value);
    doc.getElementById('scheda-punteggi')!.addEventListener('change', cambio);
    riproduciToccoInAnticipo({ ultimaVolta: true }, doc);
    expect(cambio).toHaveReturnedWith('barre');
  });

  it('drops a tap on a control the page no longer has, or one unreadable', () => {
    const doc = paginaDipinta();
    doc.documentElement.setAttribute(ATTRIBUTO_TOCCO_IN_ANTICIPO, '{"id": "assente"}');
    riproduciToccoInAnticipo({ ultimaVolta: false }, doc);
    expect(tocco(doc)).not.toBeNull();
    riproduciToccoInAnticipo({ ultimaVolta: true }, doc);
    expect(tocco(doc)).toBeNull();
    doc.documentElement.setAttribute(ATTRIBUTO_TOCCO_IN_ANTICIPO, '{non json');
    expect(() => riproduciToccoInAnticipo({ ultimaVolta: true }, doc)).not.toThrow();
    expect(doc.documentElement.hasAttribute(ATTRIBUTO_TOCCO_IN_ANTICIPO)).toBe(false);
  });
});
