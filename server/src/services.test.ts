// The composition root: one set of services per app, handed to what uses them,
// one change feed (on PostgreSQL one LISTEN connection) for every cache that
// follows committed changes, everything stopped when the app closes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './api/testing';
import { rowsOf } from './db/client';
import { testBackends } from './db/testing';
import { until } from './testing';

describe.each(testBackends())('services on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  /** This database's change-feed LISTEN connections (PostgreSQL). */
  async function listeners(): Promise<number> {
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where application_name = 'gas-modifiche' and datname = current_database()`,
      ),
    );
    return rows[0]!.n;
  }

  it('shares one change feed between the actor cache, the answer copies and the access guard', async () => {
    const { services } = t.app;
    // Each consumer starts it: a signed-in request, an answer lookup, the live feeds.
    await (await t.as('admin')).get('/api/ext-user/whoami/');
    await services.targets.target(1, 1);
    await services.access.start();
    await until(() => services.changes.live && services.targets.caching && services.access.live);
    expect(services.actorChanges.live).toBe(true);
    if (backend === 'postgres') expect(await listeners()).toBe(1);
    // One change reaches them all.
    expect(services.actors.size).toBeGreaterThan(0);
    expect(services.targets.size).toBeGreaterThan(0);
    await t.database.db.execute(sql`select pg_notify('gas_modifiche', '*')`);
    await until(() => services.actors.size === 0 && services.targets.size === 0);
  });

  it('are the very ones the session plugin and the live feeds use', () => {
    const { services } = t.app;
    expect(t.app.actorCache).toBe(services.actors);
    expect(t.app.liveAccess).toBe(services.access);
  });

  it('stop when the app closes', async () => {
    const other = await createTestApp(backend, { seed: false });
    const { services } = other.app;
    await services.changes.ready();
    await until(() => services.changes.live);
    await other.close();
    expect(services.changes.live).toBe(false);
    expect(services.targets.caching).toBe(false);
    expect(services.actorChanges.live).toBe(false);
  });
});
