// The chart's host loads the engine and draws the chart once its box is on
// screen (a phone starting the page spends nothing on a chart below the
// fold), then keeps it up to date; without IntersectionObserver it draws at
// once; an engine that cannot be loaded says so.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const istanza = {
  setOption: vi.fn(),
  resize: vi.fn(),
  dispose: vi.fn(),
  getOption: vi.fn(() => ({})),
  dispatchAction: vi.fn(),
};
const init = vi.fn((_host: HTMLElement, ..._resto: unknown[]) => istanza);
vi.mock('./motore', () => ({ init: (...args: [HTMLElement]) => init(...args) }));

const { EChart } = await import('./EChart');

/** The observers made, with the element each watches and its callback. */
let osservatori: { elemento?: Element; avvisa: IntersectionObserverCallback; spento: boolean }[];

class FintoIntersectionObserver {
  private readonly voce: (typeof osservatori)[number];
  constructor(avvisa: IntersectionObserverCallback) {
    this.voce = { avvisa, spento: false };
    osservatori.push(this.voce);
  }
  observe(elemento: Element) {
    this.voce.elemento = elemento;
  }
  disconnect() {
    this.voce.spento = true;
  }
}

/** The browser telling the chart's observer whether its box is on screen. */
function sulloSchermo(visibile: boolean) {
  const voce = osservatori.at(-1)!;
  act(() =>
    voce.avvisa(
      [{ isIntersecting: visibile, target: voce.elemento! } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    ),
  );
}

beforeEach(() => {
  osservatori = [];
  vi.clearAllMocks();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EChart', () => {
  it('draws only once its box is on screen, then follows every new option', async () => {
    vi.stubGlobal('IntersectionObserver', FintoIntersectionObserver);
    const { rerender } = render(<EChart option={{ serie: 1 }} label="Grafico" />);
    const box = screen.getByRole('img', { name: 'Grafico' });
    expect(osservatori[0]!.elemento).toBe(box);
    // A new option while off screen: still nothing loaded or drawn.
    rerender(<EChart option={{ serie: 2 }} label="Grafico" />);
    sulloSchermo(false);
    await act(async () => {});
    expect(init).not.toHaveBeenCalled();

    sulloSchermo(true);
    await waitFor(() => expect(init).toHaveBeenCalledTimes(1));
    expect(init.mock.calls[0]![0]).toBe(box);
    // The latest option, not the first one.
    await waitFor(() =>
      expect(istanza.setOption.mock.calls).toEqual([[{ serie: 2 }, expect.anything()]]),
    );
    expect(osservatori[0]!.spento).toBe(true);

    rerender(<EChart option={{ serie: 3 }} label="Grafico" />);
    expect(istanza.setOption).toHaveBeenLastCalledWith({ serie: 3 }, expect.anything());
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('draws at once where IntersectionObserver is missing, and frees the chart when it goes', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { unmount } = render(<EChart option={{ serie: 1 }} label="Grafico" />);
    await waitFor(() =>
      expect(istanza.setOption).toHaveBeenCalledWith({ serie: 1 }, expect.anything()),
    );
    expect(init).toHaveBeenCalledTimes(1);
    unmount();
    expect(istanza.dispose).toHaveBeenCalledTimes(1);
  });

  it('says so when the engine cannot be loaded', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    // The engine's chunk not downloaded (the connection dropped).
    vi.resetModules();
    vi.doMock('./motore', async () => {
      throw new Error('chunk non scaricato');
    });
    const { EChart: EChartSenzaMotore } = await import('./EChart');
    render(<EChartSenzaMotore option={{}} label="Grafico" />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Grafico non disponibile: controlla la connessione e ricarica la pagina.',
    );
    expect(init).not.toHaveBeenCalled();
    vi.doUnmock('./motore');
  });
});
