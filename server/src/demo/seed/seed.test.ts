import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/password';
import {
  collaboratore,
  evento,
  eventoAmministratore,
  eventoInseritore,
  fileProgrammato,
  impostazioniSito,
  jolly,
  messaggioImportante,
  polo,
  poloResponsabile,
  problema,
  responsabile,
  responsabileScuola,
  responsabileSquadra,
  risposta,
  scuola,
  sessione,
  sponsor,
  squadra,
  users,
} from '../../db/schema';
import { createTestDatabase, testBackends, type TestDatabase } from '../../db/testing';
import { annoEvento } from '../../db/anno';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, rispostaCorretta, seedDemoData } from '.';
import { TITOLO_ALLENAMENTO_POLI } from './storia';

const HOUR = 3_600_000;
const WEB_PUBLIC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/public',
);

describe.each(testBackends())('demo data on %s', (backend) => {
  let database: TestDatabase;
  let now: Date;
  beforeAll(async () => {
    database = await createTestDatabase(backend, { seed: true });
    now = database.seedNow!;
  });
  afterAll(() => database?.close());

  const eventi = async () => {
    const rows = await database.db.select().from(evento);
    const find = (predicate: (e: (typeof rows)[number]) => boolean) => {
      const found = rows.filter(predicate);
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    const concluse = rows
      .filter((e) => e.tipologia === 'o' && e.fine < now)
      .sort((a, b) => b.inizio.getTime() - a.inizio.getTime());
    return {
      all: rows,
      nazionale: find((e) => e.tipologia === 'o' && e.inizio > now),
      // The most recent concluded official event; the others are past seasons' finals.
      passato: concluse[0]!,
      finali: concluse.slice(1),
      aperto: find((e) => e.tipologia === 'pub' && e.titolo.startsWith('Allenamento aperto')),
      allenamentoPoli: find((e) => e.titolo === TITOLO_ALLENAMENTO_POLI),
    };
  };
  const countOf = async (
    table: Parameters<typeof database.db.$count>[0],
    where?: Parameters<typeof database.db.$count>[1],
  ) => database.db.$count(table, where);

  it('has the upcoming national event: 2 sessions, ≥60 teams, 6 venues, 20 problems', async () => {
    const { all, nazionale } = await eventi();
    expect(all).toHaveLength(6);
    expect(nazionale.ufficiale).toBe(true);
    const startsIn = nazionale.inizio.getTime() - now.getTime();
    expect(startsIn).toBeGreaterThanOrEqual(24 * HOUR);
    expect(startsIn).toBeLessThanOrEqual(25 * HOUR);
    expect(nazionale.fine.getTime() - nazionale.inizio.getTime()).toBe(2 * HOUR);
    expect(nazionale.ptiToltiErrore).toBe(10);
    expect(nazionale.scalingBonusMontepremi).toBe(1);

    const sessioni = await database.db
      .select()
      .from(sessione)
      .where(eq(sessione.eventoId, nazionale.id));
    expect(sessioni).toHaveLength(2);
    const perSessione = await database.db
      .select({ sessioneId: squadra.sessioneId, n: count() })
      .from(squadra)
      .where(eq(squadra.eventoId, nazionale.id))
      .groupBy(squadra.sessioneId);
    expect(perSessione).toHaveLength(2);
    expect(perSessione.reduce((total, s) => total + s.n, 0)).toBeGreaterThanOrEqual(60);

    const poli = await database.db.select().from(polo).where(eq(polo.eventoId, nazionale.id));
    expect(poli).toHaveLength(6);
    for (const p of poli) {
      expect(p.indirizzo).not.toBe('');
      expect(p.capacitaMassimaSquadre).toBeGreaterThan(0);
      expect(await countOf(poloResponsabile, eq(poloResponsabile.poloId, p.id))).toBeGreaterThan(0);
    }

    const problemi = await database.db
      .select()
      .from(problema)
      .where(eq(problema.eventoId, nazionale.id));
    expect(
      problemi.map((p) => p.nome).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))),
    ).toEqual(Array.from({ length: 20 }, (_, i) => `P${i + 1}`));
    expect(problemi.find((p) => p.nome === 'P3')).toMatchObject({
      soluzione: 6.02,
      soluzioneExp: 23,
    });
    expect(new Set(problemi.map((p) => p.udmSoluzione)).size).toBeGreaterThan(10);
    expect(
      await countOf(messaggioImportante, eq(messaggioImportante.eventoId, nazionale.id)),
    ).toBeGreaterThan(0);
    expect(await countOf(fileProgrammato, eq(fileProgrammato.eventoId, nazionale.id))).toBe(2);
  });

  it('has teams from real schools with coordinates and varied school types', async () => {
    const scuole = await database.db.select().from(scuola);
    expect(new Set(scuole.map((s) => s.tipologia)).size).toBe(14);
    for (const s of scuole) {
      expect(s.latitude).toBeGreaterThan(36);
      expect(s.latitude).toBeLessThan(47.5);
      expect(s.longitude).toBeGreaterThan(6);
      expect(s.longitude).toBeLessThan(19);
    }
  });

  it('has a concluded event with consistent answers and one joker per team', async () => {
    const { passato } = await eventi();
    expect(now.getTime() - passato.inizio.getTime()).toBeGreaterThanOrEqual(30 * 24 * HOUR);
    const teams = await database.db.select().from(squadra).where(eq(squadra.eventoId, passato.id));
    const teamIds = teams.map((t) => t.id);
    const problemi = new Map(
      (await database.db.select().from(problema).where(eq(problema.eventoId, passato.id))).map(
        (p) => [p.id, p],
      ),
    );
    expect(problemi.size).toBe(20);
    const answers = await database.db
      .select()
      .from(risposta)
      .where(inArray(risposta.squadraId, teamIds));
    const r = answers.filter((a) => a.kind === 'r');
    expect(r.length).toBeGreaterThanOrEqual(300);
    const correct = r.filter((a) => a.corretto).length;
    expect(correct / r.length).toBeGreaterThan(0.5);
    expect(correct).toBeLessThan(r.length);
    for (const a of r) {
      expect(a.corretto).toBe(rispostaCorretta(problemi.get(a.problemaId)!, a.valore, a.valoreExp));
      expect(a.date >= passato.inizio && a.date <= passato.fine).toBe(true);
      expect(a.date.getTime()).toBe(a.momentoConsegna.getTime());
      expect(a.dateReceived >= a.date).toBe(true);
    }

    const jokers = await database.db.select().from(jolly).where(inArray(jolly.squadraId, teamIds));
    expect(jokers).toHaveLength(teams.length);
    const jRows = new Map(answers.filter((a) => a.kind === 'j').map((a) => [a.id, a]));
    expect(jRows.size).toBe(teams.length);
    for (const j of jokers) {
      const row = jRows.get(j.rispostaId!)!;
      expect(row).toMatchObject({
        squadraId: j.squadraId,
        problemaId: j.problemaId,
        corretto: null,
      });
      expect(row.date.getTime() - passato.inizio.getTime()).toBeLessThanOrEqual(10 * 60_000);
    }
    // Files of a concluded event are public.
    const files = await database.db
      .select()
      .from(fileProgrammato)
      .where(eq(fileProgrammato.eventoId, passato.id));
    expect(files.map((f) => f.pubblico)).toEqual([true, true]);
    expect(Buffer.from(files[0]!.contenuto).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('has concluded official events in the two previous seasons, with teams, answers and jokers', async () => {
    const { finali, passato } = await eventi();
    const anno = annoEvento(now);
    expect(finali.map((e) => e.anno)).toEqual([anno - 1, anno - 2]);
    expect(passato.anno).toBe(annoEvento(passato.inizio));
    for (const e of finali) {
      expect(e.anno).toBe(annoEvento(e.inizio));
      expect(e.fine < now).toBe(true);
      const teams = await database.db.select().from(squadra).where(eq(squadra.eventoId, e.id));
      expect(teams.length).toBeGreaterThanOrEqual(20);
      const ids = teams.map((t) => t.id);
      const answers = await database.db
        .select()
        .from(risposta)
        .where(inArray(risposta.squadraId, ids));
      expect(answers.filter((a) => a.kind === 'r').length).toBeGreaterThan(100);
      for (const a of answers) expect(a.date >= e.inizio && a.date <= e.fine).toBe(true);
      expect(await countOf(jolly, inArray(jolly.squadraId, ids))).toBe(teams.length);
    }
  });

  it('has a public event of docente with two venues and their teams, for the slips', async () => {
    const { allenamentoPoli } = await eventi();
    expect(allenamentoPoli.tipologia).toBe('pub');
    expect(allenamentoPoli.ufficiale).toBe(false);
    expect(allenamentoPoli.inizio > now).toBe(true);
    const poli = await database.db.select().from(polo).where(eq(polo.eventoId, allenamentoPoli.id));
    expect(poli).toHaveLength(2);
    const docente = await database.db.select().from(users).where(eq(users.username, 'docente'));
    for (const p of poli) {
      const managers = await database.db
        .select()
        .from(poloResponsabile)
        .where(eq(poloResponsabile.poloId, p.id));
      expect(managers.map((m) => m.userId)).toContain(docente[0]!.id);
      expect(await countOf(squadra, eq(squadra.poloId, p.id))).toBeGreaterThanOrEqual(3);
    }
  });

  it('has a public event of docente, open for enrolment, starting in about a week', async () => {
    const { aperto } = await eventi();
    expect(aperto.ufficiale).toBe(false);
    expect(aperto.inizioIscrizioni! <= now && now <= aperto.fineIscrizioni!).toBe(true);
    const days = (aperto.inizio.getTime() - now.getTime()) / (24 * HOUR);
    expect(days).toBeGreaterThanOrEqual(7);
    expect(days).toBeLessThan(7.1);
    expect(await countOf(sessione, eq(sessione.eventoId, aperto.id))).toBe(1);
    expect(await countOf(problema, eq(problema.eventoId, aperto.id))).toBeGreaterThan(0);
    const [creator] = await database.db.select().from(users).where(eq(users.id, aperto.creatoDa!));
    expect(creator!.username).toBe('docente');
  });

  it('has the demo accounts with their roles', async () => {
    const { nazionale, aperto } = await eventi();
    const accounts = await database.db
      .select({ user: users, responsabile })
      .from(users)
      .leftJoin(responsabile, eq(responsabile.userId, users.id))
      .where(inArray(users.username, Object.keys(DEMO_ACCOUNTS)));
    const by = Object.fromEntries(accounts.map((a) => [a.user.username, a]));
    expect(Object.keys(by).sort()).toEqual(Object.keys(DEMO_ACCOUNTS).sort());

    expect(by.admin!.user).toMatchObject({ isSuperuser: true, isStaff: true, isActive: true });
    expect(by.staff!.user).toMatchObject({ isSuperuser: false, isStaff: true });
    expect(by.principale!.responsabile).toMatchObject({
      ruolo: 'sp',
      attivo: true,
      puoIscriversiGareUfficiali: true,
    });
    expect(by.secondario!.responsabile).toMatchObject({ ruolo: 'ss', attivo: true });
    expect(by.docente!.responsabile).toMatchObject({
      ruolo: 'sp',
      attivo: true,
      puoIscriversiGareUfficiali: false,
    });

    const principale = by.principale!.responsabile!.id;
    const scuole = (
      await database.db
        .select()
        .from(responsabileScuola)
        .where(eq(responsabileScuola.responsabileId, principale))
    ).map((s) => s.scuolaId);
    expect(scuole.length).toBeGreaterThanOrEqual(2);
    expect(scuole.length).toBeLessThanOrEqual(3);
    for (const e of [nazionale, (await eventi()).passato]) {
      expect(
        await countOf(squadra, and(eq(squadra.eventoId, e.id), inArray(squadra.scuolaId, scuole))),
      ).toBeGreaterThan(0);
    }

    const assegnate = await database.db
      .select({ scuolaId: squadra.scuolaId })
      .from(responsabileSquadra)
      .innerJoin(squadra, eq(squadra.id, responsabileSquadra.squadraId))
      .where(eq(responsabileSquadra.responsabileId, by.secondario!.responsabile!.id));
    expect(assegnate).toHaveLength(2);
    for (const a of assegnate) expect(scuole).toContain(a.scuolaId);

    const staffOf = async (
      table: typeof eventoAmministratore | typeof eventoInseritore,
      eventoId: number,
    ) =>
      (await database.db.select().from(table).where(eq(table.eventoId, eventoId))).map(
        (r) => r.responsabileId,
      );
    expect(await staffOf(eventoAmministratore, nazionale.id)).toContain(
      by.amministratore!.responsabile!.id,
    );
    expect(await staffOf(eventoInseritore, nazionale.id)).toContain(
      by.inseritore!.responsabile!.id,
    );
    expect(await staffOf(eventoAmministratore, aperto.id)).toContain(by.docente!.responsabile!.id);

    // One hash shared by every demo account, and it is the demo password.
    expect(new Set(accounts.map((a) => a.user.passwordHash)).size).toBe(1);
    expect(await verifyPassword(DEMO_PASSWORD, by.admin!.user.passwordHash)).toBe(true);
  });

  it('has sponsors and site settings', async () => {
    expect(await countOf(sponsor)).toBe(3);
    // Real logo files shipped with the web app, not coloured boxes.
    for (const s of await database.db.select().from(sponsor)) {
      expect(s.logoUrl).toMatch(/^\/demo\/sponsor\/[a-z-]+\.svg$/);
      const svg = readFileSync(path.join(WEB_PUBLIC, s.logoUrl), 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain(`<title>${s.name.replace('&', '&amp;')}</title>`);
    }
    const settings = Object.fromEntries(
      (await database.db.select().from(impostazioniSito)).map((s) => [
        s.key,
        s.value as Record<string, unknown>,
      ]),
    );
    const webinar = settings.webinar as unknown as { data: string }[];
    expect(webinar.map((w) => w.data)).toEqual([
      '2025-12-05',
      '2026-02-02',
      '2026-02-16',
      '2026-03-02',
    ]);
    expect(settings.finale).toMatchObject({ inizio: '2026-04-15', fine: '2026-04-18' });
    expect(Object.keys(settings.regolamento!).sort()).toEqual(['2023', '2024', '2025', '2026']);
    // The home video is a YouTube link the home page can embed (VideoFacade).
    expect((settings.home as { video_url: string }).video_url).toMatch(
      /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/,
    );
    const autori = await database.db.select().from(collaboratore);
    expect(autori).toHaveLength(16);
  });

  it('can be read through the relational query API', async () => {
    const { nazionale, passato } = await eventi();
    const e = await database.db.query.evento.findFirst({
      where: eq(evento.id, nazionale.id),
      with: {
        sessioni: true,
        problemi: true,
        fileProblemi: { columns: { id: true, pubblico: true } },
        poli: { with: { responsabili: { with: { user: true } }, citta: true } },
        amministratori: { with: { responsabile: { with: { user: true } } } },
      },
    });
    expect(e!.sessioni).toHaveLength(2);
    // Released at the event start: `pubblico` marks the file for publication at its date.
    expect(e!.fileProblemi).toMatchObject({ pubblico: true });
    expect(e!.poli.flatMap((p) => p.responsabili.map((r) => r.user.username))).toContain(
      'principale',
    );
    expect(e!.amministratori.map((a) => a.responsabile.user.username)).toContain('amministratore');
    const team = await database.db.query.squadra.findFirst({
      where: eq(squadra.eventoId, passato.id),
      with: {
        jolly: true,
        scuola: { with: { citta: { with: { regione: true } } } },
        risposte: true,
      },
    });
    expect(team!.jolly).not.toBeNull();
    expect(team!.scuola!.citta!.nome).not.toBe('');
    expect(team!.risposte.length).toBeGreaterThan(0);
  });

  it('seeds only an empty database', async () => {
    const before = await database.db.execute(sql`select count(*)::int as n from risposta`);
    expect(await seedDemoData(database, { now: new Date() })).toEqual({ seeded: false });
    expect(await database.db.execute(sql`select count(*)::int as n from risposta`)).toMatchObject({
      rows: (before as { rows: unknown[] }).rows,
    });
    expect(await countOf(users, eq(users.username, 'admin'))).toBe(1);
  });
});
