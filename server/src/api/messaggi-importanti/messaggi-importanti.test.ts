// /api/gas/messaggi-importanti/: list newest first, post and delete by the
// event's administrators, the live message after the commit, refused input.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testBackends } from '../../db/testing';
import { LiveBus } from '../../live/bus';
import { createTestApp, type TestApp } from '../testing';
import {
  cells,
  createPrivateEvent,
  demoEventi,
  snapshot,
  type DemoEventi,
  type Matrix,
} from '../evento/testing';

describe.each(testBackends())('messaggi-importanti on %s', (backend) => {
  let t: TestApp;
  let ev: DemoEventi;
  let priv: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ev = await demoEventi(t.database.db);
    priv = await createPrivateEvent(t);
  });
  afterAll(() => t.close());

  const post = async (evento: number, testo = 'Messaggio di prova') =>
    (await t.as('admin')).post('/api/gas/messaggi-importanti/', { evento, testo });

  describe('GET /api/gas/messaggi-importanti/?evento={official}', () => {
    const table: Matrix = {
      anonimo: 200,
      docente: 200,
      principale: 200,
      secondario: 200,
      inseritore: 200,
      amministratore: 200,
      staff: 200,
      admin: 200,
    };
    it.each(cells(table))('$role → $expected, newest first', async ({ role, expected }) => {
      const res = await (
        await t.as(role)
      ).get(`/api/gas/messaggi-importanti/?evento=${ev.nazionale}`);
      expect(res.statusCode).toBe(expected);
      const list = res.json().results as { data: string; evento: number; testo: string }[];
      expect(list.length).toBeGreaterThanOrEqual(2);
      const times = list.map((m) => Date.parse(m.data));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(list.every((m) => m.evento === ev.nazionale)).toBe(true);
    });
  });

  describe('GET /api/gas/messaggi-importanti/ of a private event', () => {
    const table: Matrix = {
      anonimo: 404,
      docente: 404,
      principale: 404,
      secondario: 404,
      inseritore: 200,
      amministratore: 200,
      staff: 404,
      admin: 200,
    };
    let id: number;
    beforeAll(async () => {
      id = (await post(priv, 'Riservato')).json().id;
    });
    it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
      const client = await t.as(role);
      expect((await client.get(`/api/gas/messaggi-importanti/${id}/`)).statusCode).toBe(expected);
      const list = (await client.get(`/api/gas/messaggi-importanti/?evento=${priv}`)).json();
      expect(list.count).toBe(expected === 200 ? 1 : 0);
    });
  });

  const postTables: [string, 'nazionale' | 'priv', Matrix][] = [
    [
      'official',
      'nazionale',
      {
        anonimo: 403,
        docente: 403,
        principale: 403,
        secondario: 403,
        inseritore: 403,
        amministratore: 201,
        staff: 403,
        admin: 201,
      },
    ],
    [
      // The event is named in the body: invisible means "no such event" (400).
      'private',
      'priv',
      {
        anonimo: 400,
        docente: 400,
        principale: 400,
        secondario: 400,
        inseritore: 403,
        amministratore: 201,
        staff: 400,
        admin: 201,
      },
    ],
  ];

  describe.each(postTables)(
    'POST /api/gas/messaggi-importanti/ for the %s event',
    (_l, which, table) => {
      it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
        const evento = which === 'priv' ? priv : ev[which];
        const res = await (
          await t.as(role)
        ).post('/api/gas/messaggi-importanti/', {
          evento,
          testo: `Da ${role}`,
        });
        expect(res.statusCode).toBe(expected);
        if (expected === 201) expect(res.json()).toMatchObject({ evento, testo: `Da ${role}` });
        if (expected === 400) expect(res.json().evento).toBeTruthy();
      });
    },
  );

  const deleteTables: [string, 'nazionale' | 'priv', Matrix][] = [
    [
      'official',
      'nazionale',
      {
        anonimo: 403,
        docente: 403,
        principale: 403,
        secondario: 403,
        inseritore: 403,
        amministratore: 204,
        staff: 403,
        admin: 204,
      },
    ],
    [
      'private',
      'priv',
      {
        anonimo: 404,
        docente: 404,
        principale: 404,
        secondario: 404,
        inseritore: 403,
        amministratore: 204,
        staff: 404,
        admin: 204,
      },
    ],
  ];

  describe.each(deleteTables)(
    'DELETE /api/gas/messaggi-importanti/{id}/ of the %s event',
    (_l, which, table) => {
      it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
        const id = (await post(which === 'priv' ? priv : ev[which])).json().id;
        const res = await (await t.as(role)).delete(`/api/gas/messaggi-importanti/${id}/`);
        expect(res.statusCode).toBe(expected);
        const still = (await (await t.as('admin')).get(`/api/gas/messaggi-importanti/${id}/`))
          .statusCode;
        expect(still).toBe(expected === 204 ? 404 : 200);
        if (expected === 204) expect(res.body).toBe('');
      });
    },
  );

  describe.each(deleteTables)(
    'PATCH /api/gas/messaggi-importanti/{id}/ of the %s event',
    (_l, which, table) => {
      it.each(cells(table))('$role → $expected (204 = may edit)', async ({ role, expected }) => {
        const id = (await post(which === 'priv' ? priv : ev[which])).json().id;
        const res = await (
          await t.as(role)
        ).patch(`/api/gas/messaggi-importanti/${id}/`, {
          testo: 'Testo corretto',
        });
        expect(res.statusCode).toBe(expected === 204 ? 200 : expected);
        const now = (await (await t.as('admin')).get(`/api/gas/messaggi-importanti/${id}/`)).json();
        expect(now.testo).toBe(expected === 204 ? 'Testo corretto' : 'Messaggio di prova');
      });
    },
  );

  it('publishes edits and deletions after the commit, each in the audit log', async () => {
    const publish = vi.spyOn(LiveBus.prototype, 'publish');
    try {
      const m = (await post(ev.nazionale, 'Pausa alle 11')).json();
      const amministratore = await t.as('amministratore');
      const edited = await amministratore.patch(`/api/gas/messaggi-importanti/${m.id}/`, {
        testo: '  Pausa alle 11:30 ',
      });
      expect(edited.json()).toMatchObject({ id: m.id, testo: 'Pausa alle 11:30', data: m.data });
      expect(publish).toHaveBeenCalledWith({
        type: 'edit_message',
        eventoId: ev.nazionale,
        message: { id: m.id, testo: 'Pausa alle 11:30', data: m.data },
      });
      const deleted = await amministratore.delete(`/api/gas/messaggi-importanti/${m.id}/`);
      expect(deleted.statusCode).toBe(204);
      expect(publish).toHaveBeenCalledWith({
        type: 'delete_message',
        eventoId: ev.nazionale,
        id: m.id,
      });
      const log = (
        await (
          await t.as('admin')
        ).get(`/api/admin/log/?risorsa=messaggio-importante&oggetto=${m.id}`)
      ).json();
      expect(
        log.results.map((e: { azione: string; utente_nome: string; origine: string }) => [
          e.azione,
          e.utente_nome,
          e.origine,
        ]),
      ).toEqual([
        ['elimina', 'amministratore', 'api'],
        ['modifica', 'amministratore', 'api'],
        ['crea', 'admin', 'api'],
      ]);
      expect(log.results[1].modifiche).toEqual({ testo: ['Pausa alle 11', 'Pausa alle 11:30'] });
    } finally {
      publish.mockRestore();
    }
  });

  it('refuses a PATCH without text or with a blank one, changing nothing', async () => {
    const m = (await post(ev.nazionale, 'Resta così')).json();
    const admin = await t.as('admin');
    for (const body of [{}, { testo: '   ' }, { testo: 'x'.repeat(100_000) }]) {
      const res = await admin.patch(`/api/gas/messaggi-importanti/${m.id}/`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().testo.length).toBeGreaterThan(0);
    }
    expect((await admin.get(`/api/gas/messaggi-importanti/${m.id}/`)).json().testo).toBe(
      'Resta così',
    );
  });

  it('publishes a new message on the live bus once stored', async () => {
    const publish = vi.spyOn(LiveBus.prototype, 'publish');
    try {
      const res = await post(ev.nazionale, '  Fine gara fra 10 minuti  ');
      const m = res.json();
      expect(m.testo).toBe('Fine gara fra 10 minuti');
      expect(publish).toHaveBeenCalledWith({
        type: 'new_message',
        eventoId: ev.nazionale,
        message: { id: m.id, testo: m.testo, data: m.data },
      });
      const list = (
        await (await t.as('anonimo')).get(`/api/gas/messaggi-importanti/?evento=${ev.nazionale}`)
      ).json();
      expect(list.results[0].id).toBe(m.id);
    } finally {
      publish.mockRestore();
    }
  });

  describe('refused payloads leave the database unchanged', () => {
    const cases: [string, () => unknown, string][] = [
      ['missing testo', () => ({ evento: ev.nazionale }), 'testo'],
      ['blank testo', () => ({ evento: ev.nazionale, testo: '   ' }), 'testo'],
      ['testo of the wrong type', () => ({ evento: ev.nazionale, testo: 5 }), 'testo'],
      ['100 kB testo', () => ({ evento: ev.nazionale, testo: 'x'.repeat(100_000) }), 'testo'],
      ['NUL character', () => ({ evento: ev.nazionale, testo: 'a\u0000b' }), 'testo'],
      ['missing evento', () => ({ testo: 'x' }), 'evento'],
      ['evento as text', () => ({ evento: 'nazionale', testo: 'x' }), 'evento'],
      ['an event that does not exist', () => ({ evento: 999_999, testo: 'x' }), 'evento'],
      ['an id beyond int4', () => ({ evento: 2 ** 40, testo: 'x' }), 'evento'],
    ];
    it.each(cases)('%s → 400', async (_label, body, field) => {
      const before = await snapshot(t.database.db);
      const res = await (await t.as('admin')).post('/api/gas/messaggi-importanti/', body());
      expect(res.statusCode).toBe(400);
      expect(res.json()[field]?.length).toBeGreaterThan(0);
      expect(await snapshot(t.database.db)).toEqual(before);
    });

    it('answers unknown and malformed ids of DELETE with 404 / 400', async () => {
      const admin = await t.as('admin');
      const before = await snapshot(t.database.db);
      expect((await admin.delete('/api/gas/messaggi-importanti/999999/')).statusCode).toBe(404);
      expect((await admin.delete('/api/gas/messaggi-importanti/abc/')).statusCode).toBe(400);
      expect(await snapshot(t.database.db)).toEqual(before);
    });
  });
});
