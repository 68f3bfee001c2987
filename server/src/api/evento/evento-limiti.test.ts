// What one user can create (issue 12, event-list amplification): at most
// GAS_EVENTI_MAX_GIORNO events a day (staff and superusers exempt), counted
// with the accounts a main manager created, and at most
// GAS_RESPONSABILI_MAX_GIORNO of those accounts a day (issue 26); at most
// MAX_PROBLEMI problems and MAX_SESSIONI sessions per event, on create and on
// patch. Refusals are Italian and change nothing.
import { MAX_PROBLEMI, MAX_SESSIONI } from '@gas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { testBackends } from '../../db/testing';
import { evento, responsabile, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../testing';
import { snapshot } from './testing';

const MAX_GIORNO = loadConfig({ NODE_ENV: 'test' }).eventiMaxGiorno;
const RESPONSABILI_GIORNO = loadConfig({ NODE_ENV: 'test' }).responsabiliMaxGiorno;
const HOUR = 3_600_000;

describe.each(testBackends())('evento: creation limits on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    // The demo's events were created whenever the template database was built:
    // dated earlier, so that each test sets today's count itself.
    await t.database.db.update(evento).set({ createdAt: new Date(Date.now() - 72 * HOUR) });
  });
  afterAll(() => t.close());

  const userId = (username: string) => t.userId(username);

  /** Events `username` created at `createdAt`, straight into the table. */
  async function created(username: string, n: number, createdAt: Date) {
    const creatoDa = await userId(username);
    const inizio = new Date(Date.now() + 30 * 24 * HOUR);
    await t.database.db.insert(evento).values(
      Array.from({ length: n }, (_, i) => ({
        titolo: `Già creato ${i}`,
        inizio,
        fine: new Date(inizio.getTime() + HOUR),
        anno: 2030,
        creatoDa,
        createdAt,
      })),
    );
  }

  it(`allows ${MAX_GIORNO} events a day per user, then refuses with an Italian message and changes nothing`, async () => {
    expect(MAX_GIORNO).toBe(20);
    const docente = await t.as('docente');
    // Yesterday's events (Rome) do not count; today's do.
    await created('docente', 5, new Date(Date.now() - 30 * HOUR));
    await created('docente', MAX_GIORNO - 2, new Date());
    expect((await docente.post('/api/gas/evento/', { titolo: 'Penultimo' })).statusCode).toBe(201);
    expect((await docente.post('/api/gas/evento/', { titolo: 'Ultimo' })).statusCode).toBe(201);
    const before = await snapshot(t.database.db);
    const refused = await docente.post('/api/gas/evento/', { titolo: 'Uno di troppo' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      non_field_errors: [`Hai già creato ${MAX_GIORNO} eventi oggi: riprova domani.`],
    });
    expect(await snapshot(t.database.db)).toEqual(before);
    // Another user has his own budget.
    const principale = await t.as('principale');
    expect((await principale.post('/api/gas/evento/', { titolo: 'Suo' })).statusCode).toBe(201);
  });

  it('counts concurrent creations: exactly the remaining budget passes', async () => {
    await created('amministratore', MAX_GIORNO - 2, new Date());
    const amm = await t.as('amministratore');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => amm.post('/api/gas/evento/', { titolo: `Gara ${i}` })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 400, 400, 400]);
  });

  describe('a main manager and the accounts he created share one budget (issue 26)', () => {
    const delegato = (username: string) => ({
      username,
      email: `${username}@scuola.example`,
      password: 'Delega di prova 2026',
      confirm_password: 'Delega di prova 2026',
    });

    it('counts the events of his secondary managers with his, and theirs with his', async () => {
      const inseritore = await t.as('inseritore');
      const res = await inseritore.post('/api/gas/user/', delegato('delegato.ins1'));
      expect(res.statusCode).toBe(201);
      await created('delegato.ins1', MAX_GIORNO - 1, new Date());
      expect((await inseritore.post('/api/gas/evento/', { titolo: 'Ultimo' })).statusCode).toBe(
        201,
      );
      const before = await snapshot(t.database.db);
      const principale = await inseritore.post('/api/gas/evento/', { titolo: 'Uno di troppo' });
      expect(principale.statusCode).toBe(400);
      expect(principale.json()).toEqual({
        non_field_errors: [
          `Tu e i responsabili che hai creato avete già creato ${MAX_GIORNO} eventi oggi: riprova domani.`,
        ],
      });
      const secondario = await t.login('delegato.ins1', 'Delega di prova 2026');
      const suo = await secondario.post('/api/gas/evento/', { titolo: 'Dal secondario' });
      expect(suo.statusCode).toBe(400);
      expect(suo.json()).toEqual({
        non_field_errors: [
          `Il tuo responsabile principale, tu e gli altri responsabili da lui creati avete già creato ${MAX_GIORNO} eventi oggi: riprova domani.`,
        ],
      });
      expect(await snapshot(t.database.db)).toEqual(before);
    });

    it(`bounds the secondary managers one creates in a day (${RESPONSABILI_GIORNO}), staff exempt`, async () => {
      const creatore = await userId('amministratore');
      // Yesterday's do not count; today's do.
      const ieri = new Date(Date.now() - 30 * HOUR);
      const fatti = (n: number, quando: Date, prefisso: string) =>
        Array.from({ length: n }, (_, i) => ({
          username: `${prefisso}.${i}`,
          email: `${prefisso}.${i}@scuola.example`,
          dateJoined: quando,
        }));
      for (const u of [
        ...fatti(3, ieri, 'ieri'),
        ...fatti(RESPONSABILI_GIORNO - 1, new Date(), 'oggi'),
      ]) {
        const [row] = await t.database.db.insert(users).values(u).returning({ id: users.id });
        await t.database.db
          .insert(responsabile)
          .values({ userId: row!.id, ruolo: 'ss', attivo: true, creatoDa: creatore });
      }
      const amm = await t.as('amministratore');
      expect((await amm.post('/api/gas/user/', delegato('delegato.amm1'))).statusCode).toBe(201);
      const before = await snapshot(t.database.db);
      const refused = await amm.post('/api/gas/user/', delegato('delegato.amm2'));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        non_field_errors: [
          `Hai già creato ${RESPONSABILI_GIORNO} responsabili oggi: riprova domani.`,
        ],
      });
      expect(await snapshot(t.database.db)).toEqual(before);
      const nuovo = await t.database.db
        .select()
        .from(users)
        .where(eq(users.username, 'delegato.amm2'));
      expect(nuovo).toEqual([]);
      // Staff are exempt, as from the events' limit.
      const staff = await t.as('staff');
      expect((await staff.post('/api/gas/user/', delegato('delegato.staff'))).statusCode).toBe(201);
    });
  });

  it.each(['staff', 'admin'] as const)('%s is exempt from the daily limit', async (role) => {
    await created(role, MAX_GIORNO + 5, new Date());
    const client = await t.as(role);
    expect((await client.post('/api/gas/evento/', { titolo: 'Stagione' })).statusCode).toBe(201);
  });

  describe('problems and sessions per event', () => {
    const problemi = (n: number) => Array.from({ length: n }, () => ({ soluzione: 1 }));
    const sessioni = (n: number) => Array.from({ length: n }, (_, i) => ({ nome: `S${i + 1}` }));

    it('create: the bounds are accepted, one more is a field error', async () => {
      const staff = await t.as('staff');
      const ok = await staff.post('/api/gas/evento/', {
        titolo: 'Al limite',
        problemi: problemi(MAX_PROBLEMI),
        sessioni: sessioni(MAX_SESSIONI),
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().problemi).toHaveLength(MAX_PROBLEMI);
      expect(ok.json().sessioni).toHaveLength(MAX_SESSIONI);

      const before = await snapshot(t.database.db);
      const refused = await staff.post('/api/gas/evento/', {
        titolo: 'Oltre il limite',
        problemi: problemi(MAX_PROBLEMI + 1),
        sessioni: sessioni(MAX_SESSIONI + 1),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        problemi: ['Al massimo 100 problemi per evento.'],
        sessioni: ['Al massimo 20 sessioni per evento.'],
      });
      expect(await snapshot(t.database.db)).toEqual(before);
    });

    it('patch: the same bounds, nothing changed when refused', async () => {
      const amm = await t.as('admin');
      const created = await amm.post('/api/gas/evento/', { titolo: 'Da allungare' });
      const id = created.json().id as number;
      const before = await snapshot(t.database.db);
      const tooMany = await amm.patch(`/api/gas/evento/${id}/`, {
        problemi: problemi(MAX_PROBLEMI + 1),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ problemi: ['Al massimo 100 problemi per evento.'] });
      const tooManySessions = await amm.patch(`/api/gas/evento/${id}/`, {
        sessioni: sessioni(MAX_SESSIONI + 1),
      });
      expect(tooManySessions.statusCode).toBe(400);
      expect(tooManySessions.json()).toEqual({ sessioni: ['Al massimo 20 sessioni per evento.'] });
      expect(await snapshot(t.database.db)).toEqual(before);
      const ok = await amm.patch(`/api/gas/evento/${id}/`, {
        problemi: problemi(MAX_PROBLEMI),
        sessioni: sessioni(MAX_SESSIONI),
      });
      expect(ok.statusCode).toBe(200);
    });
  });
});
