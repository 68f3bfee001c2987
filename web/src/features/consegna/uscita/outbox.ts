// The answer desk's outbox (issue 17): every submission is written to the
// device (archivio.ts) before it is sent, and sent again, in the order it
// was typed, until the server answers: when the connection comes back, when
// the page is shown again, on every load, and every few seconds while
// something waits. Each attempt carries the submission's Idempotency-Key, so
// a retry of something the server already stored gets the stored answer and
// never makes a second row. The server's refusals (the contest is over, a
// problem of another event) are kept with its reason for the user to see.
import type { StatoDigitazione } from '@gas/contracts';
import { ApiError } from '../../../api/errors';
import { CONSERVA_INVIATE_MS, type Invio } from './tipi';
import type { Archivio } from './archivio';

/** The server's answer to one submission. */
export type Risultato = {
  corretto: boolean | null;
  momento: string;
  /** Under double entry: where this typing stands, until two agree (then it is an answer). */
  digitazione?: StatoDigitazione;
};

export type OutboxState = {
  /** False while the server could not be reached (or the browser says it is offline). */
  connesso: boolean;
  /** False when the device cannot keep the entries (no IndexedDB). */
  durevole: boolean;
  invii: readonly Invio[];
};

export type OutboxDeps = {
  archivio: Archivio;
  /** One attempt: the server's answer, or an ApiError. */
  spedisci(invio: Invio): Promise<Risultato>;
  now?: () => number;
};

/** Waits between attempts while the server cannot be reached: 2 s doubling to 30 s. */
const ATTESA_MIN_MS = 2_000;
const ATTESA_MAX_MS = 30_000;

/** Worth another attempt later: no answer, the server's own failure, or "too many". */
export function daRiprovare(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.kind === 'network' ||
    error.kind === 'server' ||
    error.kind === 'throttled' ||
    error.status === 408
  );
}

/** The server's reason in one sentence (its field errors included). */
export function motivoDi(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  const campi = Object.values(error.fieldErrors).flat();
  return [...error.nonFieldErrors, ...campi].join(' ') || error.detail;
}

export class Outbox {
  private stato: OutboxState;
  private readonly ascoltatori = new Set<() => void>();
  private inCorso: Promise<void> | null = null;
  private ancora = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attesaMs = ATTESA_MIN_MS;
  private readonly now: () => number;
  /** The last refusal of each submission, for the form to show on its fields. */
  private readonly rifiuti = new Map<string, unknown>();
  /** Submissions whose form is waiting for the answer (enqueue). */
  private readonly alModulo = new Set<string>();

  constructor(
    private readonly utente: number,
    private readonly deps: OutboxDeps,
  ) {
    this.now = deps.now ?? Date.now;
    this.stato = {
      connesso: typeof navigator === 'undefined' || navigator.onLine !== false,
      durevole: deps.archivio.durevole,
      invii: [],
    };
  }

  // ---- what the page reads (useSyncExternalStore)

  read = (): OutboxState => this.stato;

  subscribe = (ascoltatore: () => void): (() => void) => {
    this.ascoltatori.add(ascoltatore);
    return () => this.ascoltatori.delete(ascoltatore);
  };

  private imposta(parziale: Partial<OutboxState>): void {
    this.stato = { ...this.stato, ...parziale };
    for (const a of this.ascoltatori) a();
  }

  private async ricarica(): Promise<void> {
    const tutti = await this.deps.archivio.perUtente(this.utente);
    const limite = this.now() - CONSERVA_INVIATE_MS;
    const vecchi = tutti.filter(
      (i) => i.stato === 'inviata' && i.concluso && Date.parse(i.concluso) < limite,
    );
    for (const v of vecchi) await this.deps.archivio.elimina(v.chiave);
    const invii = tutti
      .filter((i) => !vecchi.includes(i))
      .sort((a, b) => a.digitata.localeCompare(b.digitata));
    this.imposta({ invii });
  }

  // ---- what the page does

  /** Loads what this device kept for the user and sends what waits. */
  async start(): Promise<void> {
    await this.ricarica();
    void this.flush();
  }

  /**
   * Keeps a new submission on the device, then sends it (after any earlier
   * one). Resolves with its state once the server answered, or after
   * `attesaMs` while it still waits (the form does not hang on a dead
   * network). Refused while the form waits, it is not kept: the form shows
   * why on its fields (`refusal`), where the typed values still are.
   */
  async enqueue(invio: Invio, attesaMs = 6_000): Promise<Invio> {
    this.alModulo.add(invio.chiave);
    try {
      await this.deps.archivio.salva(invio);
      await this.ricarica();
      await Promise.race([this.flush(), new Promise((resolve) => setTimeout(resolve, attesaMs))]);
    } finally {
      this.alModulo.delete(invio.chiave);
    }
    return (
      this.stato.invii.find((i) => i.chiave === invio.chiave) ??
      (this.rifiuti.has(invio.chiave) ? { ...invio, stato: 'rifiutata' } : invio)
    );
  }

  /** Why the server refused a submission (the ApiError, with its field errors). */
  refusal(chiave: string): unknown {
    return this.rifiuti.get(chiave);
  }

  /** Forgets a submission (one waiting, refused, or already sent). */
  async remove(chiave: string): Promise<void> {
    await this.deps.archivio.elimina(chiave);
    await this.ricarica();
  }

  /**
   * Sends what waits, oldest first, one at a time (the server sees them in
   * the order they were typed). Stops at the first that cannot reach the
   * server and tries again later. Calls while sending run once more after.
   */
  flush(): Promise<void> {
    if (this.inCorso) {
      this.ancora = true;
      return this.inCorso;
    }
    this.inCorso = (async () => {
      do {
        this.ancora = false;
        await this.giro();
      } while (this.ancora);
    })().finally(() => (this.inCorso = null));
    return this.inCorso;
  }

  private async giro(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const invio of this.stato.invii.filter((i) => i.stato === 'in_attesa')) {
      let aggiornato: Invio;
      try {
        const esito = await this.deps.spedisci(invio);
        aggiornato = { ...invio, stato: 'inviata', esito, concluso: this.istante() };
      } catch (error) {
        if (daRiprovare(error)) {
          this.imposta({ connesso: false });
          this.riprovaTra(this.attesaMs);
          this.attesaMs = Math.min(this.attesaMs * 2, ATTESA_MAX_MS);
          return;
        }
        this.rifiuti.set(invio.chiave, error);
        if (this.alModulo.has(invio.chiave)) {
          await this.deps.archivio.elimina(invio.chiave);
          this.imposta({ invii: this.stato.invii.filter((i) => i.chiave !== invio.chiave) });
          continue;
        }
        aggiornato = {
          ...invio,
          stato: 'rifiutata',
          motivo: motivoDi(error),
          concluso: this.istante(),
        };
      }
      this.attesaMs = ATTESA_MIN_MS;
      await this.deps.archivio.salva(aggiornato);
      this.imposta({
        connesso: true,
        invii: this.stato.invii.map((i) => (i.chiave === invio.chiave ? aggiornato : i)),
      });
    }
    this.imposta({ connesso: true });
  }

  private istante(): string {
    return new Date(this.now()).toISOString();
  }

  private riprovaTra(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  /** Sends again as soon as the browser is back online or the page is shown again. */
  connect(finestra: Window = window): () => void {
    const ora = () => {
      this.attesaMs = ATTESA_MIN_MS;
      void this.flush();
    };
    const visibile = () => {
      if (finestra.document.visibilityState === 'visible') ora();
    };
    const offline = () => this.imposta({ connesso: false });
    finestra.addEventListener('online', ora);
    finestra.addEventListener('offline', offline);
    finestra.document.addEventListener('visibilitychange', visibile);
    return () => {
      finestra.removeEventListener('online', ora);
      finestra.removeEventListener('offline', offline);
      finestra.document.removeEventListener('visibilitychange', visibile);
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    };
  }
}
