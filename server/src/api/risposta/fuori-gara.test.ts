// Issue 12 item 9: nothing delivered before the start or after the end
// counts, whoever stored it. Rows already in the database with such a
// delivery time (stored before the rule, or the event's dates moved) are left
// out of every read that feeds a ranking: the live snapshot (punteggi),
// risposta-all and pk_risposte, and the Albo d'oro.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/testing';
import { evento, risposta } from '../../db/schema';
import { createTestApp, type TestApp } from '../testing';
import { loadDemo, setClock, type Demo } from './testing';

const MINUTE = 60_000;

describe.each(testBackends())('answers outside the contest on %s', (backend) => {
  let t: TestApp;
  let d: Demo;
  beforeAll(async () => {
    t = await createTestApp(backend);
    d = await loadDemo(t.database.db);
  });
  afterAll(() => t.close());

  it('a correct answer stored before the start or after the end scores nothing', async () => {
    const { db } = t.database;
    await setClock(db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    const [e] = await db.select().from(evento).where(eq(evento.id, d.nazionale.id));
    const team = d.nazionale.squadre[0]!;
    const problem = d.nazionale.problemi[0]!;
    const at = (t: Date, minutes: number) => new Date(t.getTime() + minutes * MINUTE);
    const row = (date: Date) => ({
      squadraId: team.id,
      sessioneId: team.sessioneId,
      problemaId: problem.id,
      kind: 'r' as const,
      valore: String(problem.soluzione),
      valoreExp: problem.soluzioneExp,
      corretto: true,
      date,
      momentoConsegna: date,
      dateReceived: date,
    });
    const outside = await db
      .insert(risposta)
      .values([row(at(e!.inizio, -10)), row(at(e!.fine, 10))])
      .returning({ id: risposta.id });
    const ids = outside.map((r) => r.id);

    const anon = await t.as('anonimo');
    const sessione = team.sessioneId;
    const all = (await anon.get(`/api/gas/risposta-all/?squadra__sessione=${sessione}&limit=5000`))
      .json()
      .results.map((r: { id: number }) => r.id);
    for (const id of ids) expect(all).not.toContain(id);
    const pks = (await anon.get(`/api/gas/risposta-all/pk_risposte/?squadra__sessione=${sessione}`))
      .json()
      .map((r: number | { id: number }) => (typeof r === 'number' ? r : r.id));
    for (const id of ids) expect(pks).not.toContain(id);
    const byIds = await anon.get(
      `/api/gas/risposta-all/pk_risposte/?squadra__sessione=${sessione}&pk__in=${ids.join(',')}`,
    );
    expect(byIds.json()).toEqual([]);

    const { json } = (await anon.get(`/api/gas/sessione/${sessione}/punteggi/`)).json().results[0];
    const entry = json.classifica.find((r: { id: number }) => r.id === team.id);
    expect(entry.solved[0]).toBe(false);
    expect(json.numero_eventi).toBe(all.length);
  });
});
