// Public site content: every endpoint for every demo role, the shapes the
// home, rules, sponsor and about-us pages read, and no 500 on a malformed
// setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testBackends } from '../../db/testing';
import { impostazioniSito } from '../../db/schema';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestApp, type Role, type TestApp } from '../testing';
import { cells } from '../squadra/testing';

const PATHS = [
  '/api/gas/sito/',
  '/api/gas/sponsor/',
  '/api/top-contributors/',
  '/api/gas/collaboratori/',
];

describe.each(testBackends())('site content API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const get = async (url: string, role: Role = 'anonimo') => (await t.as(role)).get(url);

  describe('every endpoint is public', () => {
    const table: Record<Role, number> = {
      anonimo: 200,
      docente: 200,
      principale: 200,
      secondario: 200,
      inseritore: 200,
      amministratore: 200,
      staff: 200,
      admin: 200,
    };
    it.each(cells(table))('$role: $expected', async ({ role, expected }) => {
      for (const path of PATHS) expect((await get(path, role)).statusCode).toBe(expected);
    });
  });

  it('site settings: home, rules 2026-2023, webinars, final', async () => {
    const body = (await get('/api/gas/sito/')).json();
    expect(Object.keys(body).sort()).toEqual([
      'chat_url',
      'chi_siamo',
      'finale',
      'home',
      'map_tile_url',
      'regolamento',
      'webinar',
    ]);
    expect(body.map_tile_url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    // GAS_CHAT_URL unset: no chat link (the app shows none).
    expect(body.chat_url).toBeNull();
    expect(Object.keys(body.regolamento).sort()).toEqual(['2023', '2024', '2025', '2026']);
    expect(body.regolamento['2026']).toMatchObject({
      regolamento: expect.any(String),
      logistica: expect.any(String),
      poli: expect.any(String),
    });
    expect(body.webinar.map((w: { data: string }) => w.data)).toEqual([
      '2025-12-05',
      '2026-02-02',
      '2026-02-16',
      '2026-03-02',
    ]);
    expect(body.finale).toMatchObject({ inizio: '2026-04-15', fine: '2026-04-18' });
    expect(body.home.notizie.length).toBeGreaterThan(0);
  });

  it('chat_url is the server setting GAS_CHAT_URL', async () => {
    const chatUrl = 'https://chat.example.it/invito';
    const config = {
      ...loadConfig({ NODE_ENV: 'test', GAS_CHAT_URL: chatUrl }),
      demo: false,
      demoLive: false,
    };
    const app = await buildApp({ config, database: t.database, logger: false });
    try {
      const body = (await app.inject({ url: '/api/gas/sito/' })).json();
      expect(body.chat_url).toBe(chatUrl);
    } finally {
      await app.close();
    }
  });

  it('sponsors: three, with name, logo, site and description', async () => {
    const body = (await get('/api/gas/sponsor/')).json();
    expect(body.count).toBe(3);
    for (const s of body.results) {
      expect(Object.keys(s).sort()).toEqual(['description', 'logo_url', 'name', 'website']);
    }
  });

  it('top contributors: the 16 most active, most active first', async () => {
    const body = (await get('/api/top-contributors/')).json();
    expect(body.count).toBe(16);
    const counts = body.results.map((c: { contributi: number }) => c.contributi);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('collaborators: a JSON string holding the list', async () => {
    const res = await get('/api/gas/collaboratori/');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(typeof body).toBe('string');
    const list = JSON.parse(body);
    expect(list).toHaveLength(16);
    expect(list[0]).toEqual({ nome: expect.any(String), contributi: expect.any(Number) });
  });

  it('a malformed or missing setting never makes a 500', async () => {
    const { db } = t.database;
    const [saved] = await db
      .select()
      .from(impostazioniSito)
      .where(eq(impostazioniSito.key, 'chi_siamo'));
    await db
      .update(impostazioniSito)
      .set({ value: { direzione: 'non una lista' } })
      .where(eq(impostazioniSito.key, 'chi_siamo'));
    // about-us without the lists the page reads: sent as not configured, not half-broken.
    const sito = await get('/api/gas/sito/');
    expect(sito.statusCode).toBe(200);
    expect(sito.json().chi_siamo).toBeNull();
    expect(sito.json().home).not.toBeNull();
    await db.delete(impostazioniSito).where(eq(impostazioniSito.key, 'chi_siamo'));
    expect((await get('/api/gas/sito/')).json().chi_siamo).toBeNull();
    // The collaborators are records of their own, not part of the setting.
    expect((await get('/api/top-contributors/')).json().count).toBe(16);
    await db.insert(impostazioniSito).values(saved!);
  });

  it('rejects a bad page size with a 400', async () => {
    expect((await get('/api/gas/sponsor/?page_size=abc')).statusCode).toBe(400);
  });
});
