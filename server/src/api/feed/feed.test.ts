// The open feed (issue 28 item 4): a contest played through the API, with a
// joker, a late answer keyed in by the staff, a deletion, a corrected
// solution and a renamed team; a third party's client (cliente.ts) folding
// the feed reaches the scores page's ranking, whether it reads it in one go
// or resumes from a token; the stream sends what is committed while it is
// open; visibility, bad parameters and the bound on open streams.
import { MESSAGGI_FEED, type PunteggiItem } from '@gas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evento } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { ensureLiveSession, type LiveSession } from '../../demo/queries';
import { createTestApp, type Client, type TestApp } from '../testing';
import { ClassificaDalFeed } from './cliente';
import { FLUSSI_PER_INDIRIZZO } from './routes';

describe.each(testBackends())('the open feed of a session, %s', (backend) => {
  let t: TestApp;
  let live: LiveSession;
  let admin: Client;
  let base: string;
  const feed = (query = '') => `/api/feed/v1/sessione/${live.sessioneId}/${query}`;

  beforeAll(async () => {
    t = await createTestApp(backend);
    live = await ensureLiveSession(t.database, {
      now: new Date(Date.now() - 20 * 60_000),
      titolo: 'Feed aperto',
      teams: 5,
    });
    admin = await t.as('admin');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => t.close());

  const answer = async (i: number, p: number, giusta: boolean, momento?: Date) => {
    const problema = live.problemi[p]!;
    const res = await admin.post('/api/gas/risposta/', {
      squadra: live.squadre[i],
      problema: problema.id,
      valore: String(giusta ? problema.soluzione : problema.soluzione + 1),
      valore_exp: problema.soluzioneExp,
      ...(momento && { momento_consegna: momento.toISOString() }),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().id as number;
  };

  /** The scores page's ranking, and the feed client's at the same instant. */
  const confronta = async (cliente: ClassificaDalFeed) => {
    const res = await (await t.anonymous()).get(`/api/gas/sessione/${live.sessioneId}/punteggi/`);
    const [item] = (res.json() as { results: PunteggiItem[] }).results;
    const pagina = item!.json;
    const calcolata = cliente.classifica(Date.parse(pagina.ora));
    const forma = (righe: readonly { posizione: number | null; id: number; totale: number }[]) =>
      righe.map((r) => [r.posizione, r.id, r.totale]);
    expect(forma(calcolata.classifica)).toEqual(forma(pagina.classifica));
    expect(calcolata.classifica.map((r) => r.punti_parziali)).toEqual(
      pagina.classifica.map((r) => r.punti_parziali),
    );
    expect(calcolata.valori).toEqual(pagina.valori);
    return pagina;
  };

  it('a client folding the feed reaches the scores page’s ranking, at once or resuming from a token', async () => {
    const anonimo = await t.anonymous();
    const primo = await answer(0, 0, true);
    await answer(1, 0, false);
    await answer(1, 1, true);
    const joker = await admin.post('/api/gas/jolly/', {
      squadra: live.squadre[2],
      problema: live.problemi[1]!.id,
      // Its window closed 10 minutes after the start: the staff key in the slip.
      momento_consegna: new Date(live.inizio.getTime() + 120_000).toISOString(),
    });
    expect(joker.statusCode, joker.body).toBe(201);

    const cliente = new ClassificaDalFeed();
    const res = await anonimo.get(feed('?stream=false'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    cliente.applicaTesto(res.body);
    expect(res.body.split('\n')[0]).toContain('"type":"stato"');
    await confronta(cliente);
    const token = cliente.token!;

    // What happens next: a late answer keyed in with its slip's time, a
    // deletion, a corrected solution, a renamed team.
    await answer(3, 2, true, new Date(live.inizio.getTime() + 60_000));
    expect((await admin.delete(`/api/gas/risposta/${primo}/`)).statusCode).toBe(204);
    const p = live.problemi[0]!;
    const corretta = await admin.patch(`/api/admin/problema/${p.id}/`, {
      soluzione: p.soluzione + 1,
    });
    expect(corretta.statusCode, corretta.body).toBe(200);
    const rinomina = await admin.patch(`/api/admin/squadra/${live.squadre[4]}/`, {
      nome: 'Squadra del feed',
    });
    expect(rinomina.statusCode, rinomina.body).toBe(200);

    const seguito = await anonimo.get(feed(`?since=${token}&stream=false`));
    expect(seguito.statusCode).toBe(200);
    expect(seguito.body).not.toContain('"type":"stato"');
    const tipi = seguito.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).type);
    expect(tipi).toEqual(expect.arrayContaining(['consegna', 'consegna_eliminata', 'squadra']));
    cliente.applicaTesto(seguito.body);
    expect(cliente.squadre.get(live.squadre[4]!)?.nome).toBe('Squadra del feed');
    expect(cliente.eventi.has(primo)).toBe(false);
    await confronta(cliente);

    // The same lines again (a client that read them but not their token) change nothing.
    cliente.applicaTesto(seguito.body);
    await confronta(cliente);
    // A fresh client from the start agrees as well.
    const nuovo = new ClassificaDalFeed();
    nuovo.applicaTesto((await anonimo.get(feed('?stream=false'))).body);
    await confronta(nuovo);
  });

  it('streams what is committed while it is open, then lets the client go', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}${feed()}`, { signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let testo = '';
    const leggiFinché = async (test: (t: string) => boolean) => {
      const limite = Date.now() + 10_000;
      while (!test(testo)) {
        if (Date.now() > limite) throw new Error(`nessuna riga attesa in: ${testo}`);
        const { value, done } = await reader.read();
        if (done) break;
        testo += decoder.decode(value, { stream: true });
      }
    };
    await leggiFinché((x) => x.includes('"type":"stato"') && x.endsWith('\n'));
    const id = await answer(0, 3, true);
    await leggiFinché((x) => x.includes(`"type":"consegna","token"`) && x.includes(`"id":${id},`));
    controller.abort();
  });

  it('follows the scores page’s visibility; Italian 400s for bad parameters; a bound on open streams', async () => {
    const anonimo = await t.anonymous();
    expect((await anonimo.get('/api/feed/v1/sessione/999999/')).statusCode).toBe(404);
    const token = await anonimo.get(feed('?since=abc&stream=false'));
    expect(token.statusCode).toBe(400);
    expect(token.body).toContain(MESSAGGI_FEED.tokenNonValido);
    // Parts the server could not read exactly (2^53 and beyond) are refused, not a 500.
    for (const since of ['9007199254740993.1', '1.1.99999999999999999', '1.2.3.4']) {
      const res = await anonimo.get(feed(`?since=${since}&stream=false`));
      expect(res.statusCode, since).toBe(400);
      expect(res.body).toContain(MESSAGGI_FEED.tokenNonValido);
    }
    const stream = await anonimo.get(feed('?stream=forse'));
    expect(stream.statusCode).toBe(400);
    expect(stream.body).toContain(MESSAGGI_FEED.streamNonValido);

    // Too many open streams from one address: 429 with an Italian message.
    const aperti = await Promise.all(
      Array.from({ length: FLUSSI_PER_INDIRIZZO }, async () => {
        const c = new AbortController();
        const r = await fetch(`${base}${feed()}`, { signal: c.signal });
        return { c, r };
      }),
    );
    const oltre = await fetch(`${base}${feed()}`);
    expect(oltre.status).toBe(429);
    expect(await oltre.text()).toContain(MESSAGGI_FEED.troppiFlussi);
    for (const { c } of aperti) c.abort();
    // A closed stream gives its place back.
    let dopo = 429;
    for (let i = 0; i < 50 && dopo === 429; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const c = new AbortController();
      const r = await fetch(`${base}${feed()}`, { signal: c.signal });
      dopo = r.status;
      c.abort();
    }
    expect(dopo).toBe(200);

    // A private event: its feed does not exist for outsiders; its staff read it.
    await t.database.db
      .update(evento)
      .set({ tipologia: 'priv' })
      .where(eq(evento.id, live.eventoId));
    try {
      expect((await anonimo.get(feed('?stream=false'))).statusCode).toBe(404);
      expect((await admin.get(feed('?stream=false'))).statusCode).toBe(200);
    } finally {
      await t.database.db
        .update(evento)
        .set({ tipologia: 'pub' })
        .where(eq(evento.id, live.eventoId));
    }
  });
});
