// Link previews (issue 28): the HTML sent for a session's scores and results
// pages carries Open Graph and Twitter card tags, before any script, only for
// events the anonymous public may see; every value escaped; lookups kept
// for a while; anything else gets index.html as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evento, sessione } from '../../db/schema';
import { createTestApp, type TestApp } from '../testing';
import { creaAnteprime } from './anteprime';
import { anteprima, escapeHtml } from './tags';

const INDEX = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="UTF-8" />
    <title>GaS</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** No preview: the page as built, but for the hints of what it loads (plugins/anticipi.ts). */
const senzaAnticipi = (html: string) =>
  html.replace(/<link rel="(?:preload|modulepreload)"[^>]*>\n/g, '');

/** The content of each meta tag of `html`, by property or name (entities as sent). */
function metas(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    out.set(m[1]!, m[2]!);
  }
  return out;
}

describe('link previews of the session pages', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gas-dist-'));
  /** Sessions of the demo events by what the test needs of them. */
  let conclusa: number;
  let futura: number;
  let privata: number;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    t = await createTestApp('pglite', {
      config: { webDist: dist, publicUrl: 'https://gas.example.it' },
    });
    const { db } = t.database;
    const rows = await db
      .select({
        id: sessione.id,
        evento: evento.id,
        tipologia: evento.tipologia,
        fine: evento.fine,
      })
      .from(sessione)
      .innerJoin(evento, eq(evento.id, sessione.eventoId))
      .orderBy(asc(evento.inizio), asc(sessione.id));
    const now = Date.now();
    // The latest concluded official session (the qualification 30 days ago).
    conclusa = rows.filter((r) => r.tipologia === 'o' && r.fine.getTime() < now).at(-1)!.id;
    futura = rows.find((r) => r.tipologia === 'o' && r.fine.getTime() > now)!.id;
    // The public training event made private.
    const aperto = rows.find((r) => r.tipologia === 'pub')!;
    await db.update(evento).set({ tipologia: 'priv' }).where(eq(evento.id, aperto.evento));
    privata = aperto.id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url });

  it('a page written for its request is compressed as the browser accepts', async () => {
    const url = `/sessione/${conclusa}/punteggi/`;
    const plain = await page(url);
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('a concluded public session: title, date and winner, before any script', async () => {
    const punteggi = (await page(`/api/gas/sessione/${conclusa}/punteggi/`)).json();
    const json = punteggi.results[0].json;
    const winner = json.classifica.find((r: { posizione: number | null }) => r.posizione === 1);
    const [row] = await t.database.db
      .select({ titolo: evento.titolo, nome: sessione.nome })
      .from(sessione)
      .innerJoin(evento, eq(evento.id, sessione.eventoId))
      .where(eq(sessione.id, conclusa));

    for (const pagina of ['risultati', 'punteggi']) {
      const res = await page(`/sessione/${conclusa}/${pagina}/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const tags = metas(res.body);
      expect(tags.get('og:title')).toBe(escapeHtml(`${row!.titolo} — ${row!.nome}`));
      expect(tags.get('og:type')).toBe('website');
      expect(tags.get('og:url')).toBe(`https://gas.example.it/sessione/${conclusa}/${pagina}/`);
      expect(tags.get('twitter:card')).toBe('summary');
      const descrizione = tags.get('og:description')!;
      expect(descrizione).toMatch(/^Gara del \d{1,2} \p{L}+ \d{4}: vince /u);
      expect(descrizione).toContain(escapeHtml(winner.nome));
      expect(descrizione).toContain(`con ${winner.totale} punti`);
      // Before the first script, so a crawler that runs none still reads them.
      expect(res.body.indexOf('og:title')).toBeLessThan(res.body.indexOf('<script'));
      expect(res.body.indexOf('<meta charset')).toBeLessThan(res.body.indexOf('og:title'));
    }
    // The query string is not part of the page.
    const conQuery = await page(`/sessione/${conclusa}/punteggi/?colori=1`);
    expect(metas(conQuery.body).get('og:url')).toBe(
      `https://gas.example.it/sessione/${conclusa}/punteggi/`,
    );
  });

  it('a session not yet started says when it starts, with no winner', async () => {
    const tags = metas((await page(`/sessione/${futura}/risultati`)).body);
    expect(tags.get('og:description')).toMatch(/^Gara del .+, dalle \d\d:\d\d: classifica/);
    expect(tags.get('og:description')).not.toContain('vince');
  });

  it('a private event, an unknown or a malformed session: index.html as it is', async () => {
    for (const url of [
      `/sessione/${privata}/risultati/`,
      `/sessione/${privata}/punteggi/`,
      '/sessione/999999/risultati/',
      '/sessione/0/risultati/',
      '/sessione/99999999999/punteggi/',
      '/sessione/abc/risultati/',
      `/sessione/${conclusa}/punteggi/telecronaca/`,
      '/eventi/',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(senzaAnticipi(res.body), url).toBe(INDEX);
    }
    // Not even to a logged-in administrator of the event: the HTML is the public's.
    const admin = await t.as('admin');
    expect(senzaAnticipi((await admin.get(`/sessione/${privata}/risultati/`)).body)).toBe(INDEX);
  });

  it('escapes the titles and keeps a lookup for a while', async () => {
    const [s] = await t.database.db
      .select({ evento: sessione.eventoId })
      .from(sessione)
      .where(eq(sessione.id, futura));
    // Previews are kept for a while: a change shows once the entry expires.
    const anteprime = creaAnteprime({
      db: t.database.db,
      snapshots: t.app.services.snapshots,
      ttlMs: 60_000,
    });
    const before = await anteprime(`/sessione/${futura}/punteggi/`, 'https://x.it');
    const titolo = `Gara "A" <script>alert('x')</script> & co.`;
    await t.database.db.update(evento).set({ titolo }).where(eq(evento.id, s!.evento));
    await t.database.db.update(sessione).set({ nome: 'Nord <b>' }).where(eq(sessione.id, futura));
    expect(await anteprime(`/sessione/${futura}/punteggi/`, 'https://x.it')).toBe(before);
    expect(before).not.toContain('alert');

    // A new app (same database, its own previews) looks it up afresh.
    const fresh = await createTestApp('pglite', {
      database: t.database,
      config: { webDist: dist },
    });
    try {
      const res = await fresh.app.inject({
        method: 'GET',
        url: `/sessione/${futura}/punteggi/`,
        headers: { host: 'gas.local:8080' },
      });
      expect(res.body).not.toContain('<script>alert');
      expect(res.body).not.toContain('<b>');
      const tags = metas(res.body);
      expect(tags.get('og:title')).toBe(
        'Gara &#34;A&#34; &#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62; &#38; co. — Nord &#60;b&#62;',
      );
      // Without GAS_PUBLIC_URL, the origin the request came to.
      expect(tags.get('og:url')).toBe(`http://gas.local:8080/sessione/${futura}/punteggi/`);
    } finally {
      await fresh.app.close();
    }
  });
});

describe('preview texts', () => {
  const base = {
    evento: 'Finale',
    sessione: 'Unica',
    inizio: new Date('2026-04-15T08:00:00Z'),
    fine: new Date('2026-04-15T10:00:00Z'),
  };
  const dopo = new Date('2026-04-16T00:00:00Z');

  it('times in Rome', () => {
    const during = anteprima({ ...base, vincitori: [] }, new Date('2026-04-15T09:00:00Z'));
    expect(during.descrizione).toBe(
      'Gara in corso il 15 aprile 2026 fino alle 12:00: classifica in diretta su GaS.',
    );
  });

  it('one winner, a tie, none', () => {
    const a = { nome: 'Alfa', scuola: 'Liceo Galilei', totale: 512 };
    const b = { nome: 'Beta', scuola: null, totale: 512 };
    expect(anteprima({ ...base, vincitori: [a] }, dopo)).toEqual({
      titolo: 'Finale — Unica',
      descrizione: 'Gara del 15 aprile 2026: vince Alfa (Liceo Galilei) con 512 punti.',
    });
    expect(anteprima({ ...base, vincitori: [a, b] }, dopo).descrizione).toBe(
      'Gara del 15 aprile 2026: vincono a pari merito Alfa (Liceo Galilei), Beta con 512 punti.',
    );
    expect(anteprima({ ...base, vincitori: [] }, dopo).descrizione).toBe(
      'Gara del 15 aprile 2026: la classifica finale.',
    );
  });
});
