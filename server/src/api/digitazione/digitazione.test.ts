// Double entry of paper slips over HTTP (issue 17): with the event's
// doppia_digitazione on, an answer counts only once two users typed the same
// reading; a different reading waits for an administrator, whose decision is
// audited; keys, removal, permissions and two typists at once.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGGI_GARA } from '@gas/contracts';
import { registro, risposta } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { createTestApp, type Client, type TestApp } from '../testing';
import { loadDemo, rispostaCount, setClock, type Demo } from '../risposta/testing';

describe.each(testBackends())('double entry on %s', (backend) => {
  let t: TestApp;
  let d: Demo;
  let inseritore: Client;
  let amministratore: Client;
  let problema = 0;
  let squadra = 0;
  let soluzione = '';
  let esponente = 0;

  const slip = (valore: string, extra: Record<string, unknown> = {}) => ({
    squadra,
    problema,
    valore,
    valore_exp: 0,
    ...extra,
  });
  /** The typings of the current team's session, as the administrators' list gives them. */
  const typings = async (stato?: string) => {
    const q = stato ? `&stato=${stato}` : '';
    const [team] = d.nazionale.squadre.filter((s) => s.id === squadra);
    const res = await amministratore.get(
      `/api/gas/digitazione/?sessione=${team!.sessioneId}&page_size=500${q}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json().results as Record<string, unknown>[];
  };
  const rows = (squadraId: number) =>
    t.database.db
      .select()
      .from(risposta)
      .where(and(eq(risposta.squadraId, squadraId), eq(risposta.problemaId, problema)));

  /** The app's own log lines: a replay must log no error. */
  const righe: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend, { logDestination: { write: (l) => void righe.push(l) } });
    d = await loadDemo(t.database.db);
    await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    inseritore = await t.as('inseritore');
    amministratore = await t.as('amministratore');
    const p = d.nazionale.problemi[3]!;
    problema = p.id;
    soluzione = String(p.soluzione);
    esponente = p.soluzioneExp;
    squadra = d.squadre.altre[0]!;
    const on = await amministratore.patch(`/api/gas/evento/${d.nazionale.id}/`, {
      doppia_digitazione: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().doppia_digitazione).toBe(true);
  });
  afterAll(() => t.close());

  it('only event administrators switch it on; the event says so to everyone', async () => {
    const res = await inseritore.patch(`/api/gas/evento/${d.nazionale.id}/`, {
      doppia_digitazione: false,
    });
    expect(res.statusCode).toBe(403);
    const visto = await (await t.anonymous()).get(`/api/gas/evento/${d.nazionale.id}/`);
    expect(visto.json().doppia_digitazione).toBe(true);
  });

  it('one typing waits (202); the same user typing it again does not confirm it', async () => {
    squadra = d.squadre.altre[1]!;
    const prima = await rispostaCount(t.database.db);
    const a = await inseritore.post('/api/gas/risposta/', slip('12'));
    expect(a.statusCode).toBe(202);
    expect(a.json()).toMatchObject({ stato: 'in_attesa', valore: '12', risposta: null });
    const b = await inseritore.post('/api/gas/risposta/', slip('12'));
    expect(b.statusCode).toBe(202);
    expect(b.json().stato).toBe('in_attesa');
    expect(await rispostaCount(t.database.db)).toBe(prima);
    const waiting = (await typings('in_attesa')).filter((x) => x.squadra === squadra);
    expect(waiting.map((x) => x.id)).toEqual([a.json().id, b.json().id]);
  });

  it('two users with the same reading store one answer, at the earlier delivery time', async () => {
    squadra = d.squadre.altre[2]!;
    const t0 = new Date(Date.now() - 5 * 60_000).toISOString();
    const t1 = new Date(Date.now() - 2 * 60_000).toISOString();
    const a = await inseritore.post(
      '/api/gas/risposta/',
      slip(soluzione, { momento_consegna: t1, valore_exp: esponente }),
    );
    expect(a.statusCode).toBe(202);
    // The same number written another way is the same reading.
    const b = await amministratore.post(
      '/api/gas/risposta/',
      slip(soluzione.includes('.') ? `${soluzione.replace('.', ',')}0` : `${soluzione},00`, {
        momento_consegna: t0,
        valore_exp: esponente,
      }),
    );
    expect(b.statusCode).toBe(201);
    expect(b.json()).toMatchObject({ corretto: true, kind: 'r', momento_consegna: t0 });
    const stored = await rows(squadra);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(b.json().id);
    const coppia = (await typings()).filter((x) => x.squadra === squadra);
    expect(coppia.map((x) => [x.stato, x.risposta])).toEqual([
      ['confermata', b.json().id],
      ['confermata', b.json().id],
    ]);
  });

  it('different readings flag both; an administrator accepts one: one answer, audited', async () => {
    squadra = d.squadre.altre[3]!;
    const a = await inseritore.post('/api/gas/risposta/', slip('41'));
    const b = await amministratore.post('/api/gas/risposta/', slip('47'));
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(b.json()).toMatchObject({ stato: 'discordante', abbinata_a: a.json().id });
    expect(await rows(squadra)).toHaveLength(0);
    // The pairs to decide come first.
    const list = await typings();
    expect(list[0]!.stato).toBe('discordante');
    expect(list.filter((x) => x.squadra === squadra).map((x) => x.stato)).toEqual([
      'discordante',
      'discordante',
    ]);

    const url = `/api/gas/digitazione/${a.json().id}/risolvi/`;
    expect((await inseritore.post(url, { azione: 'scarta' })).statusCode).toBe(403);
    const estranea = await amministratore.post(url, { azione: 'accetta', digitazione: 999999 });
    expect(estranea.statusCode).toBe(400);
    expect(estranea.json()).toEqual({ digitazione: [MESSAGGI_GARA.digitazioneDaScegliere] });
    const nonValida = await amministratore.post(url, { azione: 'boh' });
    expect(nonValida.statusCode).toBe(400);

    const ok = await amministratore.post(url, { azione: 'accetta', digitazione: b.json().id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ stato: 'risolta', risolta_da_nome: expect.any(String) });
    const stored = await rows(squadra);
    expect(stored.map((r) => r.valore)).toEqual(['47']);
    expect(ok.json().risposta).toBe(stored[0]!.id);
    const audit = await t.database.db
      .select()
      .from(registro)
      .where(
        and(
          eq(registro.risorsa, 'digitazione'),
          inArray(registro.oggettoId, [a.json().id, b.json().id]),
        ),
      );
    expect(audit).toHaveLength(2);
    // Each entry says what became of its reading, which one was accepted and the value stored.
    const voce = (id: number) => audit.find((v) => v.oggettoId === id)!;
    expect(voce(a.json().id).modifiche).toMatchObject({
      stato: ['discordante', 'risolta'],
      risposta: [null, stored[0]!.id],
      decisione: [null, 'altra_accettata'],
      lettura_accettata: [null, b.json().id],
      valore_registrato: [null, '47'],
    });
    expect(voce(a.json().id).nota).toBe('Accettata l’altra lettura: registrato 47');
    expect(voce(b.json().id).modifiche).toMatchObject({ decisione: [null, 'accettata'] });
    expect(voce(b.json().id).nota).toBe('Accettata questa lettura: registrato 47');
    // Who decided: the administrator (who also typed the second reading).
    expect(audit.map((v) => v.utenteId)).toEqual([b.json().utente, b.json().utente]);
    // The log names the typing and the answer by team, problem and value.
    const log = await (
      await t.as('admin')
    ).get(`/api/admin/log/?risorsa=digitazione&oggetto=${a.json().id}`);
    const [letta] = log.json().results;
    expect(letta.oggetto_titolo).toMatch(/: 41, digitata da /);
    expect(letta.titoli.risposta[String(stored[0]!.id)]).toMatch(/: 47$/);
    expect(letta.titoli.lettura_accettata[String(b.json().id)]).toMatch(/: 47, digitata da /);
    // The page's list says the same: the decision, who took it, the value stored.
    const decise = (await typings('risolta')).filter((x) => x.squadra === squadra);
    const perId = decise.sort((x, y) => (x.id as number) - (y.id as number));
    expect(perId.map((x) => [x.id, x.decisione, x.valore_registrato])).toEqual([
      [a.json().id, 'altra_accettata', '47'],
      [b.json().id, 'accettata', '47'],
    ]);

    const again = await amministratore.post(`/api/gas/digitazione/${b.json().id}/risolvi/`, {
      azione: 'scarta',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [MESSAGGI_GARA.digitazioneRisolta] });
    expect(await rows(squadra)).toHaveLength(1);
  });

  it('an administrator types the reading of the slip, or drops the pair', async () => {
    squadra = d.squadre.altre[4]!;
    const a = await inseritore.post('/api/gas/risposta/', slip('1'));
    await amministratore.post('/api/gas/risposta/', slip('2'));
    const url = `/api/gas/digitazione/${a.json().id}/risolvi/`;
    const storta = await amministratore.post(url, { azione: 'correggi', valore: 'tre' });
    expect(storta.statusCode).toBe(400);
    expect(storta.json()).toEqual({ valore: [MESSAGGI_GARA.valoreNonValido] });
    const ok = await amministratore.post(url, {
      azione: 'correggi',
      valore: soluzione,
      valore_exp: esponente,
    });
    expect(ok.statusCode).toBe(200);
    const stored = await rows(squadra);
    expect(stored.map((r) => [r.valore, r.corretto])).toEqual([[soluzione, true]]);
    expect(ok.json()).toMatchObject({ decisione: 'corretta', valore_registrato: soluzione });

    const c = await inseritore.post('/api/gas/risposta/', slip('5'));
    await amministratore.post('/api/gas/risposta/', slip('6'));
    const drop = await amministratore.post(`/api/gas/digitazione/${c.json().id}/risolvi/`, {
      azione: 'scarta',
    });
    expect(drop.statusCode).toBe(200);
    expect(drop.json()).toMatchObject({
      stato: 'scartata',
      risposta: null,
      decisione: 'scartata',
      valore_registrato: null,
    });
    expect(await rows(squadra)).toHaveLength(1);
  });

  it('a key again answers the typing, never a second one; another body is 422', async () => {
    squadra = d.squadre.altre[5]!;
    const chiave = randomUUID();
    const headers = { 'idempotency-key': chiave };
    const a = await inseritore.request('POST', '/api/gas/risposta/', slip('8'), { headers });
    const b = await inseritore.request('POST', '/api/gas/risposta/', slip('8'), { headers });
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(b.json().id).toBe(a.json().id);
    expect(b.headers['idempotent-replayed']).toBe('true');
    const c = await inseritore.request('POST', '/api/gas/risposta/', slip('9'), { headers });
    expect(c.statusCode).toBe(422);
    expect((await typings()).filter((x) => x.squadra === squadra)).toHaveLength(1);
  });

  it('a typing replayed after the contest ended answers once, logging no error', async () => {
    squadra = d.squadre.altre[8]!;
    const headers = { 'idempotency-key': randomUUID() };
    const a = await inseritore.request('POST', '/api/gas/risposta/', slip('4'), { headers });
    expect(a.statusCode).toBe(202);
    righe.length = 0;
    await setClock(t.database.db, d.nazionale.id, { inizio: -120, fine: -1 });
    try {
      // Refused by the checks (the contest is over), then found by its key.
      const b = await inseritore.request('POST', '/api/gas/risposta/', slip('4'), { headers });
      expect(b.statusCode).toBe(202);
      expect(b.json().id).toBe(a.json().id);
      expect(b.headers['idempotent-replayed']).toBe('true');
      // What the handler might still do after sending.
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    }
    const errori = righe
      .map((r) => JSON.parse(r) as { level: number })
      .filter((r) => r.level >= 50);
    expect(errori).toEqual([]);
    expect((await typings()).filter((x) => x.squadra === squadra)).toHaveLength(1);
  });

  it('a waiting typing is removed by its typist or an administrator, not by others', async () => {
    squadra = d.squadre.altre[6]!;
    const a = await inseritore.post('/api/gas/risposta/', slip('3'));
    const url = `/api/gas/digitazione/${a.json().id}/`;
    expect((await (await t.as('docente')).delete(url)).statusCode).toBe(403);
    expect((await (await t.as('principale')).delete(url)).statusCode).toBe(403);
    expect((await inseritore.delete(url)).statusCode).toBe(204);
    const again = await inseritore.delete(url);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [MESSAGGI_GARA.digitazioneNonInAttesa] });
    // Removed, it no longer pairs: the next typing waits on its own.
    const b = await amministratore.post('/api/gas/risposta/', slip('3'));
    expect(b.json().stato).toBe('in_attesa');
  });

  it('the list is for the event staff only', async () => {
    const url = `/api/gas/digitazione/?sessione=${d.nazionale.sessioni[0]}`;
    expect((await (await t.anonymous()).get(url)).statusCode).toBe(403);
    expect((await (await t.as('principale')).get(url)).statusCode).toBe(403);
    expect((await inseritore.get(url)).statusCode).toBe(200);
    expect((await amministratore.get('/api/gas/digitazione/?sessione=999999')).statusCode).toBe(
      404,
    );
  });

  it('two typists of one slip at once store one answer', async () => {
    squadra = d.squadre.altre[7]!;
    const results = await Promise.all([
      inseritore.post('/api/gas/risposta/', slip('77')),
      amministratore.post('/api/gas/risposta/', slip('77')),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 202]);
    expect(await rows(squadra)).toHaveLength(1);
  });
});
