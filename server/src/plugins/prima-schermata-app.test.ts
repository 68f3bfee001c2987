// The painted pages inside the real app (plugins/static.ts, app.ts): read as
// an anonymous visitor gets them, and redrawn at once after an edit on the
// change stream, not a second later. A stand-in renderer in the build's place
// (dist-ssr/entry-server.js beside the web app's dist/) prints what it got.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { evento, sessione } from '../db/schema';
import { createTestApp, type TestApp } from '../api/testing';

const INDEX =
  '<!doctype html><html><head><title>GaS</title></head><body><div id="root"><main id="contenuto"><div class="page-loading"></div></main><!--fine-guscio--></div></body></html>';
const RENDERER = `export function renderPagina(percorso, dati) {
  if (dati.eventi) {
    return '<main><pre>' + JSON.stringify(dati.eventi.filtro) + '</pre><ul>' +
      dati.eventi.lista.map((e) => '<li>' + e.titolo + '</li>').join('') + '</ul></main>';
  }
  return '<main><h1>' + (dati.sessione ? dati.sessione.nome : dati.evento.titolo) + '</h1></main>';
}
`;

describe('painted pages in the app', () => {
  let t: TestApp;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gas-build-'));
  const dist = path.join(root, 'dist');
  let sessioneId: number;
  let eventoId: number;

  beforeAll(async () => {
    fs.mkdirSync(dist);
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
    t = await createTestApp('pglite', { config: { webDist: dist } });
    const [row] = await t.database.db
      .select({ id: sessione.id, evento: evento.id })
      .from(sessione)
      .innerJoin(evento, eq(evento.id, sessione.eventoId))
      .where(eq(evento.tipologia, 'pub'))
      .orderBy(asc(sessione.id));
    sessioneId = row!.id;
    eventoId = row!.evento;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const main = async (url: string) => {
    const body = (await t.app.inject({ method: 'GET', url })).body;
    return body.slice(body.indexOf('<main'), body.indexOf('</main>'));
  };

  it('paints from the API as an anonymous visitor gets it', async () => {
    const [s] = await t.database.db.select().from(sessione).where(eq(sessione.id, sessioneId));
    expect(await main(`/sessione/${sessioneId}/punteggi/`)).toContain(`<h1>${s!.nome}</h1>`);
  });

  it('paints the results from the ranking, the teams, the venues and the site the API gives anyone', async () => {
    const body = (await t.app.inject({ method: 'GET', url: `/sessione/${sessioneId}/risultati/` }))
      .body;
    const json = /<script type="application\/json" id="dati-prima-schermata">(.*?)<\/script>/s.exec(
      body,
    )?.[1];
    const dati = JSON.parse(json!) as Record<string, unknown>;
    const anonimo = await t.anonymous();
    const api = async (url: string) => (await anonimo.get(url)).json();
    expect(dati.sessione).toEqual(await api(`/api/gas/sessione/${sessioneId}/`));
    expect(dati.evento).toEqual(await api(`/api/gas/evento/${eventoId}/`));
    expect(dati.classifica).toEqual(
      (await api(`/api/gas/sessione/${sessioneId}/punteggi/`)).results[0],
    );
    const squadre = await api(
      `/api/gas/squadra/in_sessione/?sessione=${sessioneId}&page_size=1000`,
    );
    expect(squadre.results.length).toBeGreaterThan(0);
    expect(dati.squadre).toEqual(squadre.results);
    const sessione = dati.sessione as { poli: number[] };
    expect(dati.poli).toEqual(
      sessione.poli.length > 0
        ? (await api(`/api/gas/polo/?evento=${eventoId}&page_size=1000`)).results
        : [],
    );
    // The site's settings: the maps' tile server, for their painted background.
    expect(dati.sito).toEqual(await api('/api/gas/sito/'));
  });

  it('paints the event lists with the events an anonymous visitor gets, each list its own', async () => {
    // One public event made private (not the one the other tests paint).
    const [privato] = await t.database.db
      .update(evento)
      .set({ tipologia: 'priv' })
      .where(and(eq(evento.tipologia, 'pub'), ne(evento.id, eventoId)))
      .returning({ id: evento.id });
    onTestFinished(async () => {
      await t.database.db
        .update(evento)
        .set({ tipologia: 'pub' })
        .where(eq(evento.id, privato!.id));
    });
    const eventi = await t.database.db
      .select({ titolo: evento.titolo, tipologia: evento.tipologia })
      .from(evento);
    const ufficiali = eventi.filter((e) => e.tipologia === 'o');
    const pubblici = eventi.filter((e) => e.tipologia === 'pub');
    const privati = eventi.filter((e) => e.tipologia === 'priv');
    expect([ufficiali.length, pubblici.length, privati.length]).not.toContain(0);
    const anno = new Date().getFullYear();
    for (const url of ['/eventi/', `/eventi/anno/${anno}/`]) {
      const lista = await main(url);
      expect(lista, url).toContain('<pre>{"tipologia":"o"}</pre>');
      for (const e of ufficiali) expect(lista, url).toContain(`<li>${e.titolo}</li>`);
      for (const e of [...pubblici, ...privati]) {
        expect(lista, url).not.toContain(`<li>${e.titolo}</li>`);
      }
    }
    const nonUfficiali = await main('/eventi/non-ufficiali/');
    expect(nonUfficiali).toContain('<pre>{"tipologia__in":["pub","priv"]}</pre>');
    for (const e of pubblici) expect(nonUfficiali).toContain(`<li>${e.titolo}</li>`);
    // A private event does not exist for the anonymous visitor the page is painted for.
    for (const e of [...ufficiali, ...privati]) {
      expect(nonUfficiali).not.toContain(`<li>${e.titolo}</li>`);
    }
    // Not a list: an unknown season's path is sent as built.
    expect(await main('/eventi/anno/abc/')).toContain('page-loading');
  });

  it('a painted page goes out compressed in the encoding asked for, the same HTML once decoded', async () => {
    const url = `/sessione/${sessioneId}/risultati/`;
    const plain = (await t.app.inject({ method: 'GET', url })).body;
    expect(plain).toContain('dati-prima-schermata');
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const first = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': encoding },
      });
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': encoding },
      });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toContain('accept-encoding');
      expect(first.headers['content-type']).toMatch(/^text\/html/);
      expect(decode(first.rawPayload).toString()).toBe(plain);
      // Kept compressed with its page: the same bytes for the next visitor.
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });

  it('an edit on the change stream is on the next page at once; an answer is not an edit', async () => {
    await main(`/evento/${eventoId}/`);
    const titolo = `Titolo nuovo ${Date.now()}`;
    // Written behind the stream's back: the painted page is the one kept.
    await t.database.db.update(evento).set({ titolo }).where(eq(evento.id, eventoId));
    expect(await main(`/evento/${eventoId}/`)).not.toContain(titolo);
    const { modifiche } = t.app.services;
    modifiche.emetti({ tipo: 'consegna_eliminata', sessione: sessioneId, id: 1 });
    expect(await main(`/evento/${eventoId}/`)).not.toContain(titolo);
    modifiche.emetti({
      tipo: 'evento_modificato',
      evento: eventoId,
      sessioni: [sessioneId],
      parti: [],
      tempi: null,
    });
    expect(await main(`/evento/${eventoId}/`)).toContain(`<h1>${titolo}</h1>`);
  });

  it('an event made private is no longer painted', async () => {
    const admin = await t.as('admin');
    await admin.patch(`/api/gas/evento/${eventoId}/`, { tipologia: 'priv' });
    // Within the second a painted page is kept (the microcache's rule too).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await main(`/evento/${eventoId}/`)).toContain('page-loading');
    expect(await main(`/sessione/${sessioneId}/punteggi/`)).toContain('page-loading');
  });
});
