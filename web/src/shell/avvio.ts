// The start of a page the server painted (issue 29, item 3): its app is
// asked for only once the page is on screen. The server moves the app's
// entry script and every hint (its chunks' modulepreloads, the page's API
// preloads) into the inert <template> below (server/src/plugins/
// avvio-dopo-il-disegno.ts); this script, the only one the page loads
// before its first paint, puts them in the head once that paint is on
// screen. Without it the app's 400 kB arrived while the browser was still
// laying out a large painted page (160 kB of HTML on a live scores page), and a phone on
// slow 4G held the page's first paint for the code it does not need
// (Lighthouse's simulation counts every script that finished before it).

/**
 * Until the app has taken the page over, its painted controls (the navbar's
 * menus, the scores page's tabs, a team in its ranking) are HTML without
 * their code: a tap on one did nothing and had to be repeated. The last such
 * tap (a click, or a select's choice) is kept on <html>, with how to find
 * the control again (its id, else its name), and the app repeats it once the
 * page is its own (shell/toccoInAnticipo.ts, which reads the same names).
 */
export const ATTRIBUTO_TOCCO_IN_ANTICIPO = 'data-tocco-in-anticipo';
/** On <html> once the app has taken the page over (set by the app). */
export const ATTRIBUTO_APP_AVVIATA = 'data-app-avviata';
/** The controls a tap is kept for: a plain link works without the app. */
export const CONTROLLI = 'button, [role="button"], a[href="#"], input[type="checkbox"], select';

/** A control's name: its aria-label, else its text. */
export const nomeDelControllo = (controllo: Element) =>
  (controllo.getAttribute('aria-label') ?? controllo.textContent ?? '').trim().slice(0, 200);

export function registraITocchiInAnticipo(documento: Document = document) {
  const html = documento.documentElement;
  const registra = (controllo: Element, valore?: string) =>
    html.setAttribute(
      ATTRIBUTO_TOCCO_IN_ANTICIPO,
      JSON.stringify({ id: controllo.id || undefined, nome: nomeDelControllo(controllo), valore }),
    );
  const controlloDi = (event: Event) =>
    !html.hasAttribute(ATTRIBUTO_APP_AVVIATA) && event.target instanceof Element
      ? event.target.closest(CONTROLLI)
      : null;
  documento.addEventListener(
    'click',
    (event) => {
      const controllo = controlloDi(event);
      // A select is kept by its choice (below), not by the click that opens it.
      if (!controllo || controllo instanceof HTMLSelectElement) return;
      // Followed, '#' would choose the scores page's default tab (its hash).
      if (controllo.matches('a[href="#"]')) event.preventDefault();
      registra(controllo);
    },
    true,
  );
  documento.addEventListener(
    'change',
    (event) => {
      const scelta = controlloDi(event);
      if (scelta instanceof HTMLSelectElement) registra(scelta, scelta.value);
    },
    true,
  );
}

/** The <template> holding the app's entry script and its hints (server-side name too). */
export const ID_AVVIO_APP = 'avvio-app';

/**
 * How many of the template's tags reach the head per task. Each asks the
 * browser for a resource, a millisecond or more on a phone's CPU: the fifty
 * of the scores page in one go were a task of 80-170 ms (Lighthouse's long
 * tasks); a dozen were tasks of 12-19 ms on a slower machine (48-76 ms on
 * Lighthouse's phone, docs/performance.md, "a ninth session"), six stay
 * under 50 ms there too.
 */
export const TAG_PER_TURNO = 6;

function avviaApp() {
  const modello = document.getElementById(ID_AVVIO_APP);
  if (!(modello instanceof HTMLTemplateElement)) return;
  modello.remove();
  // Cloned into the document, the template's script runs (its content is
  // inert until then). In the server's order: the app's script and its
  // chunks first, the page's data and chunks after.
  const tag = [...document.importNode(modello.content, true).childNodes];
  const inserisci = () => {
    document.head.append(...tag.splice(0, TAG_PER_TURNO));
    if (tag.length > 0) setTimeout(inserisci, 0);
  };
  inserisci();
}

/** Started anyway this long after this script ran, painted or not (a tab hidden meanwhile). */
export const ATTESA_MASSIMA_DISEGNO_MS = 1000;

/**
 * Calls `avvia` once the page's first contentful paint has been presented
 * (the browser reports it as a 'paint' entry): not a frame's end on the
 * main thread, which comes before the screen shows it. Without paint
 * timing, after the next frame; in a hidden tab, which paints nothing, at once.
 */
function dopoIlPrimoDisegno(avvia: () => void) {
  if (document.visibilityState === 'hidden') return avvia();
  let avviata = false;
  let osservatore: PerformanceObserver | null = null;
  const unaVolta = () => {
    if (avviata) return;
    avviata = true;
    osservatore?.disconnect();
    avvia();
  };
  const misuraIDisegni =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (misuraIDisegni) {
    osservatore = new PerformanceObserver((lista) => {
      if (lista.getEntriesByName('first-contentful-paint').length > 0) setTimeout(unaVolta, 0);
    });
    osservatore.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(unaVolta, 0));
  }
  setTimeout(unaVolta, ATTESA_MASSIMA_DISEGNO_MS);
}

registraITocchiInAnticipo();
dopoIlPrimoDisegno(avviaApp);
