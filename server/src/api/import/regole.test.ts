// After an import the existing rules hold (issue 15, item 5): the imported
// main manager sees the teams of their schools, creates a secondary manager
// for one, submits its answers on contest day; the team is in its session's
// ranking and list with its venue.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password';
import { polo, problema, sessione, users } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { demoEventi } from '../evento/testing';
import { setClock } from '../risposta/testing';
import { createTestApp, type TestApp } from '../testing';
import { importa } from '../../gara/importazione/engine';

describe.each(testBackends())('after an import on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('the imported manager and team follow the rules of every manager and team', async () => {
    const db = t.database.db;
    const { nazionale } = await demoEventi(db);
    const [s] = await db.select().from(sessione).where(eq(sessione.eventoId, nazionale)).limit(1);
    const [p] = await db.select().from(polo).where(eq(polo.eventoId, nazionale)).limit(1);
    const esito = await importa(
      db,
      {
        formato: 1,
        evento: nazionale,
        scuole: [{ codice_meccanografico: 'BOPS12000Q', nome: 'Liceo Righi', tipologia: 'LS' }],
        responsabili: [
          {
            id_esterno: 'u-regole',
            username: 'a.righi',
            email: 'a.righi@example.it',
            scuole: ['BOPS12000Q'],
          },
        ],
        squadre: [
          {
            id_esterno: 't-regole',
            nome: 'Righi Uno',
            scuola: 'BOPS12000Q',
            sessione: s!.nome,
            polo: p!.nomeBreve,
          },
        ],
      },
      { dryRun: false, dettagli: false, audit: { userId: null, indirizzo: '' } },
    );
    expect(esito.applicato).toBe(true);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword('Una password lunga 1') })
      .where(eq(users.username, 'a.righi'));
    const manager = await t.login('a.righi', 'Una password lunga 1');

    // Le tue squadre: the team of the manager's school.
    const mie = (await manager.get(`/api/gas/squadra/mie/?sessione=${s!.id}`)).json();
    const team = mie.results.find((x: { nome: string }) => x.nome === 'Righi Uno');
    expect(team).toMatchObject({ polo: p!.id });

    // A secondary manager for that team.
    const secondario = await manager.post('/api/gas/user/', {
      first_name: 'Enrico',
      last_name: 'Righi',
      email: 'e.righi@example.it',
      username: 'e.righi',
      password: 'Secondo lungo 22',
      confirm_password: 'Secondo lungo 22',
      squadre: [team.id],
    });
    expect(secondario.statusCode, secondario.body).toBe(201);

    // Contest day: the manager submits an answer for the team.
    await setClock(db, nazionale, { inizio: -5, fine: 60 });
    const [problemaId] = await db
      .select({ id: problema.id })
      .from(problema)
      .where(and(eq(problema.eventoId, nazionale)))
      .limit(1);
    const risposta = await manager.post('/api/gas/risposta/', {
      squadra: team.id,
      problema: problemaId!.id,
      valore: '1,5',
      valore_exp: 0,
    });
    expect(risposta.statusCode, risposta.body).toBe(201);

    // The session's ranking shows the team.
    const punteggi = (await manager.get(`/api/gas/sessione/${s!.id}/punteggi/`)).json();
    const ids = punteggi.results[0].json.classifica.map((r: { id: number }) => r.id);
    expect(ids).toContain(team.id);
  });
});
