import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { LiveBus } from '../live/bus';
import type { SnapshotCache } from '../scores/cache';
import type { Mailer } from '../email/mailer';
import type { CasellaErrori } from '../errori/casella';
import type { Prontezza } from '../util/prontezza';
import type { Metriche } from '../metrics/metriche';
import type { SincronizzazioneOlimpiadi } from './import/sync';
import type { ConsegnaBatcher } from './risposta/consegna';
import type { SubmissionTargets } from './risposta/targets';

/** What every API route plugin receives: the app's services (services.ts). */
export type ApiDeps = {
  config: AppConfig;
  database: Database;
  live: LiveBus;
  snapshots: SnapshotCache;
  /** The answer route's in-memory copies of what it checks. */
  targets: SubmissionTargets;
  batcher: ConsegnaBatcher;
  /** Outgoing e-mail. */
  mailer: Mailer;
  /** The error inbox (POST /api/errori/, the back office's list). */
  errori: CasellaErrori;
  /** Whether the instance takes traffic (/readyz). */
  prontezza: Prontezza;
  /** Prometheus metrics: the answer route counts its outcomes. */
  metriche: Metriche;
  /** The scheduled sync with the olympiad site ('Sincronizza ora'). */
  sync: SincronizzazioneOlimpiadi;
};
