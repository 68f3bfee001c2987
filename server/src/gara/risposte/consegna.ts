// Storing checked answers: gas_consegna_risposte
// (server/src/db/functions/gas_consegna_risposte.sql) locks each team, looks
// for the same answer received in the last DUPLICATE_WINDOW_MS, verifies that
// the solution `corretto` was computed with is still the problem's, and
// inserts with its audit entry; a whole batch in one round trip and
// transaction. It is the one way an answer row is stored: the answer desk
// (the batcher below), double entry and the joker's row of kind j (inside
// their own transactions, `consegnaNellaTransazione`).
//
// ConsegnaBatcher is the group commit in front of it: an answer goes out at
// once when a connection is free; those arriving while all are busy wait and
// go together in the next statement. Nobody waits longer than one batch, and
// under load the database pays one round trip and one commit per batch
// instead of per answer.
import type { Database, DbOrTx } from '../../db/client';
import { queryRows, type RawStatement } from '../../db/raw';
import type { Problema, Risposta } from '../../db/schema';
import { consegnaNellaTransazione } from './queries';

/** A resubmission of the same answer within this time is the same answer. */
export const DUPLICATE_WINDOW_MS = 10_000;
/** Answers per statement at most. */
const MAX_BATCH = 64;

const CONSEGNA: RawStatement = {
  name: 'gas_consegna_risposte',
  text: 'select * from gas_consegna_risposte($1::jsonb)',
};

export type ConsegnaInput = {
  squadraId: number;
  sessioneId: number;
  problema: Pick<Problema, 'id' | 'soluzione' | 'soluzioneExp' | 'intervalloValidita'>;
  valore: string;
  valoreExp: number;
  momentoConsegna: Date;
  /** Keyed in by staff: a slip is the same slip only with the same delivery time. */
  momentoScelto: boolean;
  ricevuta: Date;
  corretto: boolean;
  inseritaDa: number | null;
  /** The submitter's address, for the audit entry the function writes. */
  indirizzo: string;
  /** Idempotency-Key and the sha256 of its request (issue 17), or null without a key. */
  chiave: string | null;
  impronta: string | null;
};

/**
 * A joker's answer row (kind j): no value and no correctness, the choice it
 * carries into the live feed and the rankings (gara/risposte/jolly.ts).
 */
export type ConsegnaJolly = Pick<
  ConsegnaInput,
  'squadraId' | 'sessioneId' | 'momentoConsegna' | 'ricevuta' | 'inseritaDa' | 'indirizzo'
> &
  Pick<ConsegnaInput, 'chiave' | 'impronta'> & { problemaId: number };

export type ConsegnaOutcome =
  /** replay: the key was used before with this same request; its row. */
  | { esito: 'created' | 'duplicate' | 'replay'; row: Risposta }
  /** The team left the session or the solution changed: check again with fresh data. */
  | { esito: 'stale' }
  /** The key was used before with another request. */
  | { esito: 'conflict' };

export type OutcomeRow = {
  n: number;
  esito: 'created' | 'duplicate' | 'replay' | 'conflict' | 'stale';
  r_id: number;
  r_sessione_id: number;
  r_corretto: boolean | null;
  r_momento_consegna: Date;
  r_date: Date;
  r_date_received: Date;
  r_inserita_da: number | null;
};

/** One statement for all the inputs; outcomes in the same order. */
export async function consegnaRisposte(
  database: Database,
  inputs: readonly ConsegnaInput[],
): Promise<ConsegnaOutcome[]> {
  const rows = await queryRows<OutcomeRow>(database, CONSEGNA, [consegnaPayload(inputs)]);
  return consegnaOutcomes(inputs, rows);
}

/** The function's argument: the inputs as JSON, numbered from 1. */
export function consegnaPayload(inputs: readonly ConsegnaInput[]): string {
  const payload = inputs.map((input, i) => ({
    n: i + 1,
    squadra: input.squadraId,
    sessione: input.sessioneId,
    problema: input.problema.id,
    valore: input.valore,
    valore_exp: input.valoreExp,
    momento: input.momentoConsegna.toISOString(),
    momento_scelto: input.momentoScelto,
    ricevuta: input.ricevuta.toISOString(),
    dal: new Date(input.ricevuta.getTime() - DUPLICATE_WINDOW_MS).toISOString(),
    corretto: input.corretto,
    inserita_da: input.inseritaDa,
    soluzione: input.problema.soluzione,
    soluzione_exp: input.problema.soluzioneExp,
    intervallo: input.problema.intervalloValidita,
    indirizzo: input.indirizzo,
    chiave: input.chiave,
    impronta: input.impronta,
  }));
  return JSON.stringify(payload);
}

/** The function's argument for a joker's row. */
export function jollyPayload(input: ConsegnaJolly): string {
  return JSON.stringify([
    {
      n: 1,
      kind: 'j',
      squadra: input.squadraId,
      sessione: input.sessioneId,
      problema: input.problemaId,
      momento: input.momentoConsegna.toISOString(),
      ricevuta: input.ricevuta.toISOString(),
      inserita_da: input.inseritaDa,
      indirizzo: input.indirizzo,
      chiave: input.chiave,
      impronta: input.impronta,
    },
  ]);
}

/** The joker's row stored (or a key's earlier one), in the caller's transaction. */
export async function consegnaJolly(
  tx: DbOrTx,
  input: ConsegnaJolly,
): Promise<Exclude<ConsegnaOutcome, { esito: 'duplicate' }>> {
  const [out] = await consegnaNellaTransazione(tx, jollyPayload(input));
  if (!out || out.esito === 'stale') return { esito: 'stale' };
  if (out.esito === 'conflict') return { esito: 'conflict' };
  if (out.esito === 'duplicate') throw new Error('un jolly non ha doppioni');
  return {
    esito: out.esito,
    row: {
      ...rigaDi(out, input),
      problemaId: input.problemaId,
      valore: '',
      valoreExp: 0,
      kind: 'j',
      corretto: null,
    },
  };
}

/** The fields of a stored row the function answers with, whatever its kind. */
function rigaDi(out: OutcomeRow, input: Pick<ConsegnaInput, 'squadraId' | 'chiave' | 'impronta'>) {
  return {
    id: out.r_id,
    squadraId: input.squadraId,
    sessioneId: out.r_sessione_id,
    momentoConsegna: out.r_momento_consegna,
    date: out.r_date,
    dateReceived: out.r_date_received,
    inseritaDa: out.r_inserita_da,
    // A keyed row is stored with its key (a replay too: same request).
    chiaveIdempotenza: input.chiave,
    improntaRichiesta: input.impronta,
  };
}

/** The function's rows as outcomes, in the order of the inputs. */
export function consegnaOutcomes(
  inputs: readonly ConsegnaInput[],
  rows: readonly OutcomeRow[],
): ConsegnaOutcome[] {
  const outcomes: ConsegnaOutcome[] = inputs.map(() => ({ esito: 'stale' }));
  for (const out of rows) {
    const input = inputs[out.n - 1];
    if (!input || out.esito === 'stale') continue;
    if (out.esito === 'conflict') {
      outcomes[out.n - 1] = { esito: 'conflict' };
      continue;
    }
    outcomes[out.n - 1] = {
      esito: out.esito,
      row: {
        ...rigaDi(out, input),
        problemaId: input.problema.id,
        // A duplicate or a replay has the same value by definition.
        valore: input.valore,
        valoreExp: input.valoreExp,
        kind: 'r',
        corretto: out.r_corretto,
      },
    };
  }
  return outcomes;
}

type Waiting = {
  input: ConsegnaInput;
  resolve(outcome: ConsegnaOutcome): void;
  reject(error: unknown): void;
};

export class ConsegnaBatcher {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Counters (tests and metrics). */
  readonly stats = { statements: 0, answers: 0, largestBatch: 0, fallbacks: 0 };

  /**
   * @param concurrency statements at once: 1 for PGlite (one connection
   *   anyway), a few for PostgreSQL (its cores work in parallel).
   */
  constructor(
    private readonly database: Database,
    private readonly concurrency: number,
    /** Told the size of each batch sent (the metrics' histogram). */
    private readonly onBatch?: (size: number) => void,
  ) {}

  submit(input: ConsegnaInput): Promise<ConsegnaOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.schedule();
    });
  }

  /**
   * After the I/O callbacks of this turn of the event loop: the requests read
   * together go together (PGlite runs a statement synchronously, so without
   * this wait each would find the database idle and go alone).
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.concurrency && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    this.stats.statements += 1;
    this.stats.answers += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    this.onBatch?.(batch.length);
    try {
      const outcomes = await consegnaRisposte(
        this.database,
        batch.map((w) => w.input),
      );
      batch.forEach((w, i) => w.resolve(outcomes[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One bad row (a team deleted meanwhile...) must not fail the others:
      // each on its own, so each gets its own outcome or error.
      this.stats.fallbacks += 1;
      await Promise.all(
        batch.map((w) =>
          consegnaRisposte(this.database, [w.input]).then((o) => w.resolve(o[0]!), w.reject),
        ),
      );
    }
  }
}
