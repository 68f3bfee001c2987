// Starts the server: config, database (migrated, demo data when empty), HTTP.
// Stops cleanly on SIGTERM/SIGINT. Start-up failures print one line and exit 1.
import { loadConfig, ConfigError, type AppConfig } from './config';
import { openDatabase, migrateDatabase, type Database } from './db/client';
import { seedDemoData } from './demo/seed';
import { buildApp } from './app';
import { LiveBus } from './live/bus';
import { startLive, type LiveServices } from './live';

function fail(message: string): never {
  console.error(`GaS: avvio fallito: ${message}`);
  process.exit(1);
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
    await migrateDatabase(database);
  } catch (error) {
    const variable = config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR';
    const reason = error instanceof Error ? error.message : String(error);
    fail(reason.startsWith(variable) ? reason : `${variable}: ${reason}`);
  }

  if (config.demo) {
    const { seeded } = await seedDemoData(database, { now: new Date() });
    if (seeded) console.log('GaS: dati dimostrativi caricati (password degli account: gas-demo)');
  }

  const live = new LiveBus();
  const app = await buildApp({ config, database, live });
  let services: LiveServices;
  try {
    services = await startLive(app, config, database, live);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await database.close();
    fail(`DATABASE_URL: LISTEN/NOTIFY non disponibile (${reason})`);
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'arresto in corso');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    try {
      await services.beforeClose();
      await app.close();
      await services.afterClose();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await services.afterClose();
    const reason = error instanceof Error ? error.message : String(error);
    await database.close();
    fail(`PORT/HOST: impossibile mettersi in ascolto su ${config.host}:${config.port} (${reason})`);
  }
  await services.afterListen();
}

void start();
