// What main.ts starts next to the HTTP server: the LISTEN/NOTIFY bridge (with
// PostgreSQL) and the live demo (with demo data and GAS_DEMO_LIVE on).
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { LiveBridge } from './bridge';
import type { LiveBus } from './bus';
import { planDemo } from '../demo/plan';
import { ensureLiveSession } from '../demo/queries';
import { DemoSimulator, injectSubmitter } from '../demo/simulator';
import { snapshotsFor } from '../scores/cache';

export type LiveServices = {
  bridge: LiveBridge | null;
  /** Starts the demo (it submits through the app, so the app must be ready). */
  afterListen(): Promise<void>;
  /** Before app.close(): no more simulated submissions. */
  beforeClose(): Promise<void>;
  /** After app.close(): what in-flight requests published still goes to the other instances. */
  afterClose(): Promise<void>;
};

/** Before listening: no event committed once the server answers may miss the bridge. */
export async function startBridge(
  app: FastifyInstance,
  config: AppConfig,
  database: Database,
  live: LiveBus,
): Promise<LiveBridge | null> {
  if (database.kind !== 'postgres') return null;
  const bridge = new LiveBridge({
    connectionString: config.liveListenUrl ?? database.databaseUrl,
    live,
    db: database.db,
    log: app.log,
    onRemoteChange: (sessioneId) => snapshotsFor({ database, live }).invalidate(sessioneId),
  });
  await bridge.start();
  app.log.info({ instance: bridge.instanceId }, 'live: LISTEN/NOTIFY attivo');
  return bridge;
}

const DEMO_USER = 'inseritore';
const DEMO_SEED = 20_260_415;

/** The demo session "now" and its simulator; null when there is nothing to simulate. */
export async function startDemo(
  app: FastifyInstance,
  database: Database,
  now = new Date(),
): Promise<DemoSimulator | null> {
  const submit = await injectSubmitter(app, database.db, DEMO_USER);
  if (!submit) {
    app.log.warn({ user: DEMO_USER }, 'demo: utente del simulatore assente, simulatore spento');
    return null;
  }
  const session = await ensureLiveSession(database, { now, inseritore: DEMO_USER });
  const start = session.inizio.getTime();
  const actions = planDemo({
    seed: DEMO_SEED,
    squadre: session.squadre,
    problemi: session.problemi,
    durationMs: session.fine.getTime() - start,
    jollyMs: session.fineConsegnaJolly.getTime() - start,
  });
  const simulator = new DemoSimulator({ actions, startMs: start, submit, log: app.log });
  simulator.start();
  app.log.info(
    { sessione: session.sessioneId, azioni: simulator.remaining, riusata: session.reused },
    'demo: sessione in diretta avviata',
  );
  return simulator;
}

export async function startLive(
  app: FastifyInstance,
  config: AppConfig,
  database: Database,
  live: LiveBus,
): Promise<LiveServices> {
  const bridge = await startBridge(app, config, database, live);
  let demo: DemoSimulator | null = null;
  return {
    bridge,
    async afterListen() {
      if (!config.demoLive) return;
      try {
        demo = await startDemo(app, database);
      } catch (err) {
        // The demo is a nicety: the server runs without it.
        app.log.error({ err }, 'demo: avvio della sessione in diretta fallito');
      }
    },
    async beforeClose() {
      await demo?.stop();
    },
    async afterClose() {
      await bridge?.stop();
    },
  };
}
