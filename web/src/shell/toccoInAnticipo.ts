// A tap on a painted page before its app was there, replayed once the page
// is the app's (issue 29, item 3). Until the takeover the painted controls
// (the navbar's menus, the scores page's tabs, a team in its ranking) are
// HTML without their code; the page's start script (shell/avvio.ts) keeps the
// last tap on one of them on <html>, and the app repeats it here: a viewer
// who tapped 'Eventi' while the app was on its way sees the menu open,
// instead of nothing.
//
// The names, the controls' selector and how a control is named are
// avvio.ts's own (a test holds them equal): importing them from there would
// put the start script's code in a chunk the app shares, one more request
// before the page's first paint.

/** On <html>: the tap kept, as JSON `{ id?, nome, valore? }`. */
export const ATTRIBUTO_TOCCO_IN_ANTICIPO = 'data-tocco-in-anticipo';
/** On <html>: the app is there; the start script keeps no more taps. */
export const ATTRIBUTO_APP_AVVIATA = 'data-app-avviata';
/** The controls a tap is kept for. */
export const CONTROLLI = 'button, [role="button"], a[href="#"], input[type="checkbox"], select';

/** A control's name: its aria-label, else its text. */
export const nomeDelControllo = (controllo: Element) =>
  (controllo.getAttribute('aria-label') ?? controllo.textContent ?? '').trim().slice(0, 200);

/**
 * Before every id of a painted copy of a part of a page (the scores page's
 * tabs, one copy each: ScoresTabs), so that the copies' ids stay unique; the
 * app's own control has the id without it.
 */
export const prefissoCopiaDipinta = (copia: string) => `dipinta-${copia}--`;
const PREFISSO_COPIA = /^dipinta-[\w-]*?--/;

/** The element around the server's copy of the page (primaSchermata.tsx's attribute). */
const COPIA_DEL_SERVER = '[data-prima-schermata]';

type Tocco = { id?: unknown; nome?: unknown; valore?: unknown };

/** From the app's first commit on, its own controls answer taps: none is kept any more. */
export function segnaAppAvviata(documento: Document = document): void {
  documento.documentElement.setAttribute(ATTRIBUTO_APP_AVVIATA, '');
}

/** The app's control the tap was on: by id (a painted copy's too), else by name. */
function controlloDellApp(documento: Document, tocco: Tocco): Element | null {
  const dellApp = (controllo: Element | null) =>
    controllo && !controllo.closest(COPIA_DEL_SERVER) ? controllo : null;
  if (typeof tocco.id === 'string') {
    return dellApp(documento.getElementById(tocco.id.replace(PREFISSO_COPIA, '')));
  }
  if (typeof tocco.nome !== 'string' || tocco.nome === '') return null;
  for (const controllo of documento.querySelectorAll(CONTROLLI)) {
    if (nomeDelControllo(controllo) === tocco.nome && dellApp(controllo)) return controllo;
  }
  return null;
}

/**
 * Repeats the kept tap on the app's control: clicked or, for a select, set to
 * the value chosen. Called at the app's first commit (the navbar is the
 * app's) and once the page itself has rendered (`ultimaVolta`): a tap on a
 * control of the page waits for it, and is dropped if it is not there then.
 */
export function riproduciToccoInAnticipo(
  { ultimaVolta }: { ultimaVolta: boolean },
  documento: Document = document,
): void {
  // First: the replayed tap itself is not kept again.
  segnaAppAvviata(documento);
  const html = documento.documentElement;
  const json = html.getAttribute(ATTRIBUTO_TOCCO_IN_ANTICIPO);
  if (!json) return;
  let tocco: Tocco = {};
  try {
    tocco = JSON.parse(json) as Tocco;
  } catch {
    // Unreadable: dropped below.
  }
  const controllo = controlloDellApp(documento, tocco);
  if (!controllo && !ultimaVolta) return;
  html.removeAttribute(ATTRIBUTO_TOCCO_IN_ANTICIPO);
  if (controllo instanceof HTMLSelectElement && typeof tocco.valore === 'string') {
    controllo.value = tocco.valore;
    controllo.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (controllo instanceof HTMLElement) {
    controllo.click();
  }
}
