// GET /api/gas/problema/{id}/anteprima-correzione/ (issue 27): the preview of a
// solution correction on 'Modifica evento', for those who may edit the event,
// with the counts the scoring rules give on the stored answers, nothing written.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { risposta, sessione, squadra } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { createPrivateEvent } from '../evento/testing';
import { createTestApp, ROLES, type TestApp } from '../testing';

describe.each(testBackends())('solution correction preview on %s', (backend) => {
  let t: TestApp;
  let problemaId: number;
  const url = (query: string) => `/api/gas/problema/${problemaId}/anteprima-correzione/?${query}`;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const eventoId = await createPrivateEvent(t, 'Correzione in anteprima');
    const res = await (
      await t.as('amministratore')
    ).patch(`/api/gas/evento/${eventoId}/`, {
      problemi: [{ soluzione: 42 }],
    });
    problemaId = res.json().problemi[0].id;
    const { db } = t.database;
    const [s] = await db.select().from(sessione).where(eq(sessione.eventoId, eventoId));
    const [team] = await db
      .insert(squadra)
      .values({ nome: 'Squadra di prova', sessioneId: s!.id, eventoId })
      .returning();
    const now = new Date();
    const answer = (valore: string, corretto: boolean) => ({
      problemaId,
      squadraId: team!.id,
      sessioneId: s!.id,
      valore,
      valoreExp: 0,
      kind: 'r' as const,
      corretto,
      momentoConsegna: now,
      date: now,
      dateReceived: now,
    });
    await db
      .insert(risposta)
      .values([answer('42', true), answer('43', false), answer('43', false)]);
  });
  afterAll(() => t.close());

  it('counts what a corrected solution would turn correct or wrong, and writes nothing', async () => {
    const admin = await t.as('amministratore');
    const res = await admin.get(url('soluzione=43&soluzione_exp=0'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ risposte: 3, diventano_corrette: 2, diventano_errate: 1 });
    // A wider tolerance keeps 42 and takes 43 in (relative 0.05).
    expect((await admin.get(url('intervallo_validita=0.05'))).json()).toEqual({
      risposte: 3,
      diventano_corrette: 2,
      diventano_errate: 0,
    });
    const stored = await t.database.db
      .select({ corretto: risposta.corretto })
      .from(risposta)
      .where(eq(risposta.problemaId, problemaId));
    expect(stored.map((r) => r.corretto).sort()).toEqual([false, false, true]);
  });

  it('answers only those who may edit the event; others as for any hidden or refused object', async () => {
    const statuses: Record<string, number> = {};
    for (const role of ROLES) {
      const client = role === 'anonimo' ? await t.anonymous() : await t.as(role);
      statuses[role] = (await client.get(url('soluzione=43'))).statusCode;
    }
    expect(statuses).toEqual({
      anonimo: 403,
      // A private event they are not staff of does not exist for them.
      docente: 404,
      principale: 404,
      secondario: 404,
      // Staff of the event who may not edit it.
      inseritore: 403,
      amministratore: 200,
      // Staff see private events in the back office (its own preview), not here.
      staff: 404,
      admin: 200,
    });
    expect((await (await t.as('admin')).get(url('soluzione=abc'))).statusCode).toBe(400);
    problemaId += 100_000;
    try {
      expect((await (await t.as('admin')).get(url('soluzione=43'))).statusCode).toBe(404);
    } finally {
      problemaId -= 100_000;
    }
  });
});
