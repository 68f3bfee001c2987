// The scheduled sync with the external olympiad site (issue 15): with
// GAS_SYNC_URL set, the document is pulled every GAS_SYNC_MINUTES (with
// GAS_SYNC_TOKEN as a bearer token) and applied through the import engine.
// One instance starts a run at a time (a lease under an advisory lock,
// queries.ts); a failing pull (network, HTTP status, not JSON, an invalid
// document) changes nothing, is logged and recorded, and the next period
// tries again. The token never reaches a log, a record or an answer.
import { IMPORT_LIMITI, type EsitoImport } from '@gas/contracts';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { Sincronizzazione } from '../../db/schema';
import { importa, type CambiImport } from './engine';
import { chiudiSincronizzazione, iniziaSincronizzazione, ultimeSincronizzazioni } from './queries';

/** How long a pull may take. */
const TIMEOUT_MS = 60_000;

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** The document, or why there is none (Italian, for the back office). */
type Scaricato = { ok: true; documento: unknown } | { ok: false; errore: string };

export async function scaricaDocumento(
  url: string,
  token: string | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<Scaricato> {
  let res: Response;
  try {
    res = await fetchImpl(url, {
      headers: {
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const causa = (error as { cause?: { code?: string } }).cause?.code;
    const tempo = (error as { name?: string }).name === 'TimeoutError';
    return {
      ok: false,
      errore: tempo
        ? `Il sito olimpiadi non ha risposto entro ${TIMEOUT_MS / 1000} secondi.`
        : `Sito olimpiadi non raggiungibile${causa ? ` (${causa})` : ''}.`,
    };
  }
  if (!res.ok) {
    await res.body?.cancel();
    return { ok: false, errore: `Il sito olimpiadi ha risposto con lo stato HTTP ${res.status}.` };
  }
  const dichiarati = Number(res.headers.get('content-length') ?? 0);
  if (dichiarati > IMPORT_LIMITI.corpo) {
    await res.body?.cancel();
    return { ok: false, errore: 'Il documento del sito olimpiadi supera i 20 MB.' };
  }
  const bytes = await res.arrayBuffer();
  if (bytes.byteLength > IMPORT_LIMITI.corpo) {
    return { ok: false, errore: 'Il documento del sito olimpiadi supera i 20 MB.' };
  }
  try {
    return { ok: true, documento: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return {
      ok: false,
      errore: 'Il sito olimpiadi ha mandato un documento che non è JSON valido.',
    };
  }
}

export class SincronizzazioneOlimpiadi {
  private timer: NodeJS.Timeout | null = null;
  private corrente: Promise<unknown> | null = null;

  constructor(
    private readonly deps: {
      database: Database;
      config: Pick<AppConfig, 'sync'>;
      log: Log;
      /** After an applied import (dopo.ts). */
      dopoIlCommit(cambi: CambiImport): void;
      fetchImpl?: typeof fetch;
    },
  ) {}

  get configurata(): boolean {
    return this.deps.config.sync.url !== undefined;
  }

  /** The origin of the URL (its path and query may hold secrets). */
  get sorgente(): string | null {
    const url = this.deps.config.sync.url;
    return url ? new URL(url).origin : null;
  }

  /** Starts the schedule: a first run now, then one every period. */
  start(): void {
    if (!this.configurata || this.timer) return;
    const periodo = this.deps.config.sync.minutes * 60_000;
    const tick = () => {
      this.corrente = this.esegui(null, true).catch((err: unknown) =>
        this.deps.log.error({ err }, 'sincronizzazione: errore inatteso'),
      );
    };
    tick();
    this.timer = setInterval(tick, periodo);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.corrente;
  }

  ultime(quante = 20) {
    return ultimeSincronizzazioni(this.deps.database.db, quante);
  }

  /**
   * One run: null when another is in progress (or, for a scheduled run,
   * another instance has just done this period's).
   */
  async esegui(utenteId: number | null, pianificata = false): Promise<Sincronizzazione | null> {
    const { url, token, minutes } = this.deps.config.sync;
    if (!url) return null;
    const { db } = this.deps.database;
    const run = await iniziaSincronizzazione(
      db,
      utenteId,
      pianificata ? { periodoMs: minutes * 60_000 } : null,
    );
    if (!run) return null;
    const chiudi = (fine: {
      esito: Sincronizzazione['esito'];
      riepilogo?: EsitoImport;
      errore?: string;
      generato?: string;
    }) =>
      chiudiSincronizzazione(db, run.id, {
        esito: fine.esito,
        riepilogo: fine.riepilogo ?? null,
        errore: fine.errore ?? '',
        generato: fine.generato ?? '',
      });
    try {
      const scaricato = await scaricaDocumento(url, token, this.deps.fetchImpl);
      if (!scaricato.ok) {
        this.deps.log.warn(
          { sincronizzazione: run.id, errore: scaricato.errore },
          'sincronizzazione fallita',
        );
        return await chiudi({ esito: 'fallito', errore: scaricato.errore });
      }
      const esito = await importa(db, scaricato.documento, {
        dryRun: false,
        dettagli: false,
        audit: { userId: utenteId, indirizzo: '' },
        dopoIlCommit: this.deps.dopoIlCommit,
      });
      const generato = String(
        (scaricato.documento as { generato?: unknown } | null)?.generato ?? '',
      ).slice(0, 100);
      if (!esito.applicato) {
        this.deps.log.warn(
          { sincronizzazione: run.id, errori: esito.errori.length },
          'sincronizzazione: documento rifiutato',
        );
        return await chiudi({ esito: 'rifiutato', riepilogo: esito, generato });
      }
      this.deps.log.info(
        { sincronizzazione: run.id, creati: esito.creati, aggiornati: esito.aggiornati },
        'sincronizzazione applicata',
      );
      return await chiudi({ esito: 'applicato', riepilogo: esito, generato });
    } catch (err) {
      this.deps.log.error({ err, sincronizzazione: run.id }, 'sincronizzazione: errore inatteso');
      return chiudi({ esito: 'fallito', errore: 'Errore inatteso durante l’importazione.' });
    }
  }
}
