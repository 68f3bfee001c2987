// One viewer of the storm (storm.ts): the scores page's calls in its order, as
// the browser makes them (`Accept-Encoding: br, gzip`, no cookies: a
// visitor), then its live feed, kept open to the end. A read that gets no
// answer or a 5xx is asked again on the page's own schedule
// (web/src/api/retry.ts: two more tries after 1 s and 2 s), so a page load
// fails only where a viewer would see an error.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { WebSocket } from 'ws';
import { decodificaBlocco, type ColonneBlocco } from '@gas/contracts';
import { MAX_RETRIES, retryDelayMs } from '../../web/src/api/retry';
import { sleep } from '../live/procs';

export type Call = { kind: string; ms: number; status: number; cache: string | null };
type Body = {
  status: number;
  ms: number;
  cache: string | null;
  body: Buffer;
  /** Content-Encoding of a body left as it came (`decode` false). */
  encoding: string | undefined;
};

/** The page loads a session of this many teams (its teams' pages: 100 a page). */
export type Bersaglio = { sessioneId: number; eventoId: number; teams: number };

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

export function chiudiAgente(): void {
  agent.destroy();
}

/** A visitor's GET: the body decoded only when asked for (the index, catch-ups). */
export function get(base: string, p: string, decode = false): Promise<Body> {
  const t0 = performance.now();
  const failed = (): Body => ({
    status: 0,
    ms: performance.now() - t0,
    cache: null,
    body: Buffer.alloc(0),
    encoding: undefined,
  });
  return new Promise((resolve) => {
    const req = http.get(
      `${base}${p}`,
      { agent, headers: { 'accept-encoding': 'br, gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - t0,
            cache: (res.headers['x-cache-status'] as string | undefined) ?? null,
            body: decode ? decompressa(raw, enc) : raw,
            encoding: decode ? undefined : enc,
          });
        });
        res.on('error', () => resolve(failed()));
      },
    );
    req.on('error', () => resolve(failed()));
  });
}

function decompressa(raw: Buffer, encoding: string | undefined): Buffer {
  return encoding === 'br'
    ? brotliDecompressSync(raw)
    : encoding === 'gzip'
      ? gunzipSync(raw)
      : raw;
}

/** Every event id of the session after `dopo`, read fresh (risposta-all id__gt, as the page's catch-up); `leggi` a page's own reads. */
export async function idsDopo(
  base: string,
  sessioneId: number,
  dopo: number,
  leggi: (p: string) => Promise<Body> = (p) => get(base, p, true),
): Promise<number[]> {
  const ids: number[] = [];
  for (;;) {
    const res = await leggi(
      `/api/gas/risposta-all/?squadra__sessione=${sessioneId}&id__gt=${dopo}&limit=5000`,
    );
    if (res.status !== 200) return ids;
    const page = JSON.parse(res.body.toString()) as { results: { id: number }[] };
    for (const e of page.results) ids.push(e.id);
    if (page.results.length < 5000) return ids;
    dopo = Math.max(...page.results.map((e) => e.id));
  }
}

const transitorio = (status: number) => status === 0 || status >= 500;

/**
 * BENCH_RECUPERO=0: pages skip the catch-up after their load, to measure
 * its cost against the default in the same sitting (what it would have
 * brought a tracked page, the final resync brings).
 */
const RECUPERO = process.env.BENCH_RECUPERO !== '0';

export class Pagina {
  /** Every HTTP call made, retries included. */
  readonly calls: Call[] = [];
  ms = 0;
  /** Reads that still failed after the page's retries: what the viewer sees as an error. */
  fallite = 0;
  /** The live feed did not open at the first try (the page reconnects on its schedule). */
  feedRitardato = false;
  reconnections = 0;
  /**
   * A tracked page's event blocks, kept as they came and decoded when its
   * events are first asked for (after the storm's minute): decoding 40,000
   * events held the load generator's event loop for tens of milliseconds a
   * page, and its lag, not the server's, then decided the verdict. Beside
   * them, the ids the feed's frames and the catch-ups added, and those the
   * frames removed (ids are never reused, so applying them after the blocks
   * gives the same set).
   */
  private blocchi: Body[] = [];
  private readonly aggiunti = new Set<number>();
  private readonly rimossi = new Set<number>();
  private tutti: Set<number> | null = null;
  /** The newest id the page knows (its state's, its frames', its catch-ups'): where a catch-up starts. */
  private maxNoto = 0;
  private ws: WebSocket | null = null;
  private chiusa = false;

  constructor(
    private readonly base: string,
    private readonly s: Bersaglio,
    readonly tracked: boolean,
  ) {}

  get ok(): boolean {
    return this.fallite === 0;
  }

  private async call(kind: string, p: string, decode = false): Promise<Body> {
    for (let failures = 0; ; failures++) {
      const res = await get(this.base, p, decode);
      this.calls.push({ kind, ms: res.ms, status: res.status, cache: res.cache });
      if (!transitorio(res.status) || failures >= MAX_RETRIES) {
        if (res.status !== 200) this.fallite += 1;
        return res;
      }
      await sleep(retryDelayMs(failures));
    }
  }

  async carica(): Promise<void> {
    const t0 = performance.now();
    const { sessioneId: sid, eventoId: eid } = this.s;
    await Promise.all([
      this.call('whoami', '/api/ext-user/whoami/'),
      this.call('evento list', '/api/gas/evento/'),
      this.call('sessione', `/api/gas/sessione/${sid}/`),
    ]);
    // The scores page starts its live state (LiveController.start): the feed
    // opens while the snapshot and then the events' blocks are read, beside
    // the page's other reads.
    const [ultimoId] = await Promise.all([
      this.stato(),
      this.apri(),
      ...Array.from({ length: Math.ceil(this.s.teams / 100) }, (_, k) =>
        this.call('squadre page', `/api/gas/squadra/in_sessione/?sessione=${sid}&page=${k + 1}`),
      ),
      this.call('evento', `/api/gas/evento/${eid}/`),
      this.call('time', '/api/time/'),
      this.call('messaggi', `/api/gas/messaggi-importanti/?evento=${eid}`),
    ]);
    // State in and feed open: the one catch-up of docs/live.md step 2, for
    // what committed before the feed was registered or after the (possibly
    // cached) state was made; from the state's newest id, not the frames'
    // (those that arrived meanwhile may be newer than what the state lacks).
    if (ultimoId !== null && RECUPERO) await this.recuperaDopo(ultimoId);
    this.ms = performance.now() - t0;
  }

  /**
   * The snapshot, then the index and every block, as the page reads them;
   * the newest id of the last block (where the newest answers are: the
   * catch-up's start, found without decoding every event), or null when the
   * state could not be read (the page shows an error, no catch-up).
   */
  private async stato(): Promise<number | null> {
    const sid = this.s.sessioneId;
    await this.call('punteggi', `/api/gas/sessione/${sid}/punteggi/`);
    const indice = await this.call('eventi index', `/api/gas/sessione/${sid}/eventi/`, true);
    if (indice.status !== 200) return null;
    const { blocchi } = JSON.parse(indice.body.toString()) as {
      blocchi: { blocco: number; versione: string }[];
    };
    const corpi = await Promise.all(
      blocchi.map((b) =>
        this.call('eventi block', `/api/gas/sessione/${sid}/eventi/${b.blocco}/?v=${b.versione}`),
      ),
    );
    if (corpi.some((c) => c.status !== 200)) return null;
    if (this.tracked) this.blocchi = corpi;
    const ultimo = corpi.at(-1);
    if (!ultimo) return 0;
    const { id } = JSON.parse(
      decompressa(ultimo.body, ultimo.encoding).toString(),
    ) as ColonneBlocco;
    // The ids are deltas from the previous one, in id order.
    const ultimoId = id.reduce((a, b) => a + b, 0);
    if (ultimoId > this.maxNoto) this.maxNoto = ultimoId;
    return ultimoId;
  }

  /** risposta-all id__gt, fresh (never cached), as the page's catch-up. */
  private async recuperaDopo(dopo: number): Promise<void> {
    const leggi = (p: string) => this.call('recupero', p, true);
    for (const id of await idsDopo(this.base, this.s.sessioneId, dopo, leggi)) this.aggiungi(id);
  }

  private aggiungi(id: number): void {
    if (id > this.maxNoto) this.maxNoto = id;
    if (!this.tracked) return;
    // A corrected solution re-sends npe_delete then npe with the same id.
    this.rimossi.delete(id);
    (this.tutti ?? this.aggiunti).add(id);
  }

  private url(): string {
    return `${this.base.replace('http', 'ws')}/ws/gas/sessione/${this.s.sessioneId}/punteggi_eventi/`;
  }

  /** Opens the feed; resolves when it is open or has failed (then the page reconnects on its schedule). */
  private apri(): Promise<void> {
    return new Promise((resolve) => {
      const t0 = performance.now();
      const ws = new WebSocket(this.url());
      this.ws = ws;
      let aperto = false;
      ws.on('open', () => {
        aperto = true;
        this.calls.push({ kind: 'ws open', ms: performance.now() - t0, status: 200, cache: null });
        resolve();
      });
      ws.on('message', (data) => this.frame(data));
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (!aperto) {
          this.calls.push({ kind: 'ws open', ms: performance.now() - t0, status: 0, cache: null });
          this.feedRitardato = true;
          resolve();
        }
        if (!this.chiusa) void this.riconnetti();
      });
    });
  }

  /** The events the page holds: its blocks' and its feed's (a tracked page's; decoded once). */
  get ids(): Set<number> {
    if (!this.tutti) {
      const ids = new Set(this.aggiunti);
      for (const c of this.blocchi) {
        const colonne = JSON.parse(decompressa(c.body, c.encoding).toString()) as ColonneBlocco;
        for (const e of decodificaBlocco(colonne)) ids.add(e.id);
      }
      for (const id of this.rimossi) ids.delete(id);
      this.blocchi = [];
      this.tutti = ids;
    }
    return this.tutti;
  }

  private frame(data: WebSocket.RawData): void {
    // npe and npe_delete carry the answer's id at the top (docs/live.md).
    const m = JSON.parse(String(data)) as { type: string; id?: number };
    if (m.id === undefined) return;
    if (m.type === 'npe') this.aggiungi(m.id);
    if (m.type === 'npe_delete' && this.tracked) {
      if (this.tutti) this.tutti.delete(m.id);
      else this.rimossi.add(m.id);
    }
  }

  /** The page's schedule (spec §4): every 5 s for the first minute, then every 60 s; then the events it missed. */
  private async riconnetti(): Promise<void> {
    const dal = Date.now();
    while (!this.chiusa) {
      await sleep(Date.now() - dal < 60_000 ? 5000 : 60_000);
      // Where the catch-up starts, read as the socket opens: a browser runs
      // onopen before any frame's task, while `ws` may hand over frames that
      // came in the same read (a late event loop) before the await below resumes.
      let dopo = 0;
      const aperto = await new Promise<boolean>((resolve) => {
        const ws = new WebSocket(this.url());
        ws.once('open', () => {
          dopo = this.maxNoto;
          this.ws = ws;
          this.reconnections += 1;
          ws.on('message', (data) => this.frame(data));
          ws.on('close', () => {
            if (!this.chiusa) void this.riconnetti();
          });
          resolve(true);
        });
        ws.once('error', () => resolve(false));
      });
      if (!aperto) continue;
      await this.recuperaDopo(dopo);
      return;
    }
  }

  /**
   * What the real page does when a punteggi_last snapshot's count of events
   * disagrees with its own (LiveController.resync, 3 s after): catch up with
   * id__gt, then, if it still disagrees, compare every id
   * (risposta-all/pk_risposte/). The events it brought: what the feed and
   * the catch-ups missed.
   */
  async risincronizza(numeroEventi: number): Promise<number[]> {
    const ids = this.ids;
    if (ids.size === numeroEventi) return [];
    const prima = new Set(ids);
    for (const id of await idsDopo(this.base, this.s.sessioneId, this.maxNoto)) this.aggiungi(id);
    if (ids.size !== numeroEventi) {
      const res = await get(
        this.base,
        `/api/gas/risposta-all/pk_risposte/?squadra__sessione=${this.s.sessioneId}`,
        true,
      );
      if (res.status === 200) {
        const presenti = new Set(JSON.parse(res.body.toString()) as number[]);
        for (const id of ids) if (!presenti.has(id)) ids.delete(id);
        for (const id of presenti) this.aggiungi(id);
      }
    }
    return [...ids].filter((id) => !prima.has(id));
  }

  chiudi(): void {
    this.chiusa = true;
    this.ws?.close();
  }
}
