// The snapshot cache applying answers to a session's kept scoring
// (stato.ts) instead of rebuilding: after every kind of answer change the
// snapshot and its fingerprint are exactly what a rebuild from the database
// gives, and whatever cannot be applied exactly, or did not come through the
// change stream, still ends in a rebuild.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModificaGara } from '@gas/contracts';
import { createTestDatabase, testBackends, type TestDatabase } from '../db/testing';
import { evento, problema, risposta, sessione, squadra, type Risposta } from '../db/schema';
import { annunciaConsegna, annunciaEliminazione } from '../gara/risposte/annunci';
import { annunciaRicontrollo } from '../gara/ricontrollo';
import { buildSnapshot, type SessioneSnapshot } from './build';
import { SnapshotCache } from './cache';
import { loadSessionData, sessionFingerprint } from './queries';

describe.each(testBackends())(
  'snapshot cache kept up to date answer by answer on %s',
  (backend) => {
    let database: TestDatabase;
    let sessioneId: number;
    let squadre: number[];
    let problemi: number[];
    let inizio: Date;
    let fine: Date;
    let fineJolly: Date;
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const now = () => clock;
    let cache: SnapshotCache;
    const stream = { emetti: (m: ModificaGara) => cache.applica(m) };

    beforeAll(async () => {
      database = await createTestDatabase(backend, { seed: true });
      const { db } = database;
      const [first] = await db.select().from(risposta).orderBy(asc(risposta.id)).limit(1);
      sessioneId = first!.sessioneId;
      const [s] = await db.select().from(sessione).where(eq(sessione.id, sessioneId));
      const [e] = await db.select().from(evento).where(eq(evento.id, s!.eventoId));
      inizio = e!.inizio;
      fine = e!.fine;
      fineJolly = new Date(inizio.getTime() + 30 * 60_000);
      await db.update(evento).set({ fineConsegnaJolly: fineJolly }).where(eq(evento.id, e!.id));
      const teams = await db
        .select({ id: squadra.id })
        .from(squadra)
        .where(eq(squadra.sessioneId, sessioneId))
        .orderBy(asc(squadra.id));
      squadre = teams.map((t) => t.id);
      const problems = await db
        .select({ id: problema.id })
        .from(problema)
        .where(eq(problema.eventoId, e!.id))
        .orderBy(asc(problema.ordine));
      problemi = problems.map((p) => p.id);
    });
    afterAll(() => database.close());
    beforeEach(() => {
      cache = new SnapshotCache(database, null, { now });
    });

    const at = (ms: number) => new Date(inizio.getTime() + ms);

    async function insert(values: {
      squadra: number;
      problema: number;
      date: Date;
      kind?: 'r' | 'j';
      corretto?: boolean;
      /** Microseconds after `date`, which a Date cannot hold. */
      micro?: number;
    }): Promise<Risposta> {
      const kind = values.kind ?? 'r';
      const [row] = await database.db
        .insert(risposta)
        .values({
          squadraId: values.squadra,
          problemaId: values.problema,
          sessioneId,
          kind,
          valore: kind === 'j' ? '' : '1',
          corretto: kind === 'j' ? null : (values.corretto ?? false),
          momentoConsegna: values.date,
          date: values.micro
            ? sql`${values.date.toISOString()}::timestamptz + make_interval(secs => ${values.micro / 1e6})`
            : values.date,
        })
        .returning();
      return row!;
    }

    /** An answer or joker committed and announced on the change stream. */
    async function consegna(values: Parameters<typeof insert>[0]): Promise<Risposta> {
      const row = await insert(values);
      annunciaConsegna(stream, row);
      return row;
    }

    /** What a rebuild from the database gives at the cache's clock. */
    async function rebuilt(): Promise<SessioneSnapshot> {
      return buildSnapshot((await loadSessionData(database.db, sessioneId))!, new Date(clock));
    }

    async function expectAsRebuilt(): Promise<SessioneSnapshot> {
      const kept = (await cache.get(sessioneId))!;
      const fresh = await rebuilt();
      expect(kept.punteggi).toEqual(fresh.punteggi);
      expect(kept.stato).toEqual(fresh.stato);
      expect(kept.eventi).toEqual(fresh.eventi);
      expect(kept.fingerprint).toBe(fresh.fingerprint);
      expect(kept.fingerprint).toBe(await sessionFingerprint(database.db, sessioneId));
      return kept;
    }

    it('applies every kind of answer change exactly as a rebuild would read it', async () => {
      const first = await cache.get(sessioneId);
      const [a, b, c] = squadre;
      // In order, late (before answers already applied), correct and wrong,
      // with microseconds, and a joker within its window.
      const nuove: Parameters<typeof insert>[0][] = [
        { squadra: a!, problema: problemi[0]!, date: at(3_600_000), corretto: true },
        { squadra: b!, problema: problemi[0]!, date: at(61_234), micro: 567, corretto: true },
        { squadra: c!, problema: problemi[1]!, date: at(120_000) },
        { squadra: c!, problema: problemi[2]!, date: at(600_000), kind: 'j' },
      ];
      const consegnate: Risposta[] = [];
      for (const nuova of nuove) {
        clock += 1000;
        consegnate.push(await consegna(nuova));
        const kept = await expectAsRebuilt();
        expect(kept).not.toBe(first);
      }
      const sbagliata = consegnate[2];
      // A corrected solution flips a stored answer (ricontrollata).
      const [wrong] = await database.db
        .update(risposta)
        .set({ corretto: true })
        .where(eq(risposta.id, sbagliata!.id))
        .returning();
      annunciaRicontrollo(stream, [{ ...wrong!, corretto: true }]);
      clock += 1000;
      await expectAsRebuilt();
      // A deletion.
      await database.db.delete(risposta).where(eq(risposta.id, wrong!.id));
      annunciaEliminazione(stream, wrong!);
      await expectAsRebuilt();
      // Outside the windows: a joker after fine_consegna_jolly, an answer after the end.
      const late = await consegna({
        squadra: a!,
        problema: problemi[3]!,
        date: new Date(fineJolly.getTime() + 5),
        kind: 'j',
      });
      await consegna({ squadra: b!, problema: problemi[3]!, date: new Date(fine.getTime() + 5) });
      await expectAsRebuilt();
      await database.db.delete(risposta).where(eq(risposta.id, late.id));
      annunciaEliminazione(stream, late);
      await expectAsRebuilt();
      expect(cache.builds).toBe(1);
      expect(cache.applicate).toBe(9);
    });

    it.each([
      ['before', 'read before the answers: they are applied to it'],
      ['after', 'read after them: they are already in it'],
    ])('keeps a build that answers overtook (%s), with them, and builds once', async (lettura) => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let loads = 0;
      cache = new SnapshotCache(database, null, {
        now,
        load: async (db, id) => {
          loads += 1;
          if (lettura === 'after') await gate;
          const data = await loadSessionData(db, id);
          if (lettura === 'before') await gate;
          return data;
        },
      });
      const reading = cache.get(sessioneId);
      const base = lettura === 'before' ? 1_000_000 : 1_100_000;
      const row = await consegna({
        squadra: squadre[8]!,
        problema: problemi[1]!,
        date: at(base),
        corretto: true,
      });
      await consegna({ squadra: squadre[9]!, problema: problemi[2]!, date: at(base + 1000) });
      // Re-checked while the build runs: the later outcome is the one kept.
      await database.db.update(risposta).set({ corretto: false }).where(eq(risposta.id, row.id));
      annunciaRicontrollo(stream, [{ ...row, corretto: false }]);
      release();
      const first = (await reading)!;
      expect(first.fingerprint).toBe(await sessionFingerprint(database.db, sessioneId));
      await expectAsRebuilt();
      expect(loads).toBe(1);
    });

    it('a snapshot keeps its events while later answers change the kept scoring', async () => {
      const first = (await cache.get(sessioneId))!;
      const eventiPrima = [...first.eventi];
      // Several answers with no read between them (changed in place), then a
      // read, then more (copied first: that read's snapshot holds the array).
      const [a, b, c] = squadre.slice(5);
      const uno = await consegna({ squadra: a!, problema: problemi[4]!, date: at(700_000) });
      await consegna({ squadra: b!, problema: problemi[4]!, date: at(10_000), corretto: true });
      const second = await expectAsRebuilt();
      const eventiDopo = [...second.eventi];
      await consegna({ squadra: c!, problema: problemi[4]!, date: at(800_000) });
      await database.db.delete(risposta).where(eq(risposta.id, uno.id));
      annunciaEliminazione(stream, uno);
      await expectAsRebuilt();
      expect(first.eventi).toEqual(eventiPrima);
      expect(second.eventi).toEqual(eventiDopo);
      expect(second.eventi).toHaveLength(eventiPrima.length + 2);
      expect(cache.builds).toBe(1);
    });

    it('finds nothing changed at the fingerprint check after answers it applied', async () => {
      await cache.get(sessioneId);
      await consegna({ squadra: squadre[4]!, problema: problemi[5]!, date: at(900_000) });
      const kept = await cache.get(sessioneId);
      clock += 2500;
      expect(await cache.get(sessioneId)).toBe(kept);
      expect(cache.builds).toBe(1);
    });

    it('rebuilds for a change that did not come through the stream, after applied answers', async () => {
      await cache.get(sessioneId);
      const row = await consegna({
        squadra: squadre[5]!,
        problema: problemi[6]!,
        date: at(950_000),
      });
      await cache.get(sessioneId);
      // Behind its back: an outcome changed by hand in the database.
      await database.db.update(risposta).set({ corretto: true }).where(eq(risposta.id, row.id));
      clock += 2500;
      await expectAsRebuilt();
      expect(cache.builds).toBe(2);
    });

    it('rebuilds for an answer on a window’s own millisecond and for anything else', async () => {
      await cache.get(sessioneId);
      // On the end's millisecond with microseconds after it: the database does not count it.
      await consegna({ squadra: squadre[6]!, problema: problemi[7]!, date: fine, micro: 500 });
      await expectAsRebuilt();
      expect(cache.builds).toBe(2);
      // A team renamed: not an answer, the entry goes.
      await database.db
        .update(squadra)
        .set({ nome: 'Rinominata' })
        .where(and(eq(squadra.id, squadre[7]!), ne(squadra.nome, 'Rinominata')));
      cache.applica({ tipo: 'classifiche_da_ricalcolare', sessioni: [sessioneId] });
      await expectAsRebuilt();
      expect(cache.builds).toBe(3);
      expect(cache.applicate).toBe(0);
    });
  },
);
