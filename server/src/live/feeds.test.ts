// The three feeds end to end, in process: the real app listening on a port,
// real WebSocket clients, writes through the HTTP API.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evento } from '../db/schema';
import { testBackends } from '../db/testing';
import { createTestApp, type TestApp } from '../api/testing';
import { ensureLiveSession, type LiveSession } from '../demo/queries';
import { connectWs, type Frame } from './testing/ws-client';

describe.each(testBackends())('live feeds on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let live: LiveSession;
  let hidden: LiveSession;

  beforeAll(async () => {
    t = await createTestApp(backend);
    live = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Feed di prova',
      teams: 6,
      inseritore: 'inseritore',
    });
    hidden = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Feed privato',
      teams: 3,
      inseritore: 'inseritore',
    });
    await t.database.db
      .update(evento)
      .set({ tipologia: 'priv' })
      .where(eq(evento.id, hidden.eventoId));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `ws://127.0.0.1:${address.port}`;
  });
  afterAll(() => t.close());

  const eventi = (id: number) => `${base}/ws/gas/sessione/${id}/punteggi_eventi/`;
  const answer = (squadra: number, valore = '1.0') => ({
    squadra,
    problema: live.problemi[0]!.id,
    valore,
    valore_exp: 0,
  });

  it('sends npe for answers and jokers, npe_delete for deletions, after the commit', async () => {
    const ws = connectWs(eventi(live.sessioneId));
    await ws.opened;
    const inseritore = await t.as('inseritore');
    const posted = await inseritore.post('/api/gas/risposta/', answer(live.squadre[0]!));
    expect(posted.statusCode).toBe(201);
    const id = posted.json<{ id: number }>().id;
    const npe = await ws.next((f) => f.type === 'npe' && f.id === id);
    expect(npe).toMatchObject({ type: 'npe', k: 'r', s: live.squadre[0], c: false });
    expect(Object.keys(npe).sort()).toEqual(['c', 'd', 'id', 'k', 'p', 's', 'type']);

    const jolly = await inseritore.post('/api/gas/jolly/', {
      squadra: live.squadre[1],
      problema: live.problemi[2]!.id,
    });
    expect(jolly.statusCode).toBe(201);
    const j = await ws.next((f) => f.type === 'npe' && f.k === 'j');
    expect(j).not.toHaveProperty('c');

    const deleted = await (await t.as('admin')).delete(`/api/gas/risposta/${id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(await ws.next((f) => f.type === 'npe_delete')).toEqual({ type: 'npe_delete', id });
    ws.close();
  });

  it('relays refresh_page and refresh_page_delayed from the admin action', async () => {
    const ws = connectWs(eventi(live.sessioneId));
    await ws.opened;
    const staff = await t.as('staff');
    const url = `/api/gas/sessione/${live.sessioneId}/request_refresh_frontend_delayed/`;
    expect((await staff.patch(url, { interval: 0 })).statusCode).toBe(200);
    expect(await ws.next((f) => f.type === 'refresh_page')).toEqual({ type: 'refresh_page' });
    expect((await staff.patch(url, { interval: 30 })).statusCode).toBe(200);
    expect(await ws.next((f) => f.type === 'refresh_page_delayed')).toEqual({
      type: 'refresh_page_delayed',
      interval: 30,
    });
    ws.close();
  });

  it('punteggi_last sends the snapshot at once, then at most one per second', async () => {
    const ws = connectWs(`${base}/ws/gas/sessione/${live.sessioneId}/punteggi_last/`);
    const first = await ws.next((f) => f.type === 'new_json');
    const item = first.json as { ora: string; json: { sessione: number; numero_eventi: number } };
    expect(item.json.sessione).toBe(live.sessioneId);
    const before = item.json.numero_eventi;
    const inseritore = await t.as('inseritore');
    const started = Date.now();
    for (let i = 0; i < 6; i++) {
      const res = await inseritore.post('/api/gas/risposta/', answer(live.squadre[2]!, `${2 + i}`));
      expect(res.statusCode).toBe(201);
    }
    const done = (f: Frame) =>
      f.type === 'new_json' &&
      (f.json as { json: { numero_eventi: number } }).json.numero_eventi === before + 6;
    await ws.next(done);
    const updates = ws.frames.slice(1);
    // Six commits coalesce: one frame per elapsed second at most, plus the first.
    expect(updates.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000) + 1);
    ws.close();
  });

  it('sends new_message on the event feed', async () => {
    const ws = connectWs(`${base}/ws/gas/messaggi-importanti/${live.eventoId}/`);
    await ws.opened;
    const res = await (
      await t.as('admin')
    ).post('/api/gas/messaggi-importanti/', {
      evento: live.eventoId,
      testo: 'Mancano 10 minuti',
    });
    expect(res.statusCode).toBe(201);
    const frame = await ws.next((f) => f.type === 'new_message');
    expect(frame.message).toMatchObject({ testo: 'Mancano 10 minuti', evento: live.eventoId });
    expect(typeof (frame.message as { data: unknown }).data).toBe('string');
    ws.close();
  });

  it('closes unknown sessions and events with 4404, hidden private ones with 4403', async () => {
    for (const path of [
      '/ws/gas/sessione/999999/punteggi_eventi/',
      '/ws/gas/sessione/abc/punteggi_last/',
      '/ws/gas/sessione/9999999999/punteggi_eventi/',
      '/ws/gas/messaggi-importanti/999999/',
    ]) {
      const ws = connectWs(`${base}${path}`);
      expect((await ws.closed).code).toBe(4404);
    }
    const anonymous = connectWs(eventi(hidden.sessioneId));
    expect(await anonymous.closed).toEqual({ code: 4403, reason: 'Permesso negato' });
    // The session cookie of the upgrade request counts: the event's inseritore may follow it.
    const staff = connectWs(eventi(hidden.sessioneId), (await t.as('inseritore')).cookies);
    await staff.opened;
    staff.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await staff.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
    staff.close();
  });

  it('ignores malformed client frames and keeps the connection', async () => {
    const ws = connectWs(eventi(live.sessioneId));
    await ws.opened;
    ws.socket.send('non è JSON');
    ws.socket.send(Buffer.from([1, 2, 3]));
    ws.socket.send(JSON.stringify({ type: 'boh' }));
    ws.socket.send(JSON.stringify({ type: 'ping' }));
    await ws.next((f) => f.type === 'pong');
    expect(ws.socket.readyState).toBe(ws.socket.OPEN);
    ws.close();
  });

  it('closes a client that floods it with frames', async () => {
    const ws = connectWs(eventi(live.sessioneId));
    await ws.opened;
    for (let i = 0; i < 60; i++) ws.socket.send('{}');
    expect((await ws.closed).code).toBe(4429);
  });
});
