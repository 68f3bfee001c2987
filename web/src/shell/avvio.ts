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

/** The <template> holding the app's entry script and its hints (server-side name too). */
export const ID_AVVIO_APP = 'avvio-app';

function avviaApp() {
  const modello = document.getElementById(ID_AVVIO_APP);
  if (!(modello instanceof HTMLTemplateElement)) return;
  modello.remove();
  // Cloned into the document, the template's script runs (its content is inert until then).
  document.head.append(document.importNode(modello.content, true));
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

dopoIlPrimoDisegno(avviaApp);
