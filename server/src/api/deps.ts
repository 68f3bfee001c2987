import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { FlussoModifiche } from '../gara/modifiche';
import type { SnapshotCache } from '../scores/cache';
import type { Mailer } from '../email/mailer';
import type { CasellaErrori } from '../errori/casella';
import type { Readiness } from '../util/readiness';
import type { Metriche } from '../metrics/metriche';
import type { SincronizzazioneOlimpiadi } from '../gara/importazione/sync';
import type { ConsegnaBatcher } from '../gara/risposte/consegna';
import type { SubmissionTargets } from '../gara/risposte/targets';
import type { EventoLookups } from '../access/lookups';

/** What every API route plugin receives: the app's services (services.ts). */
export type ApiDeps = {
  config: AppConfig;
  database: Database;
  /** The change stream: the core's use cases emit on it after their commit. */
  modifiche: FlussoModifiche;
  snapshots: SnapshotCache;
  /** Which event a session belongs to, shared by the hot public reads (access/lookups.ts). */
  lookups: Pick<EventoLookups, 'sessionePerLettura'>;
  /** The answer route's in-memory copies of what it checks. */
  targets: SubmissionTargets;
  batcher: ConsegnaBatcher;
  /** Outgoing e-mail. */
  mailer: Mailer;
  /** The error inbox (POST /api/errori/, the back office's list). */
  errori: CasellaErrori;
  /** Whether the instance takes traffic (/readyz). */
  readiness: Readiness;
  /** Prometheus metrics: the answer route counts its outcomes. */
  metriche: Metriche;
  /** The scheduled sync with the olympiad site ('Sincronizza ora'). */
  sync: SincronizzazioneOlimpiadi;
};
