// The answer desk's outbox (issue 17): kept before it is sent, sent in the
// order typed with the same key on every attempt, retried while the server
// cannot be reached, refusals kept with the server's reason, and nothing
// lost when the page is opened again.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from '../../../api/errors';
import { apriArchivio, archivioInMemoria, type Archivio } from './archivio';
import { Outbox, daRiprovare, motivoDi, type Risultato } from './outbox';
import { CONSERVA_INVIATE_MS, type Invio } from './tipi';

let n = 0;
const invio = (over: Partial<Omit<Invio, 'tipo' | 'corpo'>> = {}): Invio => ({
  chiave: `chiave-${++n}`,
  utente: 7,
  tipo: 'risposta',
  corpo: { squadra: 1, problema: 2, valore: String(n), valore_exp: 0 },
  digitata: new Date(Date.UTC(2026, 3, 15, 8, 0, n)).toISOString(),
  nomi: { squadra: 'Alfa', problema: 'P1' },
  stato: 'in_attesa',
  ...over,
});

const rifiuto = (detail: string) =>
  new ApiError({ kind: 'bad_request', status: 400, detail, nonFieldErrors: [detail] });

/** A server that answers per key; `giu` makes every attempt fail as a network error. */
function server() {
  const tentativi: string[] = [];
  const s = {
    giu: false,
    rifiuta: new Set<string>(),
    tentativi,
    async spedisci(i: Invio): Promise<Risultato> {
      tentativi.push(i.chiave);
      if (s.giu) throw networkError(new TypeError('Failed to fetch'));
      if (s.rifiuta.has(i.chiave)) throw rifiuto('La gara non è in corso.');
      return { corretto: true, momento: i.digitata };
    },
  };
  return s;
}

describe('the outbox', () => {
  let archivio: Archivio;
  beforeEach(async () => {
    globalThis.indexedDB = new IDBFactory();
    archivio = await apriArchivio();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('keeps each submission before sending it, and sends in the order typed', async () => {
    const s = server();
    const outbox = new Outbox(7, { archivio, spedisci: (i) => s.spedisci(i) });
    s.giu = true;
    const b = invio({ digitata: '2026-04-15T08:00:05.000Z' });
    const a = invio({ digitata: '2026-04-15T08:00:00.000Z' });
    // Kept in the order they were typed, whatever the order they were stored.
    await outbox.enqueue(b, 0);
    await outbox.enqueue(a, 0);
    expect(outbox.read().connesso).toBe(false);
    expect((await archivio.perUtente(7)).map((i) => i.stato)).toEqual(['in_attesa', 'in_attesa']);
    s.giu = false;
    s.tentativi.length = 0;
    await outbox.flush();
    expect(s.tentativi).toEqual([a.chiave, b.chiave]);
    expect(outbox.read()).toMatchObject({ connesso: true });
    expect(outbox.read().invii.map((i) => i.stato)).toEqual(['inviata', 'inviata']);
    expect(outbox.read().invii[0]!.esito).toEqual({ corretto: true, momento: a.digitata });
  });

  it('retries by itself while the server cannot be reached, with the same key', async () => {
    const s = server();
    const outbox = new Outbox(7, { archivio, spedisci: (i) => s.spedisci(i) });
    s.giu = true;
    const i = invio();
    await outbox.enqueue(i, 0);
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(s.tentativi).toEqual([i.chiave, i.chiave, i.chiave]);
    s.giu = false;
    await vi.advanceTimersByTimeAsync(8_000);
    await outbox.flush();
    expect(s.tentativi).toHaveLength(4);
    expect(outbox.read().invii[0]!.stato).toBe('inviata');
  });

  it('a refusal in the background is kept with the server’s reason; it can be deleted', async () => {
    const s = server();
    const outbox = new Outbox(7, { archivio, spedisci: (i) => s.spedisci(i) });
    s.giu = true;
    const i = invio();
    await outbox.enqueue(i, 0);
    s.giu = false;
    s.rifiuta.add(i.chiave);
    await outbox.flush();
    expect(outbox.read().invii[0]).toMatchObject({
      stato: 'rifiutata',
      motivo: 'La gara non è in corso.',
    });
    await outbox.remove(i.chiave);
    expect(outbox.read().invii).toEqual([]);
    expect(await archivio.perUtente(7)).toEqual([]);
  });

  it('refused while the form waits: nothing kept, the form gets the error', async () => {
    const s = server();
    const outbox = new Outbox(7, { archivio, spedisci: (i) => s.spedisci(i) });
    const i = invio();
    s.rifiuta.add(i.chiave);
    const dopo = await outbox.enqueue(i);
    expect(dopo.stato).toBe('rifiutata');
    expect(outbox.refusal(i.chiave)).toBeInstanceOf(ApiError);
    expect(outbox.read().invii).toEqual([]);
    expect(await archivio.perUtente(7)).toEqual([]);
  });

  it('a page opened again finds what waited and sends it; old sent ones are forgotten', async () => {
    const s = server();
    s.giu = true;
    const prima = new Outbox(7, { archivio, spedisci: (i) => s.spedisci(i) });
    const i = invio();
    await prima.enqueue(i, 0);
    await archivio.salva(
      invio({
        stato: 'inviata',
        concluso: new Date(Date.now() - CONSERVA_INVIATE_MS - 1).toISOString(),
      }),
    );
    // Another user's entries on the same device stay theirs.
    await archivio.salva(invio({ utente: 8 }));
    s.giu = false;
    const dopo = new Outbox(7, { archivio, spedisci: (x) => s.spedisci(x) });
    await dopo.start();
    await dopo.flush();
    expect(dopo.read().invii.map((x) => [x.chiave, x.stato])).toEqual([[i.chiave, 'inviata']]);
    expect((await archivio.perUtente(8)).map((x) => x.stato)).toEqual(['in_attesa']);
  });

  it('without IndexedDB the entries live in memory, and the page is told', () => {
    const outbox = new Outbox(7, { archivio: archivioInMemoria(), spedisci: vi.fn() });
    expect(outbox.read().durevole).toBe(false);
  });
});

describe('what is worth another attempt', () => {
  it.each([
    [networkError(new TypeError('x')), true],
    [new ApiError({ kind: 'server', status: 503, detail: 'x' }), true],
    [new ApiError({ kind: 'throttled', status: 429, detail: 'x' }), true],
    [new ApiError({ kind: 'client', status: 408, detail: 'x' }), true],
    [new DOMException('timeout', 'TimeoutError'), true],
    [rifiuto('no'), false],
    [new ApiError({ kind: 'forbidden', status: 403, detail: 'x' }), false],
    [new ApiError({ kind: 'client', status: 422, detail: 'chiave riusata' }), false],
  ])('%s → %s', (error, atteso) => {
    expect(daRiprovare(error)).toBe(atteso);
  });

  it('the reason names the fields’ messages too', () => {
    const e = new ApiError({
      kind: 'bad_request',
      status: 400,
      detail: 'x',
      fieldErrors: { momento_consegna: ['Il momento di consegna non può essere nel futuro.'] },
    });
    expect(motivoDi(e)).toBe('Il momento di consegna non può essere nel futuro.');
  });
});
