// The start script of a painted page (avvio.ts): the app's script and hints,
// held in an inert template by the server, reach the head once the page's
// first contentful paint is on screen, not before; after the next frame
// where the browser does not report paints; at once in a hidden tab, which
// paints nothing; and in any case a second later.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const MODELLO =
  '<template id="avvio-app">' +
  '<script type="module" src="/assets/index-A.js"></script>' +
  '<link rel="modulepreload" href="/assets/react-B.js">' +
  '</template>';

function avviata() {
  const script = document.head.querySelector('script[src="/assets/index-A.js"]') !== null;
  const anticipo = document.head.querySelector('link[href="/assets/react-B.js"]') !== null;
  const modello = document.getElementById('avvio-app') !== null;
  // All or nothing: the script and its hints together, and the template gone.
  expect([script, anticipo, !modello]).toEqual([script, script, script]);
  return script;
}

/** A browser that reports paints: the observers made, to report one to. */
function conPaintTiming() {
  const osservatori: { callback: PerformanceObserverCallback; tipo?: string }[] = [];
  class FintoObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    private voce: { callback: PerformanceObserverCallback; tipo?: string };
    constructor(callback: PerformanceObserverCallback) {
      this.voce = { callback };
      osservatori.push(this.voce);
    }
    observe({ type }: { type: string }) {
      this.voce.tipo = type;
    }
    disconnect() {
      osservatori.splice(osservatori.indexOf(this.voce), 1);
    }
  }
  vi.stubGlobal('PerformanceObserver', FintoObserver);
  return (nome: string) => {
    for (const { callback, tipo } of [...osservatori]) {
      if (tipo !== 'paint') continue;
      const voci = [{ name: nome, entryType: 'paint' }];
      const lista = {
        getEntries: () => voci,
        getEntriesByName: (n: string) => voci.filter((v) => v.name === n),
        getEntriesByType: () => voci,
      } as unknown as PerformanceObserverEntryList;
      callback(lista, {} as PerformanceObserver);
    }
  };
}

describe('avvio: the app after the first paint', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    document.head.innerHTML = MODELLO;
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.head.innerHTML = '';
  });

  it('starts once the first contentful paint is reported, not at a mere first paint', async () => {
    const dipinge = conPaintTiming();
    await import('./avvio');
    vi.advanceTimersByTime(100);
    expect(avviata()).toBe(false);
    dipinge('first-paint');
    vi.advanceTimersByTime(100);
    expect(avviata()).toBe(false);
    dipinge('first-contentful-paint');
    expect(avviata()).toBe(false);
    vi.advanceTimersByTime(0);
    expect(avviata()).toBe(true);
    expect(frames).toHaveLength(0);
  });

  it('without paint timing, starts after the next frame has been painted', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    await import('./avvio');
    expect(avviata()).toBe(false);
    // The frame: its callback runs before the paint, the start after it.
    frames.splice(0).forEach((callback) => callback(0));
    expect(avviata()).toBe(false);
    vi.advanceTimersByTime(0);
    expect(avviata()).toBe(true);
  });

  it('starts at once in a hidden tab, where no frame comes', async () => {
    conPaintTiming();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await import('./avvio');
    expect(avviata()).toBe(true);
  });

  it('starts a second later when no paint is reported, and only once', async () => {
    const dipinge = conPaintTiming();
    const { ATTESA_MASSIMA_DISEGNO_MS } = await import('./avvio');
    vi.advanceTimersByTime(ATTESA_MASSIMA_DISEGNO_MS - 1);
    expect(avviata()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(avviata()).toBe(true);
    const head = document.head.innerHTML;
    dipinge('first-contentful-paint');
    vi.runAllTimers();
    expect(document.head.innerHTML).toBe(head);
  });

  it('puts the tags in the head a few per task, the app script first', async () => {
    const anticipi = Array.from(
      { length: 30 },
      (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js">`,
    );
    document.head.innerHTML = MODELLO.replace('</template>', `${anticipi.join('')}</template>`);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { TAG_PER_TURNO } = await import('./avvio');
    const inTesta = () => document.head.querySelectorAll('script, link').length;
    expect(document.head.querySelector('script[src="/assets/index-A.js"]')).not.toBeNull();
    expect(inTesta()).toBe(TAG_PER_TURNO);
    vi.advanceTimersByTime(0);
    expect(inTesta()).toBe(2 * TAG_PER_TURNO);
    vi.runAllTimers();
    expect(inTesta()).toBe(32);
    // In the server's order.
    const href = [...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'));
    expect(href).toEqual(['/assets/react-B.js', ...anticipi.map((a) => a.split('"')[3])]);
  });
});
