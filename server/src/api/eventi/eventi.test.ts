// The compact, cacheable events of a session (issue 18): the blocks decode to
// exactly risposta-all's events; a block asked for with its version is
// immutable (for shared caches a year only when the event is public and
// over), compressed once and sent in the encoding the client accepts; a new
// answer changes its own block's version only.
import { decodificaBlocco, type ColonneBlocco } from '@gas/contracts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evento } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { createTestApp, type TestApp } from '../testing';
import { changeFeedDelivered, loadDemo, setClock, type Demo } from '../risposta/testing';

type Indice = { eventi: number; blocchi: { blocco: number; eventi: number; versione: string }[] };

describe.each(testBackends())('compact events on %s', (backend) => {
  let t: TestApp;
  let d: Demo;
  let sessione = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
    d = await loadDemo(t.database.db);
    sessione = d.nazionale.sessioni[0]!;
    await setClock(t.database.db, d.nazionale.id, { inizio: -45, fine: 90, jolly: 30 });
    // Answers spread over three windows of the running contest.
    const admin = await t.as('admin');
    const squadre = d.nazionale.squadre.filter((s) => s.sessioneId === sessione);
    for (let i = 0; i < 12; i++) {
      const momento = new Date(Date.now() - (40 - i * 3) * 60_000).toISOString();
      const res = await admin.post('/api/gas/risposta/', {
        squadra: squadre[i % squadre.length]!.id,
        problema: d.nazionale.problemi[i % 5]!.id,
        valore: String(i + 1),
        momento_consegna: momento,
      });
      expect(res.statusCode).toBe(201);
    }
    const jolly = await admin.post('/api/gas/jolly/', {
      squadra: squadre[0]!.id,
      problema: d.nazionale.problemi[2]!.id,
    });
    expect(jolly.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const indice = async () => (await get(`/api/gas/sessione/${sessione}/eventi/`)).json() as Indice;
  const blocco = (n: number, v?: string, headers: Record<string, string> = {}) =>
    get(`/api/gas/sessione/${sessione}/eventi/${n}/${v ? `?v=${v}` : ''}`, headers);

  it('the blocks hold exactly the events of risposta-all', async () => {
    const idx = await indice();
    expect(idx.blocchi.length).toBeGreaterThanOrEqual(3);
    const eventi = [];
    for (const b of idx.blocchi) {
      const res = await blocco(b.blocco, b.versione);
      expect(res.statusCode).toBe(200);
      const cols = res.json() as ColonneBlocco;
      expect(cols.versione).toBe(b.versione);
      expect(cols.id).toHaveLength(b.eventi);
      eventi.push(...decodificaBlocco(cols));
    }
    const all = await get(`/api/gas/risposta-all/?squadra__sessione=${sessione}&limit=5000`);
    const attesi = all.json().results as unknown[];
    expect(idx.eventi).toBe(attesi.length);
    expect(eventi.sort((a, b) => a.id - b.id)).toEqual(attesi);
  });

  it('a block with its version is immutable; without it, or stale, it is not kept', async () => {
    const [b] = (await indice()).blocchi;
    const current = await blocco(b!.blocco, b!.versione);
    // The contest is running: shared caches keep it seconds (see below).
    expect(current.headers['cache-control']).toBe(
      'public, max-age=31536000, s-maxage=10, immutable',
    );
    expect(current.headers.etag).toBe(`W/"${b!.versione}"`);
    // No cookie: a shared cache stores no answer that sets one.
    expect(current.headers['set-cookie']).toBeUndefined();
    expect((await blocco(b!.blocco)).headers['cache-control']).toBe('no-cache');
    expect((await blocco(b!.blocco, 'vecchia')).headers['cache-control']).toBe('no-cache');
    const admin = await t.as('admin');
    const privata = await admin.get(
      `/api/gas/sessione/${sessione}/eventi/${b!.blocco}/?v=${b!.versione}`,
    );
    expect(privata.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const revalidated = await blocco(b!.blocco, b!.versione, {
      'if-none-match': `W/"${b!.versione}"`,
    });
    expect(revalidated.statusCode).toBe(304);
    expect((await get(`/api/gas/sessione/${sessione}/eventi/`)).headers['cache-control']).toContain(
      's-maxage=1',
    );
  });

  it('shared caches keep a block a year only for a public event that is over', async () => {
    const [b] = (await indice()).blocchi;
    // Each time a URL the instance's own cache has not seen (it would give
    // back the headers of its copy for 10 s): the event changes below are
    // made in the database, not through the API that would drop its copies.
    let n = 0;
    const url = () =>
      `/api/gas/sessione/${sessione}/eventi/${b!.blocco}/?v=${b!.versione}&n=${++n}`;
    const policy = async () => (await get(url())).headers['cache-control'];
    const admin = await t.as('admin');
    // Put back exactly as found: the blocks count from the event's start.
    const [prima] = await t.database.db
      .select({
        tipologia: evento.tipologia,
        inizio: evento.inizio,
        fine: evento.fine,
        fineConsegnaJolly: evento.fineConsegnaJolly,
      })
      .from(evento)
      .where(eq(evento.id, d.nazionale.id));
    const cambia = async (valori: Partial<NonNullable<typeof prima>>) => {
      await t.database.db.update(evento).set(valori).where(eq(evento.id, d.nazionale.id));
      await changeFeedDelivered(t.database.db);
    };
    await setClock(t.database.db, d.nazionale.id, { inizio: -120, fine: -1 });
    try {
      expect(await policy()).toBe('public, max-age=31536000, immutable');
      // Over but private: nobody but its staff sees it, in their browsers only.
      await cambia({ tipologia: 'priv' });
      expect((await get(url())).statusCode).toBe(404);
      expect((await admin.get(url())).headers['cache-control']).toBe(
        'private, max-age=31536000, immutable',
      );
    } finally {
      await cambia(prima!);
    }
    // Running again: a shared copy lives seconds, so turning the event
    // private stops it being served within them.
    expect(await policy()).toMatch(/s-maxage=10/);
  });

  it('sent in brotli or gzip as accepted, the same JSON', async () => {
    const [b] = (await indice()).blocchi;
    const plain = await blocco(b!.blocco, b!.versione);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await blocco(b!.blocco, b!.versione, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await blocco(b!.blocco, b!.versione, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('a new answer changes the version of its own block only', async () => {
    const prima = await indice();
    const admin = await t.as('admin');
    const squadra = d.nazionale.squadre.find((s) => s.sessioneId === sessione)!;
    const res = await admin.post('/api/gas/risposta/', {
      squadra: squadra.id,
      problema: d.nazionale.problemi[7]!.id,
      valore: '99',
    });
    expect(res.statusCode).toBe(201);
    const dopo = await indice();
    expect(dopo.eventi).toBe(prima.eventi + 1);
    const versioni = (i: Indice) => new Map(i.blocchi.map((b) => [b.blocco, b.versione]));
    const [a, b] = [versioni(prima), versioni(dopo)];
    const cambiati = [...b.keys()].filter((n) => a.get(n) !== b.get(n));
    expect(cambiati).toHaveLength(1);
    // Built again, the stale version of that block is no longer immutable
    // (asked by a user: a visitor may get the old version's own bytes from
    // the instance's cache for a few seconds, which is what they were).
    const vecchia = a.get(cambiati[0]!);
    const url = `/api/gas/sessione/${sessione}/eventi/${cambiati[0]!}/?v=${vecchia}`;
    if (vecchia) expect((await admin.get(url)).headers['cache-control']).toBe('no-cache');
  });

  it('a session nobody may see, and a block without events, are 404', async () => {
    expect((await get('/api/gas/sessione/999999/eventi/')).statusCode).toBe(404);
    expect((await blocco(99_999)).statusCode).toBe(404);
    expect((await get(`/api/gas/sessione/${sessione}/eventi/-1/`)).statusCode).toBe(400);
  });
});
