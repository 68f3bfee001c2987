// The storm's load generator in several processes (issue 26, item 13): one
// Node process making 2,000 page loads of ~30 calls each in a minute can
// saturate its own event loop, and then the times it prints are its own
// queueing, not the server's. Each client process here makes a share of the
// loads (every K-th), measures its event-loop delay while it does, and the
// parent reads each client's CPU from /proc next to the servers', so the
// report can tell who was the bottleneck.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuSecondsOf } from '../live/procs';
import { chiudiAgente, Pagina, type Bersaglio, type Call } from './pagina';

export type EsitoPagina = {
  ms: number;
  ok: boolean;
  fallite: number;
  feedRitardato: boolean;
  tracked: boolean;
  calls: Call[];
};
/** A client process's own load while it made its loads: event-loop delay (ms) and CPU. */
export type CaricoCliente = { lagP50: number; lagP99: number; lagMax: number; cpuSeconds: number };

type Comando =
  | {
      tipo: 'avvia';
      base: string;
      bersaglio: Bersaglio;
      /** Wall-clock start of the storm (every process schedules from it). */
      t0: number;
      loads: number;
      seconds: number;
      trackedEvery: number;
      /** This client's loads: i ≡ indice (mod processi). */
      indice: number;
      processi: number;
    }
  | { tipo: 'verifica'; ids: number[] }
  | { tipo: 'chiudi' };
type Risposta =
  | { tipo: 'caricate'; pagine: EsitoPagina[]; lag: Omit<CaricoCliente, 'cpuSeconds'> }
  | {
      tipo: 'verificate';
      esatte: number;
      tracciate: number;
      riconnesse: number;
      /** Tracked pages whose count disagreed with the server's at the end, and the events their resync brought (what feed and catch-ups missed). */
      risincronizzate: number;
      portateDallaRisincronizzazione: number[];
      /** The server's events some tracked page lacks, and those a page holds that the server has not. */
      mancanti: number[];
      estranei: number[];
    }
  | { tipo: 'chiuso' };

/** The parent's side: K client processes driven together. */
export class Clienti {
  private constructor(private readonly figli: ChildProcess[]) {}

  static avvia(processi: number): Clienti {
    return new Clienti(
      Array.from({ length: processi }, () =>
        fork(fileURLToPath(import.meta.url), ['--cliente'], {
          execArgv: ['--import', 'tsx'],
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        }),
      ),
    );
  }

  get pids(): number[] {
    return this.figli.map((f) => f.pid!);
  }

  private chiedi<T extends Risposta>(figlio: ChildProcess, comando: Comando): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const uscito = (code: number | null) => reject(new Error(`storm client exited (${code})`));
      figlio.once('exit', uscito);
      figlio.once('message', (m) => {
        figlio.off('exit', uscito);
        resolve(m as T);
      });
      figlio.send(comando);
    });
  }

  /** Every client makes its share of the loads; resolves when all are loaded. */
  async carica(
    comando: Omit<Extract<Comando, { tipo: 'avvia' }>, 'tipo' | 'indice' | 'processi'>,
  ): Promise<{ pagine: EsitoPagina[]; clienti: CaricoCliente[] }> {
    const cpu0 = this.pids.map(cpuSecondsOf);
    const risposte = await Promise.all(
      this.figli.map(async (figlio, indice) => {
        const r = await this.chiedi<Extract<Risposta, { tipo: 'caricate' }>>(figlio, {
          tipo: 'avvia',
          ...comando,
          indice,
          processi: this.figli.length,
        });
        // Read as each finishes: its CPU for its own loads.
        return { ...r, cpuSeconds: cpuSecondsOf(figlio.pid!) - cpu0[indice]! };
      }),
    );
    return {
      pagine: risposte.flatMap((r) => r.pagine),
      clienti: risposte.map((r) => ({ ...r.lag, cpuSeconds: r.cpuSeconds })),
    };
  }

  /** The tracked pages catch up, then say how many hold exactly `ids`. */
  async verifica(ids: number[]): Promise<{
    esatte: number;
    tracciate: number;
    riconnesse: number;
    risincronizzate: number;
    portateDallaRisincronizzazione: number[];
    mancanti: number[];
    estranei: number[];
  }> {
    const risposte = await Promise.all(
      this.figli.map((f) =>
        this.chiedi<Extract<Risposta, { tipo: 'verificate' }>>(f, { tipo: 'verifica', ids }),
      ),
    );
    return {
      esatte: risposte.reduce((n, r) => n + r.esatte, 0),
      tracciate: risposte.reduce((n, r) => n + r.tracciate, 0),
      riconnesse: risposte.reduce((n, r) => n + r.riconnesse, 0),
      risincronizzate: risposte.reduce((n, r) => n + r.risincronizzate, 0),
      portateDallaRisincronizzazione: [
        ...new Set(risposte.flatMap((r) => r.portateDallaRisincronizzazione)),
      ].sort((a, b) => a - b),
      mancanti: [...new Set(risposte.flatMap((r) => r.mancanti))].sort((a, b) => a - b),
      estranei: [...new Set(risposte.flatMap((r) => r.estranei))].sort((a, b) => a - b),
    };
  }

  async chiudi(): Promise<void> {
    await Promise.all(this.figli.map((f) => this.chiedi(f, { tipo: 'chiudi' })));
    for (const f of this.figli) f.disconnect();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The child's side: its share of the loads, kept open until `chiudi`. */
async function cliente(): Promise<void> {
  const pagine: Pagina[] = [];
  process.on('message', (m: Comando) => {
    void (async () => {
      if (m.tipo === 'avvia') {
        const lag = monitorEventLoopDelay({ resolution: 10 });
        lag.enable();
        const loads: Promise<void>[] = [];
        for (let i = m.indice; i < m.loads; i += m.processi) {
          const due = m.t0 + (i * m.seconds * 1000) / m.loads;
          if (due > Date.now()) await sleep(due - Date.now());
          // Counted within this process's own loads: by the load's number, every
          // tracked page (which decodes and keeps every event) fell on one process.
          const tracked = Math.floor(i / m.processi) % m.trackedEvery === 0;
          const pagina = new Pagina(m.base, m.bersaglio, tracked);
          pagine.push(pagina);
          loads.push(pagina.carica());
        }
        await Promise.all(loads);
        lag.disable();
        const ms = (ns: number) => ns / 1e6;
        process.send!({
          tipo: 'caricate',
          pagine: pagine.map((p) => ({
            ms: p.ms,
            ok: p.ok,
            fallite: p.fallite,
            feedRitardato: p.feedRitardato,
            tracked: p.tracked,
            calls: p.calls,
          })),
          lag: {
            lagP50: ms(lag.percentile(50)),
            lagP99: ms(lag.percentile(99)),
            lagMax: ms(lag.max),
          },
        } satisfies Risposta);
      } else if (m.tipo === 'verifica') {
        const tracked = pagine.filter((p) => p.tracked);
        const portate = await Promise.all(tracked.map((p) => p.risincronizza(m.ids.length)));
        const risincronizzate = portate.filter((ids) => ids.length > 0).length;
        const portateDallaRisincronizzazione = [...new Set(portate.flat())];
        const esatte = tracked.filter(
          (p) => p.ids.size === m.ids.length && m.ids.every((id) => p.ids.has(id)),
        ).length;
        const riconnesse = pagine.filter((p) => p.reconnections > 0).length;
        const server = new Set(m.ids);
        const mancanti = new Set<number>();
        const estranei = new Set<number>();
        for (const p of tracked) {
          for (const id of m.ids) if (!p.ids.has(id)) mancanti.add(id);
          for (const id of p.ids) if (!server.has(id)) estranei.add(id);
        }
        process.send!({
          tipo: 'verificate',
          esatte,
          tracciate: tracked.length,
          riconnesse,
          risincronizzate,
          portateDallaRisincronizzazione,
          mancanti: [...mancanti],
          estranei: [...estranei],
        } satisfies Risposta);
      } else {
        for (const p of pagine) p.chiudi();
        chiudiAgente();
        process.send!({ tipo: 'chiuso' } satisfies Risposta);
      }
    })();
  });
}

if (process.argv.includes('--cliente')) await cliente();
