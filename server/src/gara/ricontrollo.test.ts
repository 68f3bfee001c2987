import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testBackends } from '../db/testing';
import { evento, problema, registro, risposta } from '../db/schema';
import { RICONTROLLO } from './ricontrollo';
import { LiveBus, type LiveMessage } from '../live/bus';
import { createTestApp, type TestApp } from '../api/testing';

// An organiser who corrects a solution after answers arrived: stored outcomes,
// live clients and the ranking all follow the new solution.
describe.each(testBackends())('changing a solution re-checks the answers on %s', (backend) => {
  let t: TestApp;
  let eventoId: number;
  const messages: LiveMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    const [past] = await t.database.db
      .select({ id: evento.id })
      .from(evento)
      .where(eq(evento.tipologia, 'o'))
      .orderBy(evento.inizio)
      .limit(1);
    eventoId = past!.id;
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('flips the stored outcome, tells live clients and changes the ranking', async () => {
    const admin = await t.as('admin');
    const before = (await admin.get(`/api/gas/evento/${eventoId}/`)).json();
    const target = before.problemi[0];
    const rows = () =>
      t.database.db
        .select()
        .from(risposta)
        .where(and(eq(risposta.problemaId, target.id), eq(risposta.kind, 'r')));
    const oldRows = await rows();
    const wasCorrect = oldRows.filter((r) => r.corretto).map((r) => r.id);
    expect(wasCorrect.length).toBeGreaterThan(0);
    const sessioneId = oldRows[0]!.sessioneId;
    const rankingBefore = (await admin.get(`/api/gas/sessione/${sessioneId}/punteggi/`)).json()
      .results[0].json.classifica;

    const original = LiveBus.prototype.publish;
    vi.spyOn(LiveBus.prototype, 'publish').mockImplementation(function (this: LiveBus, m) {
      messages.push(m);
      original.call(this, m);
    });

    // A solution nobody gave: every previously correct answer becomes wrong.
    const problemi = before.problemi.map((p: { id: number; soluzione: number }) =>
      p.id === target.id ? { id: p.id, soluzione: 123456789, soluzione_exp: 7 } : { id: p.id },
    );
    const res = await admin.patch(`/api/gas/evento/${eventoId}/`, { problemi });
    expect(res.statusCode, res.body).toBe(200);

    const newRows = await rows();
    for (const id of wasCorrect) expect(newRows.find((r) => r.id === id)?.corretto).toBe(false);
    const [p] = await t.database.db.select().from(problema).where(eq(problema.id, target.id));
    expect(p?.soluzione).toBe(123456789);

    const rankingAfter = (await admin.get(`/api/gas/sessione/${sessioneId}/punteggi/`)).json()
      .results[0].json.classifica;
    expect(rankingAfter).not.toEqual(rankingBefore);
    const solvedTarget = rankingAfter.filter(
      (e: { solved: boolean[] }) => e.solved[0] === true,
    ).length;
    expect(solvedTarget).toBe(0);
    // Each flipped answer reaches live clients as a removal and its new outcome.
    for (const id of wasCorrect) {
      const forId = messages.filter(
        (m) => (m.type === 'npe_delete' && m.id === id) || (m.type === 'npe' && m.event.id === id),
      );
      expect(forId.map((m) => m.type)).toEqual(['npe_delete', 'npe']);
      expect(forId[1]).toMatchObject({ event: { id, k: 'r', c: false, p: target.id } });
    }
    expect(messages).toContainEqual({ type: 'snapshot_invalidated', sessioneId });

    // In the log as the back office's correction is: the problem's new
    // solution, then each answer it turned, by whoever corrected it.
    const voci = await t.database.db
      .select()
      .from(registro)
      .where(and(eq(registro.origine, 'api'), eq(registro.utenteNome, 'admin')))
      .orderBy(registro.id);
    const soluzione = voci.find((v) => v.risorsa === 'problema' && v.oggettoId === target.id);
    expect(soluzione?.modifiche).toEqual({
      soluzione: [target.soluzione, 123456789],
      soluzione_exp: [target.soluzione_exp, 7],
    });
    const ricontrollate = voci.filter((v) => v.risorsa === 'risposta' && v.nota === RICONTROLLO);
    expect(ricontrollate.map((v) => v.oggettoId).sort()).toEqual([...wasCorrect].sort());
    expect(ricontrollate[0]!.id).toBeGreaterThan(soluzione!.id);
  });
});
