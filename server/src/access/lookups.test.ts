// The shared access lookups (lookups.ts): one database read per id for
// everyone who asks while it is kept, a failed read forgotten at once, and a
// read over HTTP shared only while every change that would empty them is heard.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { evento, sessione } from '../db/schema';
import { createTestDatabase, testBackends, type TestDatabase } from '../db/testing';
import { EventoLookups, lookups, shared } from './lookups';

describe('access lookups', () => {
  it('share one read per id among concurrent and later callers', async () => {
    const cache = lookups();
    const load = vi.fn(async () => null);
    const [a, b] = [shared(cache, 7, load), shared(cache, 7, load)];
    expect(a).toBe(b);
    await a;
    await shared(cache, 7, load);
    await shared(cache, 8, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forget a read that failed, so the next caller reads again', async () => {
    const cache = lookups();
    const load = vi
      .fn<() => Promise<null>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValueOnce(null);
    await expect(shared(cache, 7, load)).rejects.toThrow('database down');
    await expect(shared(cache, 7, load)).resolves.toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe.each(testBackends())('a read over HTTP on %s', (backend) => {
  let database: TestDatabase;
  let sessioneId: number;
  let eventoId: number;

  beforeAll(async () => {
    database = await createTestDatabase(backend, { seed: true });
    const [s] = await database.db
      .select({ id: sessione.id, eventoId: sessione.eventoId })
      .from(sessione)
      .limit(1);
    sessioneId = s!.id;
    eventoId = s!.eventoId;
  });
  afterAll(() => database.close());

  /** The event turned private in the database, behind the lookups' back; then back. */
  async function diventaPrivato(lookups: EventoLookups) {
    const [prima] = await database.db
      .select({ tipologia: evento.tipologia })
      .from(evento)
      .where(eq(evento.id, eventoId));
    const letto = await lookups.sessionePerLettura(sessioneId);
    await database.db.update(evento).set({ tipologia: 'priv' }).where(eq(evento.id, eventoId));
    try {
      return {
        prima: letto?.access.tipologia,
        dopo: (await lookups.sessionePerLettura(sessioneId))?.access.tipologia,
      };
    } finally {
      await database.db
        .update(evento)
        .set({ tipologia: prima!.tipologia })
        .where(eq(evento.id, eventoId));
    }
  }

  it('is shared while every change is heard (the change that empties it is on its way)', async () => {
    const letture = await diventaPrivato(new EventoLookups(database.db, () => true));
    expect(letture.prima).not.toBe('priv');
    expect(letture.dopo).toBe(letture.prima);
  });

  it('reads the database while the change feed is down', async () => {
    const letture = await diventaPrivato(new EventoLookups(database.db, () => false));
    expect(letture.prima).not.toBe('priv');
    expect(letture.dopo).toBe('priv');
  });

  it('reads again once emptied', async () => {
    const lookups = new EventoLookups(database.db, () => true);
    const prima = await lookups.sessionePerLettura(sessioneId);
    await database.db.update(evento).set({ tipologia: 'priv' }).where(eq(evento.id, eventoId));
    try {
      lookups.clear();
      expect((await lookups.sessionePerLettura(sessioneId))?.access.tipologia).toBe('priv');
    } finally {
      await database.db
        .update(evento)
        .set({ tipologia: prima!.access.tipologia })
        .where(eq(evento.id, eventoId));
    }
  });

  it('is null for a session that does not exist', async () => {
    const lookups = new EventoLookups(database.db, () => true);
    expect(await lookups.sessionePerLettura(2_000_000_000)).toBeNull();
  });
});
