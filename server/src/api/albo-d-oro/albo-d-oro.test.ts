// /api/gas/albo-d-oro/: only concluded official events, podiums equal to the
// session rankings of @gas/scoring, guests and private events left out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/testing';
import { evento, sessione, squadra } from '../../db/schema';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestApp, ROLES, type TestApp } from '../testing';
import type { AlboEvento } from './present';

type Page = { count: number; next: string | null; results: AlboEvento[] };
type Punteggi = {
  results: {
    json: { classifica: { posizione: number | null; id: number; nome: string; totale: number }[] };
  }[];
};

const HOUR = 3_600_000;

describe.each(testBackends())('albo d’oro API on %s', (backend) => {
  describe('on the demo data', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend);
    });
    afterAll(() => t.close());

    it('lists only the concluded official events, newest first, with a podium per session', async () => {
      const res = await (await t.as('anonimo')).get('/api/gas/albo-d-oro/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('max-age');
      const body = res.json<Page>();
      // The concluded event of this season and the finals of the two before.
      expect(body.count).toBe(3);
      expect(body.results.slice(1).map((e) => e.titolo)).toEqual([
        expect.stringMatching(/^Finale nazionale a squadre \d{4}$/),
        expect.stringMatching(/^Finale nazionale a squadre \d{4}$/),
      ]);
      for (const finale of body.results.slice(1)) {
        expect(finale.sessioni).toHaveLength(1);
        expect(finale.sessioni[0]!.podio.map((v) => v.posizione)).toEqual([1, 2, 3]);
      }
      const [passato] = body.results;
      expect(passato!.titolo).toMatch(/^Gara a squadre di qualificazione/);
      expect(new Date(passato!.fine).getTime()).toBeLessThan(Date.now());
      expect(passato!.sessioni.map((s) => s.nome)).toEqual([
        'Sessione Nord',
        'Sessione Centro-Sud',
      ]);
      for (const s of passato!.sessioni) {
        expect(s.squadre).toBeGreaterThan(3);
        expect(s.podio.map((v) => v.posizione)).toEqual([1, 2, 3]);
        for (const v of s.podio) {
          expect(v.nome).toBeTruthy();
          expect(v.scuola?.nome).toBeTruthy();
          expect(v.scuola?.citta).toBeTruthy();
        }
        const totali = s.podio.map((v) => v.totale);
        expect([...totali].sort((a, b) => b - a)).toEqual(totali);
      }
    });

    it('agrees with the live ranking of each session', async () => {
      const client = await t.as('anonimo');
      const { results } = (await client.get('/api/gas/albo-d-oro/')).json<Page>();
      for (const s of results[0]!.sessioni) {
        const punteggi = (await client.get(`/api/gas/sessione/${s.id}/punteggi/`)).json<Punteggi>();
        const top = punteggi.results[0]!.json.classifica.filter(
          (row) => row.posizione !== null && row.posizione <= 3,
        ).map(({ posizione, id, nome, totale }) => ({ posizione, id, nome, totale }));
        expect(
          s.podio.map(({ posizione, id, nome, totale }) => ({ posizione, id, nome, totale })),
        ).toEqual(top);
      }
    });

    it('answers the same to every role', async () => {
      const expected = (await (await t.as('anonimo')).get('/api/gas/albo-d-oro/')).json<Page>();
      for (const role of ROLES) {
        const res = await (await t.as(role)).get('/api/gas/albo-d-oro/');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(expected);
      }
    });
  });

  describe('with guests, private events and events without teams', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend);
    });
    afterAll(() => t.close());

    it('skips guests on the podium and events that are not official', async () => {
      const db = t.database.db;
      const fine = new Date(Date.now() - 2 * HOUR);
      const inizio = new Date(fine.getTime() - HOUR);
      const created = await db
        .insert(evento)
        .values([
          { titolo: 'Allenamento privato concluso', inizio, fine, tipologia: 'priv', anno: 2026 },
          { titolo: 'Allenamento pubblico concluso', inizio, fine, tipologia: 'pub', anno: 2026 },
          { titolo: 'Ufficiale senza squadre', inizio, fine, tipologia: 'o', anno: 2026 },
        ])
        .returning({ id: evento.id });
      await db.insert(sessione).values({ nome: 'Sessione vuota', eventoId: created[2]!.id });

      const anonimo = await t.as('anonimo');
      const before = (await anonimo.get('/api/gas/albo-d-oro/')).json<Page>();
      const demo = before.results.find((e) => e.titolo.startsWith('Gara a squadre'))!;
      const winner = demo.sessioni[0]!.podio[0]!;
      expect(before.results.map((e) => e.titolo).slice(0, 2)).toEqual([
        'Ufficiale senza squadre',
        demo.titolo,
      ]);
      expect(before.results.map((e) => e.titolo)).not.toContain('Allenamento pubblico concluso');
      expect(before.results.map((e) => e.titolo)).not.toContain('Allenamento privato concluso');
      expect(before.results[0]!.sessioni).toEqual([
        { id: expect.any(Number), nome: 'Sessione vuota', squadre: 0, podio: [] },
      ]);

      // The winner of the first demo session becomes a guest; the first app
      // keeps its cached answer, a second app on the same database recomputes.
      await db.update(squadra).set({ ospite: true }).where(eq(squadra.id, winner.id));
      const fresh = await createTestAppSharing(t);
      const after = (await fresh.get('/api/gas/albo-d-oro/')).json<Page>();
      const podio = after.results.find((e) => e.id === demo.id)!.sessioni[0]!.podio;
      expect(podio.map((v) => v.id)).not.toContain(winner.id);
      expect(podio.map((v) => v.posizione)).toEqual([1, 2, 3]);
      expect(podio[0]!.id).toBe(demo.sessioni[0]!.podio[1]!.id);
      await fresh.app.close();
    });
  });
});

/** A second app on the same database: a fresh in-memory cache. */
async function createTestAppSharing(t: TestApp) {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), demo: false, demoLive: false };
  const app = await buildApp({ config, database: t.database, logger: false });
  await app.ready();
  return { app, get: (url: string) => app.inject({ method: 'GET', url }) };
}
