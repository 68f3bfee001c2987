// Records of other resources read by name, with their context (issue 26,
// items 11 and 12): the pickers' and filters' titles ('Evento — Sessione
// Nord', not two 'Sessione Nord'), and the audit log's objects and changed
// references by title instead of '#269'; every resource of the log filters.
import { NOMI_RISORSE_REGISTRO, RISORSE_REGISTRO } from '@gas/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evento, sessione, squadra } from '../../../db/schema';
import { testBackends } from '../../../db/testing';
import { createTestApp, type TestApp } from '../../testing';
import { ADMIN_RESOURCES } from '../../../gara/registro/resources';

describe.each(testBackends())('titles of the back office on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  /** The seed's sessions called 'Sessione Nord', with their event's title. */
  const sessioniNord = () =>
    t.database.db
      .select({ id: sessione.id, evento: evento.titolo, eventoId: evento.id })
      .from(sessione)
      .innerJoin(evento, eq(evento.id, sessione.eventoId))
      .where(eq(sessione.nome, 'Sessione Nord'))
      .orderBy(asc(sessione.id));

  it('names sessions of two events apart, with their event', async () => {
    const nord = await sessioniNord();
    expect(nord.length).toBeGreaterThanOrEqual(2);
    const staff = await t.as('staff');
    const res = await staff.get(
      `/api/admin/sessione/titoli/?id__in=${nord.map((s) => s.id).join(',')}`,
    );
    expect(res.statusCode).toBe(200);
    const titoli = res.json().results.map((r: { titolo: string }) => r.titolo);
    expect(titoli).toEqual(nord.map((s) => `${s.evento} — Sessione Nord`));
    expect(new Set(titoli).size).toBe(titoli.length);
  });

  it('searches and filters as the list does, and is for staff only', async () => {
    const [nord] = await sessioniNord();
    const staff = await t.as('staff');
    const res = await staff.get(`/api/admin/sessione/titoli/?search=Nord&evento=${nord!.eventoId}`);
    expect(res.json().results).toEqual([
      { id: nord!.id, titolo: `${nord!.evento} — Sessione Nord` },
    ]);
    // Typing the event's title finds its sessions, as they are named with it.
    const perEvento = await staff.get(
      `/api/admin/sessione/titoli/?search=${encodeURIComponent(`Nord ${nord!.evento}`)}`,
    );
    expect(perEvento.json().results).toContainEqual({
      id: nord!.id,
      titolo: `${nord!.evento} — Sessione Nord`,
    });
    const altrove = await staff.get('/api/admin/sessione/titoli/?search=Nord+Zanzibar');
    expect(altrove.json().results).toEqual([]);
    const anon = await t.anonymous();
    expect((await anon.get('/api/admin/sessione/titoli/')).statusCode).toBe(403);
    const manager = await t.as('amministratore');
    expect((await manager.get('/api/admin/sessione/titoli/')).statusCode).toBe(403);
  });

  it('has a title for every resource of the back office', async () => {
    const staff = await t.as('staff');
    for (const { risorsa } of ADMIN_RESOURCES) {
      const res = await staff.get(`/api/admin/${risorsa.nome}/titoli/?page_size=3`);
      expect(res.statusCode, risorsa.nome).toBe(200);
      for (const r of res.json().results as { id: number; titolo: string }[]) {
        expect(r.titolo, risorsa.nome).not.toMatch(/^#\d+$/);
      }
    }
  });

  it('the log names an entry’s object and the records its changes point to', async () => {
    const [nord] = await sessioniNord();
    const [team] = await t.database.db
      .select({ id: squadra.id, nome: squadra.nome })
      .from(squadra)
      .where(eq(squadra.sessioneId, nord!.id))
      .limit(1);
    // Another session of the same event for the team to move to.
    const sessioni = await t.database.db
      .select({ id: sessione.id, nome: sessione.nome })
      .from(sessione)
      .where(eq(sessione.eventoId, nord!.eventoId))
      .orderBy(asc(sessione.id));
    const other = sessioni.find((s) => s.id !== nord!.id)!;
    const staff = await t.as('staff');
    const moved = await staff.patch(`/api/admin/squadra/${team!.id}/`, { sessione: other.id });
    expect(moved.statusCode).toBe(200);

    const log = await staff.get(`/api/admin/log/?risorsa=squadra&oggetto=${team!.id}`);
    expect(log.statusCode).toBe(200);
    const [voce] = log.json().results;
    expect(voce.modifiche.sessione).toEqual([nord!.id, other.id]);
    expect(voce.oggetto_titolo).toBe(`${nord!.evento} — ${team!.nome}`);
    expect(voce.titoli.sessione).toEqual({
      [String(nord!.id)]: `${nord!.evento} — Sessione Nord`,
      [String(other.id)]: `${nord!.evento} — ${other.nome}`,
    });
  });

  it('an event’s official flag follows its type, whatever the request sends', async () => {
    const staff = await t.as('staff');
    const created = await staff.post('/api/admin/evento/', {
      titolo: 'Prova tipologia',
      tipologia: 'o',
      ufficiale: false,
      anno: 2027,
      inizio: '2026-11-20T09:00:00Z',
      fine: '2026-11-20T12:00:00Z',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ tipologia: 'o', ufficiale: true });
    const id = created.json().id as number;
    const pub = await staff.patch(`/api/admin/evento/${id}/`, { tipologia: 'pub' });
    expect(pub.json()).toMatchObject({ tipologia: 'pub', ufficiale: false });
    const forced = await staff.patch(`/api/admin/evento/${id}/`, { ufficiale: true });
    expect(forced.json()).toMatchObject({ tipologia: 'pub', ufficiale: false });
    expect((await staff.delete(`/api/admin/evento/${id}/`)).statusCode).toBe(204);
  });

  it('filters by every resource the log names, and refuses others in Italian', async () => {
    const names = new Set(NOMI_RISORSE_REGISTRO);
    for (const { risorsa } of ADMIN_RESOURCES) expect(names.has(risorsa.nome as never)).toBe(true);
    for (const nome of ['digitazione', 'impostazioni-sito']) {
      expect(names.has(nome as never)).toBe(true);
    }
    expect(RISORSE_REGISTRO.every((r) => r.etichetta.length > 0)).toBe(true);
    const staff = await t.as('staff');
    expect((await staff.get('/api/admin/log/?risorsa=digitazione')).statusCode).toBe(200);
    const bad = await staff.get('/api/admin/log/?risorsa=boh');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Risorsa sconosciuta');
  });
});
