// The back office writes an event's sessions, problems, venues and files
// through the core's use cases (issue 27, item 1), the ones 'Modifica
// evento' and the file's page call: the same audit entries, the same
// announcements after the commit, the same rules.
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileProgrammato, polo, problema, registro, sessione, squadra } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { FlussoModifiche } from '../../gara/modifiche';
import { POLO_CON_SQUADRE } from '../../gara/poli/poli';
import { ADMIN_RESOURCES } from '../../gara/registro/resources';
import { demoEventi, type DemoEventi } from '../evento/testing';
import { createTestApp, type TestApp } from '../testing';

/** The back office's resources of contest data (spec §3): each written by the core's use cases. */
const DATI_DI_GARA = [
  'evento',
  'sessione',
  'problema',
  'file-programmato',
  'polo',
  'squadra',
  'risposta',
  'jolly',
  'messaggio-importante',
];

it('writes every kind of contest data through the core, never the generic row write', () => {
  for (const nome of DATI_DI_GARA) {
    const resource = ADMIN_RESOURCES.find((r) => r.risorsa.nome === nome);
    expect(resource, nome).toBeDefined();
    const { crea, modifica, elimina } = resource!.scritture ?? {};
    if (resource!.risorsa.crea !== false) expect(crea, `${nome}: crea`).toBeTypeOf('function');
    if (resource!.risorsa.modifica !== false) {
      expect(modifica, `${nome}: modifica`).toBeTypeOf('function');
    }
    expect(elimina, `${nome}: elimina`).toBeTypeOf('function');
    expect(resource!.prepare, `${nome}: prepare`).toBeUndefined();
  }
});

describe.each(testBackends())('the back office through the core’s use cases on %s', (backend) => {
  let t: TestApp;
  let ev: DemoEventi;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ev = await demoEventi(t.database.db);
  });
  afterAll(() => t.close());

  /** The audit entries of one record, oldest first. */
  const voci = (risorsa: string, id: number) =>
    t.database.db
      .select({
        azione: registro.azione,
        origine: registro.origine,
        modifiche: registro.modifiche,
      })
      .from(registro)
      .where(and(eq(registro.risorsa, risorsa), eq(registro.oggettoId, id)))
      .orderBy(registro.id);

  /** A new private event of `amministratore`, with one session and two problems. */
  async function eventoNuovo(titolo: string) {
    const amministratore = await t.as('amministratore');
    const res = await amministratore.post('/api/gas/evento/', {
      titolo,
      problemi: [{ soluzione: 1 }, { soluzione: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const problemi = await t.database.db
      .select({ id: problema.id })
      .from(problema)
      .where(eq(problema.eventoId, id))
      .orderBy(problema.ordine);
    const [unica] = await t.database.db
      .select({ id: sessione.id })
      .from(sessione)
      .where(eq(sessione.eventoId, id));
    return { id, problemi: problemi.map((p) => p.id), sessione: unica!.id, amministratore };
  }

  it("audits a problem the same from 'Modifica evento' and from the back office", async () => {
    const e = await eventoNuovo('Problemi da due pagine');
    const [p1, p2] = e.problemi as [number, number];
    // Created through the event's lists: each problem an entry of its own.
    expect((await voci('problema', p1)).map((v) => [v.azione, v.origine])).toEqual([
      ['crea', 'api'],
    ]);

    const dallEditor = await e.amministratore.patch(`/api/gas/evento/${e.id}/`, {
      problemi: [
        { id: p1, udm_soluzione: 'm' },
        { id: p2, udm_soluzione: 's' },
      ],
    });
    expect(dallEditor.statusCode, dallEditor.body).toBe(200);
    const staff = await t.as('staff');
    const dalBackOffice = await staff.patch(`/api/admin/problema/${p2}/`, { udm_soluzione: 'kg' });
    expect(dalBackOffice.statusCode, dalBackOffice.body).toBe(200);

    expect((await voci('problema', p1)).at(-1)).toEqual({
      azione: 'modifica',
      origine: 'api',
      modifiche: { udm_soluzione: ['', 'm'] },
    });
    expect((await voci('problema', p2)).slice(-2)).toEqual([
      { azione: 'modifica', origine: 'api', modifiche: { udm_soluzione: ['', 's'] } },
      { azione: 'modifica', origine: 'admin', modifiche: { udm_soluzione: ['s', 'kg'] } },
    ]);
  });

  it('rebuilds the rankings of a session renamed from either page', async () => {
    const e = await eventoNuovo('Sessione rinominata');
    const emetti = vi.spyOn(FlussoModifiche.prototype, 'emetti');
    try {
      const ricalcolate = () =>
        emetti.mock.calls
          .flat()
          .filter((m) => m.tipo === 'classifiche_da_ricalcolare')
          .flatMap((m) => (m.tipo === 'classifiche_da_ricalcolare' ? m.sessioni : []));

      const editor = await e.amministratore.patch(`/api/gas/evento/${e.id}/`, {
        sessioni: [{ id: e.sessione, nome: 'Mattina' }],
      });
      expect(editor.statusCode, editor.body).toBe(200);
      expect(ricalcolate()).toEqual([e.sessione]);
      // Saved again as it is (the editor sends every session each time): no new ranking.
      const uguale = await e.amministratore.patch(`/api/gas/evento/${e.id}/`, {
        sessioni: [{ id: e.sessione, nome: 'Mattina' }],
      });
      expect(uguale.statusCode, uguale.body).toBe(200);
      expect(ricalcolate()).toEqual([e.sessione]);

      const staff = await t.as('staff');
      const admin = await staff.patch(`/api/admin/sessione/${e.sessione}/`, { nome: 'Pomeriggio' });
      expect(admin.statusCode, admin.body).toBe(200);
      expect(ricalcolate()).toEqual([e.sessione, e.sessione]);
    } finally {
      emetti.mockRestore();
    }
    expect((await voci('sessione', e.sessione)).slice(-2)).toEqual([
      { azione: 'modifica', origine: 'api', modifiche: { nome: ['Sessione unica', 'Mattina'] } },
      { azione: 'modifica', origine: 'admin', modifiche: { nome: ['Mattina', 'Pomeriggio'] } },
    ]);
  });

  it('keeps a venue with teams in its event, and moves one without', async () => {
    const [conSquadre] = await t.database.db
      .select({ id: squadra.poloId, evento: squadra.eventoId })
      .from(squadra)
      .where(isNotNull(squadra.poloId))
      .limit(1);
    expect(conSquadre, 'the demo has teams at a venue').toBeDefined();
    const altro = conSquadre!.evento === ev.aperto ? ev.nazionale : ev.aperto;
    const staff = await t.as('staff');
    const prima = await voci('polo', conSquadre!.id!);

    const rifiutato = await staff.patch(`/api/admin/polo/${conSquadre!.id}/`, {
      evento: altro,
      nome_breve: 'Spostato',
    });
    expect(rifiutato.statusCode).toBe(400);
    expect(rifiutato.json()).toEqual({ evento: [POLO_CON_SQUADRE] });
    const [fermo] = await t.database.db
      .select({ evento: polo.eventoId, nome: polo.nomeBreve })
      .from(polo)
      .where(eq(polo.id, conSquadre!.id!));
    expect(fermo!.evento).toBe(conSquadre!.evento);
    expect(fermo!.nome).not.toBe('Spostato');
    expect(await voci('polo', conSquadre!.id!)).toEqual(prima);

    const nuovo = await staff.post('/api/admin/polo/', {
      evento: conSquadre!.evento,
      nome_breve: 'Polo vuoto',
    });
    expect(nuovo.statusCode, nuovo.body).toBe(201);
    const id = nuovo.json().id as number;
    const spostato = await staff.patch(`/api/admin/polo/${id}/`, { evento: altro });
    expect(spostato.statusCode, spostato.body).toBe(200);
    expect(await voci('polo', id)).toEqual([
      { azione: 'crea', origine: 'admin', modifiche: expect.any(Object) },
      { azione: 'modifica', origine: 'admin', modifiche: { evento: [conSquadre!.evento, altro] } },
    ]);
    expect((await staff.delete(`/api/admin/polo/${id}/`)).statusCode).toBe(204);
    expect((await voci('polo', id)).at(-1)?.azione).toBe('elimina');
  });

  it("audits a file's publication once, as its own page does", async () => {
    const e = await eventoNuovo('File pubblicato');
    const [file] = await t.database.db
      .insert(fileProgrammato)
      .values({
        eventoId: e.id,
        tipologia: 'soluzioni',
        data: new Date(),
        pubblico: true,
        nomeFile: 'soluzioni.pdf',
        dimensione: 4,
        sha256: '0'.repeat(64),
        contenuto: Buffer.from('%PDF'),
      })
      .returning({ id: fileProgrammato.id });
    const staff = await t.as('staff');
    const res = await staff.patch(`/api/admin/file-programmato/${file!.id}/`, { pubblico: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pubblico).toBe(false);
    expect(await voci('file-programmato', file!.id)).toEqual([
      { azione: 'modifica', origine: 'admin', modifiche: { pubblico: [true, false] } },
    ]);
    expect((await staff.delete(`/api/admin/file-programmato/${file!.id}/`)).statusCode).toBe(204);
    expect((await voci('file-programmato', file!.id)).map((v) => v.azione)).toEqual([
      'modifica',
      'elimina',
    ]);
  });
});
