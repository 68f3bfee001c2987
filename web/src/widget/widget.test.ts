// The widget's page in a browser-like DOM: the school's rows from the feed's
// snapshot, a lost connection said and retried, a refusal (4403) or an
// unreadable session said as 'Classifica non disponibile' and nothing else.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leggiPercorso, avviaWidget } from './widget';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {}
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  chiudi(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  ricevi(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
}

const ORA = '2026-04-15T09:10:00.000Z';
const snapshot = {
  type: 'new_json',
  json: {
    ora: ORA,
    json: {
      sessione: 3,
      evento: 1,
      nome: 'Finale nazionale',
      inizio: '2026-04-15T09:00:00.000Z',
      fine: '2026-04-15T11:00:00.000Z',
      numero_qualificati: null,
      ora: ORA,
      problemi: [{ id: 11, nome: '1' }],
      valori: [20],
      numero_eventi: 1,
      classifica: [
        [1, 8, 'Altra', 40],
        [2, 7, 'Tenca A', 20],
        [null, 7, 'Tenca ospite', 0],
      ].map(([posizione, scuola, nome, totale], i) => ({
        posizione,
        id: i + 1,
        nome,
        ospite: posizione === null,
        totale,
        punti_parziali: [totale],
        jolly: null,
        solved: [totale !== 0],
        new: [false],
        scuola,
        ordine_eta: 0,
        penalita: 0,
        punti_jolly: 0,
        polo: null,
      })),
    },
  },
};

let root: HTMLElement;
const avvia = (path = '/widget/sessione/3/scuola/7/') =>
  avviaWidget(root, new URL(`http://gas.test${path}`) as unknown as Location);

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(console, 'info').mockImplementation(() => {});
  root = document.createElement('main');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function rispondeScuole(status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      status === 200
        ? new Response(JSON.stringify({ results: [{ id: 7, nome: 'Liceo Tenca' }] }))
        : new Response('{"detail":"Non trovato."}', { status }),
    ),
  );
}

describe('the school widget', () => {
  it('reads its address', () => {
    expect(leggiPercorso('/widget/sessione/3/scuola/7/')).toEqual({ sessione: 3, scuola: 7 });
    expect(leggiPercorso('/widget/sessione/3/scuola/7')).toEqual({ sessione: 3, scuola: 7 });
    expect(leggiPercorso('/widget/sessione/0/scuola/7/')).toBeNull();
    expect(leggiPercorso('/widget/sessione/3/')).toBeNull();
  });

  it("shows the school's teams, then a lost connection, and retries", async () => {
    rispondeScuole();
    avvia();
    expect(FakeSocket.all[0]!.url).toBe('ws://gas.test/ws/gas/sessione/3/punteggi_last/');
    await vi.waitFor(() => expect(root.querySelector('h1')!.textContent).toBe('Liceo Tenca'));
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.ricevi(snapshot);
    const righe = [...root.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(righe).toEqual([
      ['2', 'Tenca A', '20', '—'],
      ['osp.', 'Tenca ospite', '0', '—'],
    ]);
    expect(root.textContent).toContain('Finale nazionale');
    expect(root.querySelector('a')!.getAttribute('href')).toBe(
      'http://gas.test/sessione/3/punteggi/scuola/7/',
    );
    FakeSocket.all[0]!.chiudi(1006);
    expect(root.textContent).toContain('Connessione persa');
    expect(root.querySelectorAll('tbody tr')).toHaveLength(2);
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('a refused feed or an unreadable session: only the notice', async () => {
    rispondeScuole();
    avvia();
    FakeSocket.all[0]!.chiudi(4403);
    expect(root.textContent).toBe('Classifica non disponibile');
    vi.advanceTimersByTime(600_000);
    expect(FakeSocket.all).toHaveLength(1);

    root = document.createElement('main');
    rispondeScuole(404);
    avvia();
    await vi.waitFor(() => expect(root.textContent).toBe('Classifica non disponibile'));
    avvia('/widget/sessione/x/scuola/7/');
    expect(root.textContent).toBe('Classifica non disponibile');
  });
});
