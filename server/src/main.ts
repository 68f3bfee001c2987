// Starts the server: config, database (migrated, demo data when empty), HTTP.
// Stops cleanly on SIGTERM/SIGINT. Start-up failures print one line and exit 1.
import { loadConfig, ConfigError, type AppConfig } from './config';
import { openDatabase, migrateDatabase, type Database } from './db/client';
import { seedDemoData } from './demo/seed';
import { startDemo } from './demo/live';
import type { DemoSimulator } from './demo/simulator';
import { buildApp } from './app';
import { avvisoLinkLocali } from './email/messaggi';
import { startBridge } from './live';
import type { LiveBridge } from './live/bridge';
import { warmUp } from './live/warmup';
import { listenWithAcceptQueues, type ExtraAcceptQueues } from './util/accept-queues';

/** Connections waiting to be accepted (the kernel caps it at net.core.somaxconn). */
const LISTEN_BACKLOG = 4096;

function fail(message: string): never {
  console.error(`GaS: avvio fallito: ${message}`);
  process.exit(1);
}

function databaseFailure(config: AppConfig, error: unknown): never {
  const variable = config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR';
  const reason = error instanceof Error ? error.message : String(error);
  fail(reason.startsWith(variable) ? reason : `${variable}: ${reason}`);
}

async function start(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    databaseFailure(config, error);
  }

  // Listening comes first, so that a load balancer's probes are answered while
  // the database is migrated: /healthz (alive) at once, /readyz and everything
  // else 503 until start-up is over (util/readiness.ts).
  // The app builds its services (services.ts) and closes them with itself.
  const app = await buildApp({ config, database, started: false });
  // Which Node runs the server (the one the project pins, checked by
  // scripts/start.mjs): said once, in the first line of the log.
  app.log.info(
    { node: process.versions.node, execPath: process.execPath },
    `avvio su Node.js ${process.versions.node}`,
  );
  let bridge: LiveBridge | null = null;
  let demo: DemoSimulator | null = null;
  let acceptQueues: ExtraAcceptQueues | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.services.readiness.markStopping();
    app.log.info({ signal }, 'arresto in corso');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    try {
      // No more simulated submissions; then the app (its services with it);
      // then the bridge, so that what in-flight requests published still
      // reaches the other instances; the database last.
      await demo?.stop();
      acceptQueues?.close();
      await app.close();
      await bridge?.stop();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // A bug outside any request reaches the error inbox (and Sentry) too.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'promessa rifiutata non gestita');
    app.services.errori.segnalaProcesso(reason, 'unhandledRejection');
  });
  // An exception nothing caught leaves the process in an unknown state: it
  // is reported (waiting at most 3 s for the report), then the process exits
  // for its supervisor to restart it, as Node would have done.
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'eccezione non gestita: il processo termina');
    app.services.errori.segnalaProcesso(error, 'uncaughtException');
    const exit = () => process.exit(1);
    setTimeout(exit, 3000).unref();
    void app.services.errori.chiudi().finally(exit);
  });

  try {
    // A queue of connections not yet accepted as long as the kernel allows
    // (net.core.somaxconn, 4096 on current Linux) rather than Node's 511:
    // when an instance dies, its live pages all reconnect to the survivors at
    // once; with a short queue the survivor's kernel drops their SYNs, nginx's
    // 2 s connect timeout fails three times and takes the survivor out too
    // ('no live upstreams', docs/performance.md, the storm's failover).
    // Several queues, so that a burst of new connections is accepted several
    // per turn of the event loop rather than one (util/accept-queues.ts).
    acceptQueues = await listenWithAcceptQueues(app, {
      host: config.host,
      port: config.port,
      backlog: LISTEN_BACKLOG,
      queues: config.acceptQueues,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await database.close();
    fail(`PORT/HOST: impossibile mettersi in ascolto su ${config.host}:${config.port} (${reason})`);
  }

  try {
    await migrateDatabase(database);
  } catch (error) {
    await app.close();
    databaseFailure(config, error);
  }
  if (config.demo) {
    const { seeded } = await seedDemoData(database, { now: new Date() });
    if (seeded) console.log('GaS: dati dimostrativi caricati (password degli account: gas-demo)');
  }
  try {
    bridge = await startBridge(app, app.services);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await app.close();
    await database.close();
    fail(`DATABASE_URL: LISTEN/NOTIFY non disponibile (${reason})`);
  }
  if (bridge) {
    const live = bridge;
    app.services.readiness.addCheck('listen', () => live.connected);
  }
  // Requests are served from here on; /readyz says yes once the contests on
  // have been warmed up (live/warmup.ts), so a load balancer waits for it.
  let riscaldata = false;
  app.services.readiness.addCheck('riscaldamento', () => riscaldata);
  app.services.readiness.markStarted();
  if (config.warmupMs > 0) {
    try {
      const warm = await warmUp(app, database.db, { budgetMs: config.warmupMs });
      app.log.info(warm, 'riscaldamento delle gare in corso concluso');
    } catch (err) {
      app.log.error({ err }, 'riscaldamento delle gare in corso fallito');
    }
  }
  riscaldata = true;
  app.log.info('pronto a ricevere traffico (/readyz)');
  const linkLocali = avvisoLinkLocali(config);
  if (linkLocali) app.log.warn({ host: config.host }, linkLocali);

  // The scheduled sync with the olympiad site, when configured (GAS_SYNC_URL).
  app.services.sync.start();
  // The demo submits through the app, so the app must be listening.
  if (config.demoLive) {
    try {
      demo = await startDemo(app, database);
    } catch (err) {
      // The demo is a nicety: the server runs without it.
      app.log.error({ err }, 'demo: avvio della sessione in diretta fallito');
    }
  }
}

void start();
