// What main.ts starts next to the HTTP server on PostgreSQL: the LISTEN/NOTIFY
// bridge that carries live events between instances.
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { SnapshotCache } from '../scores/cache';
import { LiveBridge } from './bridge';
import type { LiveBus } from './bus';

/** Before listening: no event committed once the server answers may miss the bridge. */
export async function startBridge(
  app: FastifyInstance,
  services: { config: AppConfig; database: Database; live: LiveBus; snapshots: SnapshotCache },
): Promise<LiveBridge | null> {
  const { config, database, live, snapshots } = services;
  if (database.kind !== 'postgres') return null;
  const bridge = new LiveBridge({
    connectionString: config.liveListenUrl ?? database.databaseUrl,
    live,
    db: database.db,
    log: app.log,
    onRemoteChange: (sessioneId) => snapshots.invalidate(sessioneId),
  });
  await bridge.start();
  app.log.info({ instance: bridge.instanceId }, 'live: LISTEN/NOTIFY attivo');
  return bridge;
}
