// The change feed: committed changes to the rows the answer route keeps in
// memory, as announced by the `gas_modifiche` triggers (migration 0003; the
// function they call: db/functions/gas_notifica_modifica.sql):
// 'evento:<id>' (an event or its administrators/inseritori), 'problema:<id>',
// 'squadra:<id>' (a team or its managers), '*' (a table was truncated);
// since migration 0005 also 'utente:<user id>' (an account, its live sessions,
// its manager record) and 'responsabile:<id>' (a manager's schools and teams),
// for the actor cache of the session plugin (auth/actor-cache.ts).
//
// Both databases deliver these at commit: PGlite in this process, before the
// writing query resolves; PostgreSQL to every instance's LISTEN connection,
// whichever instance (or script) wrote. While a PostgreSQL listener is
// disconnected `live` is false: a cache must not trust what it holds then.
import type { Database } from './client';
import { PgListener, type ListenerLogger } from './listener';

export const CHANGES_CHANNEL = 'gas_modifiche';

export type DbChange = { table: string; id: number } | { table: '*' };

export type ChangeFeedHandlers = {
  onChange(change: DbChange): void;
  /** Changes may have been missed (connection lost or regained): forget everything. */
  onReset(): void;
};

export interface ChangeFeed {
  /** True while every change is being received. */
  readonly live: boolean;
  stop(): Promise<void>;
}

/** Parses a payload of the trigger; null for anything else. */
export function parseChange(payload: string | undefined): DbChange | null {
  if (payload === '*') return { table: '*' };
  const match = /^([a-z_]+):(\d+)$/.exec(payload ?? '');
  return match ? { table: match[1]!, id: Number(match[2]) } : null;
}

export async function startChangeFeed(
  database: Database,
  handlers: ChangeFeedHandlers,
  options: { listenUrl?: string; log: ListenerLogger },
): Promise<ChangeFeed> {
  const deliver = (payload: string | undefined) => {
    const change = parseChange(payload);
    if (change) handlers.onChange(change);
    else options.log.warn({ payload: payload?.slice(0, 100) }, 'modifiche: notifica illeggibile');
  };
  if (database.kind === 'pglite') {
    const unlisten = await database.client.listen(CHANGES_CHANNEL, deliver);
    let stopped = false;
    return {
      get live() {
        return !stopped && !database.client.closed;
      },
      async stop() {
        stopped = true;
        if (!database.client.closed) await unlisten().catch(() => undefined);
      },
    };
  }
  const listener = new PgListener({
    connectionString: options.listenUrl ?? database.databaseUrl,
    channels: [CHANGES_CHANNEL],
    applicationName: 'gas-modifiche',
    onNotification: (_channel, payload) => deliver(payload),
    onConnected: () => handlers.onReset(),
    onLost: () => handlers.onReset(),
    log: options.log,
  });
  await listener.start();
  return {
    get live() {
      return listener.client !== null;
    },
    stop: () => listener.stop(),
  };
}
