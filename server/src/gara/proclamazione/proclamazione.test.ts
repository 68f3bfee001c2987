// The proclamation's use cases on the demo data: who may move it (the event's
// administrators and superusers only), not before the end, within its
// bounds, audited in the move's transaction, announced after the commit; and
// what a read reveals (nothing at step 0).
import type { ModificaGara, Proclamazione } from '@gas/contracts';
import { MESSAGGI_PROCLAMAZIONE as M } from '@gas/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditContext } from '../../audit/queries';
import { loadActor } from '../../auth/queries';
import {
  eventoAmministratore,
  eventoInseritore,
  polo,
  poloResponsabile,
  proclamazione,
  registro,
  responsabile,
  squadra,
  users,
} from '../../db/schema';
import { createTestDatabase, testBackends, type TestDatabase } from '../../db/testing';
import { ApiError } from '../../errors';
import type { Actor } from '../../policies';
import { loadDemo, type Demo } from '../../api/risposta/testing';
import { leggiProclamazione, muoviProclamazione, type DepsProclamazione } from './proclamazione';

const ANONIMO: Actor = { userId: null, isSuperuser: false, isStaff: false, responsabile: null };

describe.each(testBackends())('the proclamation on %s', (backend) => {
  let database: TestDatabase;
  let d: Demo;
  let sessione: number;
  let emesse: ModificaGara[];
  let deps: DepsProclamazione;
  const actors: Record<string, Actor> = {};

  const userIdOf = async (username: string) =>
    (await database.db.select().from(users).where(eq(users.username, username)))[0]!.id;
  const responsabileOf = async (username: string) =>
    (
      await database.db
        .select({ id: responsabile.id })
        .from(responsabile)
        .where(eq(responsabile.userId, await userIdOf(username)))
    )[0]!.id;
  const chi = (username: string) => ({
    actor: actors[username] ?? ANONIMO,
    audit: {
      userId: actors[username]?.userId ?? null,
      indirizzo: '127.0.0.1',
      origine: 'api',
    } satisfies AuditContext,
  });
  const muovi = (
    username: string,
    richiesta: Parameters<typeof muoviProclamazione>[3],
    id = sessione,
  ) => muoviProclamazione(deps, chi(username), id, richiesta);
  /** The Italian detail of the ApiError a call throws. */
  const rifiuto = async (p: Promise<unknown>) => {
    const error = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    const { status, body } = error as ApiError;
    return { status, detail: (body as { detail: string }).detail };
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend, { seed: true });
    d = await loadDemo(database.db);
    sessione = d.passato.sessioni[0]!;
    const db = database.db;
    // 'amministratore' administers the concluded event too, 'inseritore' enters
    // its answers, and 'principale' manages a venue of it with two of its teams.
    await db
      .insert(eventoAmministratore)
      .values({ eventoId: d.passato.id, responsabileId: await responsabileOf('amministratore') });
    await db
      .insert(eventoInseritore)
      .values({ eventoId: d.passato.id, responsabileId: await responsabileOf('inseritore') });
    const [p] = await db
      .insert(polo)
      .values({ eventoId: d.passato.id, nomeBreve: 'Polo di prova' })
      .returning();
    await db
      .insert(poloResponsabile)
      .values({ poloId: p!.id, userId: await userIdOf('principale') });
    const squadre = d.passato.squadre.filter((s) => s.sessioneId === sessione).slice(0, 2);
    for (const s of squadre)
      await db.update(squadra).set({ poloId: p!.id }).where(eq(squadra.id, s.id));
    for (const u of ['docente', 'principale', 'inseritore', 'amministratore', 'staff', 'admin']) {
      actors[u] = (await loadActor(db, await userIdOf(u)))!;
    }
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await database.db.delete(proclamazione);
    emesse = [];
    deps = {
      db: database.db,
      modifiche: { emetti: (m) => emesse.push(m) },
      // No cached snapshot: the ranking is computed from the answers.
      snapshots: { get: async () => null },
    };
  });

  it('refuses anonymous visitors, plain users, venue managers, inseritori and staff', async () => {
    expect(await rifiuto(muovi('anonimo', { azione: 'avanti' }))).toEqual({
      status: 403,
      detail: 'Le credenziali di autenticazione non sono state fornite.',
    });
    for (const u of ['docente', 'principale', 'inseritore', 'staff']) {
      expect(await rifiuto(muovi(u, { azione: 'avanti' })), u).toEqual({
        status: 403,
        detail: 'Non hai il permesso di eseguire questa azione.',
      });
    }
    expect(emesse).toEqual([]);
    expect(await database.db.select().from(proclamazione)).toEqual([]);
  });

  it('lets the event’s administrators and superusers move it, announcing each move after the commit', async () => {
    const uno = await muovi('amministratore', { azione: 'avanti' });
    expect(uno.passo).toBe(1);
    const due = await muovi('admin', { azione: 'avanti' });
    expect(due.passo).toBe(2);
    expect(emesse).toEqual([
      { tipo: 'proclamazione', sessione, passo: 1, passi: uno.passi },
      { tipo: 'proclamazione', sessione, passo: 2, passi: uno.passi },
    ]);
    const [row] = await database.db.select().from(proclamazione);
    expect(row).toMatchObject({ sessioneId: sessione, passo: 2 });
  });

  it('moves twice when two administrators press at once (the row is locked)', async () => {
    const [a, b] = await Promise.all([
      muovi('amministratore', { azione: 'avanti' }),
      muovi('admin', { azione: 'avanti' }),
    ]);
    expect([a.passo, b.passo].sort()).toEqual([1, 2]);
    const [row] = await database.db.select().from(proclamazione);
    expect(row!.passo).toBe(2);
  });

  it('refuses to start before the contest ends, saying why', async () => {
    const futura = d.nazionale.sessioni[0]!;
    expect(await rifiuto(muovi('admin', { azione: 'avanti' }, futura))).toEqual({
      status: 400,
      detail: M.primaDellaFine,
    });
    const letta = await leggiProclamazione(deps, ANONIMO, futura);
    expect(letta).toMatchObject({ passo: 0, passi: 0, corrente: null, rivelati: [] });
    expect(emesse).toEqual([]);
  });

  it('stays within [0, number of steps]', async () => {
    expect(await rifiuto(muovi('admin', { azione: 'indietro' }))).toEqual({
      status: 400,
      detail: M.giaAllInizio,
    });
    const { passi } = await leggiProclamazione(deps, ANONIMO, sessione);
    expect(passi).toBeGreaterThan(3);
    expect(await rifiuto(muovi('admin', { passo: passi + 1 }))).toEqual({
      status: 400,
      detail: M.passoFuori(passi),
    });
    const ultimo = await muovi('admin', { passo: passi });
    expect(ultimo.passo).toBe(passi);
    expect(await rifiuto(muovi('admin', { azione: 'avanti' }))).toEqual({
      status: 400,
      detail: M.giaConclusa,
    });
    expect((await muovi('admin', { azione: 'indietro' })).passo).toBe(passi - 1);
    expect((await muovi('admin', { passo: 0 })).passo).toBe(0);
    expect(emesse.map((m) => (m.tipo === 'proclamazione' ? m.passo : -1))).toEqual([
      passi,
      passi - 1,
      0,
    ]);
  });

  it('writes the move in the audit log, with who made it', async () => {
    await muovi('amministratore', { azione: 'avanti' });
    const voci = await database.db
      .select()
      .from(registro)
      .where(and(eq(registro.risorsa, 'proclamazione'), eq(registro.oggettoId, sessione)));
    expect(voci.at(-1)).toMatchObject({
      azione: 'modifica',
      utenteId: actors.amministratore!.userId,
      modifiche: { passo: [0, 1] },
    });
    expect(voci.at(-1)!.oggettoNome).toContain('Sessione Nord');
  });

  it('reveals nothing at step 0, then the ranking from the last position up', async () => {
    const zero = await leggiProclamazione(deps, ANONIMO, sessione);
    expect(zero).toMatchObject({ passo: 0, corrente: null, rivelati: [], aggiornata: null });
    expect(JSON.stringify(zero)).not.toContain('squadre');

    await muovi('admin', { azione: 'avanti' });
    const uno: Proclamazione = await leggiProclamazione(deps, ANONIMO, sessione);
    expect(uno.passo).toBe(1);
    expect(uno.rivelati).toEqual([uno.corrente]);
    const primo = uno.corrente!;
    // The first step is the last position (or the last block), never the podium.
    expect(['posizione', 'blocco']).toContain(primo.tipo);
    const posizioni = primo.squadre.map((s) => s.posizione!);
    const tutte = await muovi('admin', { passo: uno.passi });
    const massima = Math.max(
      ...tutte.rivelati.flatMap((p) => p.squadre.map((s) => s.posizione ?? 0)),
    );
    expect(Math.max(...posizioni)).toBe(massima);
    // The last ranked step is the winner; the venue has its winner's step unless on the podium.
    const ordine = tutte.rivelati.map((p) => p.tipo);
    expect(ordine.filter((t) => t === 'podio')).toHaveLength(3);
    const vincitore = tutte.rivelati.filter((p) => p.tipo === 'podio').at(-1)!;
    expect(vincitore).toMatchObject({ tipo: 'podio', posizione: 1 });
    // The venue's winner: the better placed of its two teams, a step before the podium.
    const polo = tutte.rivelati.find((p) => p.tipo === 'polo');
    const delPolo = tutte.rivelati
      .filter((p) => p.tipo !== 'polo')
      .flatMap((p) => p.squadre)
      .filter((s) => s.polo === 'Polo di prova');
    expect(delPolo).toHaveLength(2);
    expect(polo).toMatchObject({ tipo: 'polo', polo: 'Polo di prova' });
    expect(polo!.squadre.map((s) => s.posizione)).toEqual([
      Math.min(...delPolo.map((s) => s.posizione!)),
    ]);
    expect(ordine.indexOf('polo')).toBe(ordine.indexOf('podio') - 1);
    // The demo's guests come last, without a position.
    expect(tutte.rivelati.at(-1)!.tipo).toBe('ospiti');
    expect(tutte.rivelati.at(-1)!.squadre.every((s) => s.posizione === null)).toBe(true);
    expect(tutte.rivelati.at(-1)!.squadre.length).toBeGreaterThan(0);
  });

  it('sends a reopened contest back to the waiting screen', async () => {
    const { fine } = await muovi('admin', { azione: 'avanti' });
    const prima = { ...deps, now: () => new Date(Date.parse(fine) - 60_000) };
    const letta = await leggiProclamazione(prima, ANONIMO, sessione);
    expect(letta).toMatchObject({ passo: 0, corrente: null, rivelati: [] });
  });
});
