// The instance's own cache of the public reads (issue 18): a visitor's read
// is answered from memory for a few seconds, compressed as asked; a logged-in
// user's never; a write on the instance drops what it may have changed.
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evento } from '../db/schema';
import { createTestApp, type TestApp } from '../api/testing';
import { loadDemo, setClock, type Demo } from '../api/risposta/testing';
import { registerMicrocache } from './microcache';

describe('microcache of public reads', () => {
  let t: TestApp;
  let d: Demo;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    d = await loadDemo(t.database.db);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  /** A change made behind the API's back (another instance, a script). */
  const titoloNelDatabase = (titolo: string) =>
    t.database.db.update(evento).set({ titolo }).where(eq(evento.id, d.nazionale.id));

  it('a visitor’s read comes from memory until a write on this instance', async () => {
    const url = `/api/gas/evento/${d.nazionale.id}/`;
    const prima = (await get(url)).json().titolo as string;
    await titoloNelDatabase('Cambiato di nascosto');
    expect((await get(url)).json().titolo).toBe(prima);
    // A logged-in user is never answered from it.
    const docente = await t.as('docente');
    expect((await docente.get(url)).json().titolo).toBe('Cambiato di nascosto');
    // A write through the API drops it.
    const admin = await t.as('admin');
    expect((await admin.patch(url, { descrizione: 'Nuova descrizione.' })).statusCode).toBe(200);
    expect((await get(url)).json()).toMatchObject({
      titolo: 'Cambiato di nascosto',
      descrizione: 'Nuova descrizione.',
    });
    await titoloNelDatabase(prima);
  });

  it('kept per encoding, with its headers; a matching ETag gets 304', async () => {
    const url = '/api/gas/evento/';
    const plain = await get(url);
    const br1 = await get(url, { 'accept-encoding': 'br' });
    const br2 = await get(url, { 'accept-encoding': 'br' });
    for (const br of [br1, br2]) {
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toContain('public');
      expect(br.headers['cdn-cache-control']).toContain('stale-while-revalidate');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    }
    expect(br2.headers.etag).toBe(br1.headers.etag);
    const again = await get(url, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('an answer drops the live reads at once', async () => {
    await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    const squadra = d.nazionale.squadre[0]!;
    const url = `/api/gas/sessione/${squadra.sessioneId}/punteggi/`;
    const eventi = async () => (await get(url)).json().results[0].json.numero_eventi as number;
    const prima = await eventi();
    expect(await eventi()).toBe(prima);
    const inseritore = await t.as('inseritore');
    const res = await inseritore.post('/api/gas/risposta/', {
      squadra: squadra.id,
      problema: d.nazionale.problemi[0]!.id,
      valore: '1',
    });
    expect(res.statusCode).toBe(201);
    expect(await eventi()).toBe(prima + 1);
  });
});

describe('microcache: a visitor who leaves before his answer', () => {
  /** One cached route whose first answer waits for `lascia` (the handler still running). */
  async function appLenta() {
    const app = Fastify();
    // The plugin it follows in app.ts (the cache headers), whose hooks this test does not need.
    await app.register(fp(async () => {}, { name: 'gas-cache-http' }));
    await app.register(registerMicrocache, { modifiche: { iscrivi: () => () => undefined } });
    let lascia = () => {};
    const primaRichiesta = new Promise<void>((resolve) => (lascia = resolve));
    let chiamate = 0;
    app.get('/lenta/', { config: { cache: 'viva' } }, async () => {
      chiamate += 1;
      if (chiamate === 1) await primaRichiesta;
      return { chiamate };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    return { app, port, lascia: () => lascia(), chiamate: () => chiamate };
  }

  /** A GET on a new connection: the status and the body, or null if nothing came within `ms`. */
  function leggi(port: number, ms: number): Promise<{ status: number; body: string } | null> {
    return new Promise((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/lenta/', agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', () => resolve(null));
      setTimeout(() => {
        req.destroy();
        resolve(null);
      }, ms);
    });
  }

  it('does not leave the URL waiting: the next visitors are answered', async () => {
    const { app, port, lascia, chiamate } = await appLenta();
    try {
      // The first visitor's read is under way (it holds the key), then he goes away.
      const abbandonata = http.get({ host: '127.0.0.1', port, path: '/lenta/', agent: false });
      abbandonata.on('error', () => undefined);
      await expect.poll(chiamate).toBe(1);
      abbandonata.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Before the handler ends: the next visitor builds his own answer.
      const seconda = await leggi(port, 2000);
      expect(seconda).toEqual({ status: 200, body: JSON.stringify({ chiamate: 2 }) });
      // And after it: the abandoned answer was never sent, the URL still works.
      lascia();
      const terza = await leggi(port, 2000);
      expect(terza?.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
