// The instance's metrics in the Prometheus text format (issue 16), through
// prom-client. Each app has its own registry (tests build several apps in
// one process). What the modules already count (the hub's frames, the
// snapshot cache's hits, the pool) is read when Prometheus scrapes; what
// happens per request or per answer is counted where it happens, with
// labels of bounded cardinality (route patterns, outcomes, feed kinds: never
// ids).
import type { ModificaGara } from '@gas/contracts';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import { connessioniListenPerse } from '../db/listener';
import type { FeedTypeStats } from '../live/hub';

/** Readers of counts kept elsewhere, registered by whoever owns them. */
export type FontiMetriche = {
  hub?: () => Map<string, FeedTypeStats>;
  snapshot?: () => { hits: number; misses: number };
};

export type EsitoConsegna = 'creata' | 'duplicata' | 'ripetuta' | 'conflitto' | 'obsoleta';

/** A counter that follows a cumulative count kept elsewhere (read at scrape time). */
function seguiConteggio(contatore: Counter<string>) {
  const visti = new Map<string, number>();
  return (etichette: Record<string, string>, valore: number) => {
    const chiave = JSON.stringify(etichette);
    const prima = visti.get(chiave) ?? 0;
    // A source that restarted (a new hub after a restart of the app) counts again from 0.
    const delta = valore >= prima ? valore - prima : valore;
    if (delta > 0) contatore.inc(etichette, delta);
    visti.set(chiave, valore);
  };
}

export class Metriche {
  readonly registro = new Registry();
  readonly fonti: FontiMetriche = {};

  readonly richiesteHttp: Histogram<'method' | 'route' | 'status_code'>;
  private readonly consegne: Counter<'esito'>;
  private readonly risposteSalvate: Counter<'esito'>;
  private readonly lotti: Histogram<string>;
  private readonly modifiche: Counter<'tipo'>;

  constructor(database: Database) {
    const registers = [this.registro];
    collectDefaultMetrics({ register: this.registro });
    this.richiesteHttp = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Durata delle richieste HTTP per metodo, rotta (il pattern registrato) e stato',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.risposteSalvate = new Counter({
      name: 'gas_risposte_salvate_total',
      help: 'Risposte memorizzate, per esito della verifica (corretta, errata): rate() dà le risposte al secondo',
      labelNames: ['esito'],
      registers,
    });
    this.consegne = new Counter({
      name: 'gas_consegne_total',
      help: 'Consegne di risposte per esito: creata, duplicata (la stessa entro 10 s), ripetuta (stessa Idempotency-Key), conflitto (chiave riusata), obsoleta (dati cambiati, riverificata)',
      labelNames: ['esito'],
      registers,
    });
    this.lotti = new Histogram({
      name: 'gas_consegna_lotto_risposte',
      help: 'Risposte per istruzione del group commit (ConsegnaBatcher)',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers,
    });

    this.modifiche = new Counter({
      name: 'gas_modifiche_gara_total',
      help: 'Modifiche dei dati di gara confermate (il flusso delle modifiche), per tipo: consegna, consegna_eliminata, evento_modificato, messaggio…',
      labelNames: ['tipo'],
      registers,
    });

    const fonti = this.fonti;
    new Gauge({
      name: 'gas_ws_connessioni',
      help: 'Connessioni WebSocket aperte, per tipo di feed (eventi, last, messaggi)',
      labelNames: ['feed'],
      registers,
      collect() {
        this.reset();
        for (const [feed, s] of fonti.hub?.() ?? []) this.set({ feed }, s.sockets);
      },
    });
    const frame = new Counter({
      name: 'gas_ws_frame_inviati_total',
      help: 'Frame inviati ai client delle feed live, per tipo di feed',
      labelNames: ['feed'],
      registers,
      collect() {
        for (const [feed, s] of fonti.hub?.() ?? []) seguiFrame({ feed }, s.framesSent);
      },
    });
    const seguiFrame = seguiConteggio(frame);
    const lenti = new Counter({
      name: 'gas_ws_client_lenti_chiusi_total',
      help: 'Client delle feed live chiusi perché non leggevano (buffer oltre GAS_WS_MAX_BUFFERED_BYTES)',
      labelNames: ['feed'],
      registers,
      collect() {
        for (const [feed, s] of fonti.hub?.() ?? []) seguiLenti({ feed }, s.droppedSlow);
      },
    });
    const seguiLenti = seguiConteggio(lenti);
    const listen = new Counter({
      name: 'gas_listen_connessioni_perse_total',
      help: 'Connessioni LISTEN di PostgreSQL perse (e riaperte) da questo processo, per connessione',
      labelNames: ['connessione'],
      registers,
      collect() {
        for (const [connessione, n] of connessioniListenPerse) seguiListen({ connessione }, n);
      },
    });
    const seguiListen = seguiConteggio(listen);
    const snapshot = new Counter({
      name: 'gas_snapshot_cache_total',
      help: 'Letture della classifica in cache: hit (dalla memoria) e miss (ricostruita)',
      labelNames: ['esito'],
      registers,
      collect() {
        const s = fonti.snapshot?.();
        if (!s) return;
        seguiSnapshot({ esito: 'hit' }, s.hits);
        seguiSnapshot({ esito: 'miss' }, s.misses);
      },
    });
    const seguiSnapshot = seguiConteggio(snapshot);
    new Gauge({
      name: 'gas_db_pool_connessioni',
      help: 'Connessioni del pool PostgreSQL: totali, inattive, richieste in attesa (PGlite: una connessione interna)',
      labelNames: ['stato'],
      registers,
      collect() {
        if (database.kind === 'postgres') {
          const pool = database.client;
          this.set({ stato: 'totali' }, pool.totalCount);
          this.set({ stato: 'inattive' }, pool.idleCount);
          this.set({ stato: 'in_attesa' }, pool.waitingCount);
        } else {
          this.set({ stato: 'totali' }, 1);
        }
      },
    });
  }

  /** One answer submission's outcome (the answer route). */
  consegna(esito: EsitoConsegna, corretta?: boolean | null): void {
    this.consegne.inc({ esito });
    if (esito === 'creata') this.risposteSalvate.inc({ esito: corretta ? 'corretta' : 'errata' });
  }

  /** The change stream's subscriber (gara/modifiche.ts). */
  modifica(modifica: ModificaGara): void {
    this.modifiche.inc({ tipo: modifica.tipo });
  }

  /** Answers sent to the database in one statement. */
  lotto(dimensione: number): void {
    this.lotti.observe(dimensione);
  }

  testo(): Promise<string> {
    return this.registro.metrics();
  }
}
