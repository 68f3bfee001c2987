// /api/gas/sessione/{id}/proclamazione/: the routes over the core's use cases
// (gara/proclamazione/, where the permissions, bounds and audit are tested):
// public reads that reveal nothing before the start, CSRF on the move, 4xx
// in Italian, the frame on the session's feed, and the step kept across a
// restart of the app (read from the database).
import { MESSAGGI_PROCLAMAZIONE as M } from '@gas/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testBackends, type TestDatabase } from '../../db/testing';
import { LiveBus } from '../../live/bus';
import { loadDemo, type Demo } from '../risposta/testing';
import { createTestApp, ROLES, type Role, type TestApp } from '../testing';

describe.each(testBackends())('proclamazione routes on %s', (backend) => {
  let database: TestDatabase;
  let t: TestApp;
  let d: Demo;
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase(backend, { seed: true });
    t = await createTestApp(backend, { database });
    d = await loadDemo(database.db);
    url = `/api/gas/sessione/${d.passato.sessioni[1]}/proclamazione/`;
  });
  afterAll(() => t?.close());

  it('shows anyone the waiting state before the start, and no team', async () => {
    const res = await (await t.as('anonimo')).get(url);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ passo: 0, corrente: null, rivelati: [], aggiornata: null });
    expect(body.passi).toBeGreaterThan(3);
    for (const s of d.passato.squadre) expect(res.body).not.toContain(s.nome);
  });

  it('answers 404 in Italian for a session that does not exist', async () => {
    const res = await (await t.as('anonimo')).get('/api/gas/sessione/999999/proclamazione/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Non trovato.' });
  });

  it('refuses a move without the CSRF token, even from an administrator', async () => {
    const admin = await t.as('admin');
    const res = await admin.request('POST', url, { azione: 'avanti' }, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/CSRF/);
    expect((await admin.get(url)).json().passo).toBe(0);
  });

  it('refuses malformed moves and moves by others with Italian messages', async () => {
    const admin = await t.as('admin');
    const both = await admin.post(url, { azione: 'avanti', passo: 2 });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ azione: [M.richiesta] });
    const none = await admin.post(url, {});
    expect(none.json()).toEqual({ azione: [M.richiesta] });
    const wrong = await admin.post(url, { azione: 'salta' });
    expect(wrong.statusCode).toBe(400);
    const back = await admin.post(url, { azione: 'indietro' });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({ detail: M.giaAllInizio });
    const anon = await (await t.as('anonimo')).post(url, { azione: 'avanti' });
    expect(anon.statusCode).toBe(403);
    expect(anon.json()).toEqual({
      detail: 'Le credenziali di autenticazione non sono state fornite.',
    });
    const docente = await (await t.as('docente')).post(url, { azione: 'avanti' });
    expect(docente.json()).toEqual({ detail: 'Non hai il permesso di eseguire questa azione.' });
    const futura = `/api/gas/sessione/${d.nazionale.sessioni[0]}/proclamazione/`;
    const early = await admin.post(futura, { azione: 'avanti' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: M.primaDellaFine });
  });

  // Spec §6: the event's administrators and superusers drive it; staff,
  // managers and inseritori follow it like everyone else.
  const PASSATO: Record<Role, number> = {
    anonimo: 403,
    docente: 403,
    principale: 403,
    secondario: 403,
    inseritore: 403,
    amministratore: 403, // an administrator of another event
    staff: 403,
    admin: 200,
  };
  it.each(ROLES.map((role) => ({ role, expected: PASSATO[role] })))(
    '$role moves the ceremony of a concluded event: $expected',
    async ({ role, expected }) => {
      const client = await t.as(role);
      const res = await client.post(url, { azione: 'avanti' });
      expect(res.statusCode, res.body).toBe(expected);
      if (expected === 200) {
        expect((await client.post(url, { azione: 'indietro' })).statusCode).toBe(200);
      }
      expect((await (await t.as('anonimo')).get(url)).json().passo).toBe(0);
    },
  );
  it('lets an administrator of the event drive its ceremony, once it has ended', async () => {
    const futura = `/api/gas/sessione/${d.nazionale.sessioni[0]}/proclamazione/`;
    const res = await (await t.as('amministratore')).post(futura, { azione: 'avanti' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: M.primaDellaFine });
  });

  it('moves on the administrator’s request and sends the frame on the session’s feed', async () => {
    const publish = vi.spyOn(LiveBus.prototype, 'publish');
    try {
      const res = await (await t.as('admin')).post(url, { azione: 'avanti' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.passo).toBe(1);
      expect(body.corrente.squadre.length).toBeGreaterThan(0);
      expect(publish).toHaveBeenCalledWith({
        type: 'proclamazione',
        sessioneId: d.passato.sessioni[1],
        passo: 1,
        passi: body.passi,
      });
      // Anyone now reads the first step, and only it.
      const letta = (await (await t.as('anonimo')).get(url)).json();
      expect(letta).toMatchObject({ passo: 1, corrente: body.corrente, rivelati: [body.corrente] });
    } finally {
      publish.mockRestore();
    }
  });

  it('keeps the step across a restart: it is read from the database', async () => {
    await (await t.as('admin')).post(url, { passo: 3 });
    await t.app.close();
    // A new app on the same database: nothing of the old one's memory is left.
    t = await createTestApp(backend, { database });
    const letta = (await (await t.as('anonimo')).get(url)).json();
    expect(letta.passo).toBe(3);
    expect(letta.rivelati).toHaveLength(3);
    expect(Date.parse(letta.aggiornata)).toBeGreaterThan(Date.now() - 60_000);
  });
});
