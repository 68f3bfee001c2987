// The resources of /api/admin/ that differ from plain records (issue 14):
// deletions that take answers, the user rules only a superuser passes,
// many-to-many fields, live frames of messages and answers, and the
// database's own checks turned into field errors.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGGI_PERSONE } from '@gas/contracts';
import {
  evento,
  eventoAmministratore,
  fileProgrammato,
  registro,
  risposta,
  sessione,
  squadra,
} from '../../db/schema';
import { testBackends } from '../../db/testing';
import { LiveBus } from '../../live/bus';
import { demoEventi, type DemoEventi } from '../evento/testing';
import { createTestApp, type TestApp } from '../testing';

describe.each(testBackends())('admin API rules on %s', (backend) => {
  let t: TestApp;
  let ev: DemoEventi;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ev = await demoEventi(t.database.db);
  });
  afterAll(() => t.close());

  /** A team with answers and how many (answer rows, joker rows included). */
  async function teamWithAnswers() {
    const [row] = await t.database.db
      .select({ id: risposta.squadraId, n: sql<number>`count(*)::int` })
      .from(risposta)
      .groupBy(risposta.squadraId)
      .limit(1);
    if (!row) throw new Error('the demo has no answers');
    return row;
  }

  it('refuses to delete a team with answers, except a superuser who forces it', async () => {
    const { id, n } = await teamWithAnswers();
    const staff = await t.as('staff');
    const deps = (await staff.get(`/api/admin/squadra/${id}/dipendenze/`)).json();
    expect(deps.risposte).toBe(n);
    const refused = await staff.delete(`/api/admin/squadra/${id}/?forza=1`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(
      /^Impossibile eliminare: verrebbero cancellate \d+ rispost/,
    );
    const admin = await t.as('admin');
    expect((await admin.delete(`/api/admin/squadra/${id}/`)).statusCode).toBe(400);
    expect((await admin.get(`/api/admin/squadra/${id}/`)).statusCode).toBe(200);
    const publish = vi.spyOn(LiveBus.prototype, 'publish');
    try {
      expect((await admin.delete(`/api/admin/squadra/${id}/?forza=1`)).statusCode).toBe(204);
    } finally {
      publish.mockRestore();
    }
    expect((await admin.get(`/api/admin/squadra/${id}/`)).statusCode).toBe(404);
    const left = await t.database.db.select().from(risposta).where(eq(risposta.squadraId, id));
    expect(left).toEqual([]);
    // Every answer it took is in the log as deleted, with what it was.
    const taken = await t.database.db
      .select()
      .from(registro)
      .where(and(eq(registro.risorsa, 'risposta'), eq(registro.azione, 'elimina')));
    const mine = taken.filter((e) => /^eliminata con squadra «/.test(e.nota));
    expect(mine).toHaveLength(n);
    expect(mine[0]!.modifiche).toMatchObject({
      squadra: [id, null],
      valore: [expect.any(String), null],
    });
    expect(mine[0]!.utenteNome).toBe('admin');
  });

  it('deletes an answer as the answer desk does: the open pages drop it', async () => {
    const [row] = await t.database.db
      .select({ id: risposta.id, sessioneId: risposta.sessioneId })
      .from(risposta)
      .where(eq(risposta.kind, 'r'))
      .limit(1);
    const publish = vi.spyOn(LiveBus.prototype, 'publish');
    try {
      const res = await (await t.as('staff')).delete(`/api/admin/risposta/${row!.id}/`);
      expect(res.statusCode).toBe(204);
      expect(publish).toHaveBeenCalledWith({
        type: 'npe_delete',
        sessioneId: row!.sessioneId,
        id: row!.id,
      });
    } finally {
      publish.mockRestore();
    }
    // Answers are never created or edited from the back office.
    const staff = await t.as('staff');
    expect([404, 405]).toContain((await staff.post('/api/admin/risposta/', {})).statusCode);
    expect([404, 405]).toContain((await staff.patch(`/api/admin/risposta/1/`, {})).statusCode);
  });

  it('lets only a superuser make staff, set a password or delete a user', async () => {
    const staff = await t.as('staff');
    const created = await staff.post('/api/admin/user/', {
      username: 'segreteria.pisa',
      email: 'segreteria@pisa.example',
    });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({ is_staff: false, is_active: true, last_login: null });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('password_hash');

    const promote = await staff.patch(`/api/admin/user/${user.id}/`, { is_staff: true });
    expect(promote.statusCode).toBe(400);
    expect(promote.json().is_staff).toEqual(['Solo un superutente può cambiare questo campo.']);
    const password = await staff.patch(`/api/admin/user/${user.id}/`, { password: 'segreto-123' });
    expect(password.json().password).toEqual([
      'Solo un superutente imposta la password di un altro utente.',
    ]);
    expect((await staff.delete(`/api/admin/user/${user.id}/`)).statusCode).toBe(403);

    const admin = await t.as('admin');
    const set = await admin.patch(`/api/admin/user/${user.id}/`, {
      is_staff: true,
      password: 'segreto-123',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().is_staff).toBe(true);
    const login = await t.login('segreteria.pisa', 'segreto-123');
    expect((await login.get('/api/admin/paese/')).statusCode).toBe(200);
    // The password's value is not in the log, only that it changed, with the flags.
    const log = (await admin.get(`/api/admin/log/?risorsa=user&oggetto=${user.id}`)).json();
    expect(JSON.stringify(log)).not.toContain('segreto-123');
    const [accesso, modifica] = log.results;
    // Logging in as staff is in the log too.
    expect(accesso).toMatchObject({ azione: 'accesso', utente_nome: 'segreteria.pisa' });
    expect(modifica.modifiche).toEqual({ is_staff: [false, true], password: ['***', '***'] });

    const taken = await admin.post('/api/admin/user/', { username: 'segreteria.pisa' });
    expect(taken.json().username).toEqual(['Questo nome utente è già usato.']);
    expect((await admin.delete(`/api/admin/user/${user.id}/`)).statusCode).toBe(204);
  });

  it('writes a manager’s schools and teams as lists of ids, in the log as such', async () => {
    const admin = await t.as('admin');
    const user = (await admin.post('/api/admin/user/', { username: 'nuovo.responsabile' })).json();
    const scuole = (await admin.get('/api/admin/scuola/?page_size=3')).json().results;
    const ids = scuole.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b);
    const created = await admin.post('/api/admin/responsabile/', {
      user: user.id,
      ruolo: 'sp',
      scuole: [ids[2], ids[0], ids[0]],
    });
    expect(created.statusCode).toBe(201);
    const r = created.json();
    expect(r).toMatchObject({ user: user.id, scuole: [ids[0], ids[2]], squadre: [] });
    const edited = await admin.patch(`/api/admin/responsabile/${r.id}/`, { scuole: [ids[1]] });
    expect(edited.json().scuole).toEqual([ids[1]]);
    const log = (await admin.get(`/api/admin/log/?risorsa=responsabile&oggetto=${r.id}`)).json();
    expect(log.results[0].modifiche).toEqual({ scuole: [[ids[0], ids[2]], [ids[1]]] });
    const bad = await admin.patch(`/api/admin/responsabile/${r.id}/`, { scuole: [2_000_000_000] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().scuole).toEqual(['Pk "2000000000" non valido - l\'oggetto non esiste.']);
    const again = await admin.post('/api/admin/responsabile/', { user: user.id });
    expect(again.json().user).toEqual(['Questo utente ha già un profilo di responsabile.']);
  });

  it('sends important messages written in the back office to open pages', async () => {
    const staff = await t.as('staff');
    const publish = vi.spyOn(LiveBus.prototype, 'publish');
    try {
      const m = (
        await staff.post('/api/admin/messaggio-importante/', {
          evento: ev.nazionale,
          testo: 'Si parte alle 10:15',
        })
      ).json();
      expect(m).toMatchObject({ evento: ev.nazionale, testo: 'Si parte alle 10:15' });
      expect(Date.parse(m.data)).not.toBeNaN();
      await staff.patch(`/api/admin/messaggio-importante/${m.id}/`, {
        testo: 'Si parte alle 10:30',
      });
      await staff.delete(`/api/admin/messaggio-importante/${m.id}/`);
      const frames = publish.mock.calls
        .map(([message]) => message)
        .filter((message) => message.type.endsWith('_message'));
      expect(frames).toEqual([
        {
          type: 'new_message',
          eventoId: ev.nazionale,
          message: { id: m.id, testo: 'Si parte alle 10:15', data: m.data },
        },
        {
          type: 'edit_message',
          eventoId: ev.nazionale,
          message: { id: m.id, testo: 'Si parte alle 10:30', data: m.data },
        },
        { type: 'delete_message', eventoId: ev.nazionale, id: m.id },
      ]);
    } finally {
      publish.mockRestore();
    }
  });

  it("writes a message through the core's steps: the same audit entry as the messages' route", async () => {
    const entries = async (id: number) =>
      t.database.db
        .select({ azione: registro.azione, modifiche: registro.modifiche })
        .from(registro)
        .where(and(eq(registro.risorsa, 'messaggio-importante'), eq(registro.oggettoId, id)))
        .orderBy(registro.id);
    const dalRoute = (
      await (
        await t.as('admin')
      ).post('/api/gas/messaggi-importanti/', { evento: ev.nazionale, testo: 'Dal route' })
    ).json() as { id: number };
    const staff = await t.as('staff');
    const dalBackOffice = (
      await staff.post('/api/admin/messaggio-importante/', {
        evento: ev.nazionale,
        testo: 'Dal back office',
      })
    ).json() as { id: number; data: string };
    const [route] = await entries(dalRoute.id);
    const [backOffice] = await entries(dalBackOffice.id);
    expect(Object.keys(backOffice!.modifiche).sort()).toEqual(Object.keys(route!.modifiche).sort());

    // Moved to another event: audited, gone from the first event's pages, new on the second's.
    const publish = vi.spyOn(LiveBus.prototype, 'publish');
    try {
      await staff.patch(`/api/admin/messaggio-importante/${dalBackOffice.id}/`, {
        evento: ev.aperto,
      });
      const spostato = (await entries(dalBackOffice.id)).at(-1)!;
      expect(spostato).toEqual({
        azione: 'modifica',
        modifiche: { evento: [ev.nazionale, ev.aperto] },
      });
      const frames = publish.mock.calls
        .map(([message]) => message)
        .filter((message) => message.type.endsWith('_message'));
      expect(frames).toEqual([
        { type: 'delete_message', eventoId: ev.nazionale, id: dalBackOffice.id },
        {
          type: 'new_message',
          eventoId: ev.aperto,
          message: { id: dalBackOffice.id, testo: 'Dal back office', data: dalBackOffice.data },
        },
      ]);
    } finally {
      publish.mockRestore();
    }
  });

  it('previews a corrected solution, then re-checks the stored answers as it said', async () => {
    // A problem with both right and wrong answers: make a wrong value the solution.
    const [wrong] = await t.database.db
      .select({ problemaId: risposta.problemaId, valore: risposta.valore, exp: risposta.valoreExp })
      .from(risposta)
      .where(and(eq(risposta.kind, 'r'), eq(risposta.corretto, false)))
      .limit(1);
    const id = wrong!.problemaId;
    const outcomes = async () =>
      t.database.db
        .select({ id: risposta.id, corretto: risposta.corretto })
        .from(risposta)
        .where(and(eq(risposta.problemaId, id), eq(risposta.kind, 'r')))
        .orderBy(risposta.id);
    const before = await outcomes();
    const staff = await t.as('staff');
    const nuova = { soluzione: Number(wrong!.valore), soluzione_exp: wrong!.exp };
    const preview = await staff.get(
      `/api/admin/problema/${id}/anteprima-correzione/?soluzione=${nuova.soluzione}&soluzione_exp=${nuova.soluzione_exp}`,
    );
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p.risposte).toBe(before.length);
    expect(p.diventano_corrette).toBeGreaterThan(0);
    // Nothing written by the preview.
    expect(await outcomes()).toEqual(before);

    const publish = vi.spyOn(LiveBus.prototype, 'publish');
    try {
      expect((await staff.patch(`/api/admin/problema/${id}/`, nuova)).statusCode).toBe(200);
      const after = await outcomes();
      const flipped = after.filter((a, i) => a.corretto !== before[i]!.corretto);
      expect(flipped.filter((a) => a.corretto).length).toBe(p.diventano_corrette);
      expect(flipped.filter((a) => !a.corretto).length).toBe(p.diventano_errate);
      const deletes = publish.mock.calls.filter(([m]) => m.type === 'npe_delete');
      expect(deletes).toHaveLength(flipped.length);
      // Each flipped answer is in the log, by whoever corrected the solution.
      for (const a of flipped) {
        const log = (await staff.get(`/api/admin/log/?risorsa=risposta&oggetto=${a.id}`)).json();
        expect(log.results[0]).toMatchObject({
          azione: 'modifica',
          utente_nome: 'staff',
          origine: 'admin',
          modifiche: { corretto: [!a.corretto, a.corretto] },
          nota: 'ricontrollo dopo la correzione della soluzione',
        });
      }
    } finally {
      publish.mockRestore();
    }
  });

  describe('bulk actions', () => {
    const teams = async (evento: number) =>
      t.database.db
        .select({
          id: squadra.id,
          nome: squadra.nome,
          poloId: squadra.poloId,
          ospite: squadra.ospite,
        })
        .from(squadra)
        .where(eq(squadra.eventoId, evento))
        .orderBy(squadra.id);

    it('assigns teams to a venue and marks guests, each change in the log', async () => {
      const staff = await t.as('staff');
      const [a, b, c] = await teams(ev.nazionale);
      const polo = (await staff.get(`/api/admin/polo/?evento=${ev.nazionale}`)).json().results[0];
      const res = await staff.post('/api/admin/squadra/azioni/', {
        azione: 'modifica',
        ids: [a!.id, b!.id, c!.id, a!.id],
        valori: { polo: polo.id, ospite: true },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ azione: 'modifica', numero: 3 });
      const after = (await teams(ev.nazionale)).filter((x) => [a!.id, b!.id, c!.id].includes(x.id));
      expect(after.every((x) => x.poloId === polo.id && x.ospite)).toBe(true);
      const log = (await staff.get(`/api/admin/log/?risorsa=squadra&oggetto=${b!.id}`)).json();
      expect(log.results[0]).toMatchObject({ nota: 'azione di gruppo: modifica' });
      expect(log.results[0].modifiche.ospite).toEqual([b!.ospite, true]);
    });

    it('changes nothing when one record fails, and says which', async () => {
      const staff = await t.as('staff');
      const [a] = await teams(ev.nazionale);
      const before = await teams(ev.nazionale);
      const [altra] = await t.database.db
        .select({ id: sessione.id })
        .from(sessione)
        .where(eq(sessione.eventoId, ev.passato))
        .limit(1);
      const res = await staff.post('/api/admin/squadra/azioni/', {
        azione: 'modifica',
        ids: [a!.id],
        valori: { sessione: altra!.id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().ids[0]).toMatch(/^Squadra \d+: sessione: La sessione non è/);
      expect(await teams(ev.nazionale)).toEqual(before);
      const tooMany = await staff.post('/api/admin/squadra/azioni/', {
        azione: 'elimina',
        ids: Array.from({ length: 1001 }, (_, i) => i + 1),
      });
      expect(tooMany.json().ids).toEqual(['Al massimo 1.000 elementi per volta.']);
      const { id } = await teamWithAnswers();
      const withAnswers = await staff.post('/api/admin/squadra/azioni/', {
        azione: 'elimina',
        ids: [id],
        forza: true,
      });
      expect(withAnswers.statusCode).toBe(400);
      expect(withAnswers.json().ids[0]).toMatch(/Impossibile eliminare/);
    });

    it('deactivates managers', async () => {
      const staff = await t.as('staff');
      const managers = (await staff.get('/api/admin/responsabile/?attivo=true&page_size=2')).json();
      const ids = managers.results.map((m: { id: number }) => m.id);
      const res = await staff.post('/api/admin/responsabile/azioni/', {
        azione: 'modifica',
        ids,
        valori: { attivo: false },
      });
      expect(res.json()).toEqual({ azione: 'modifica', numero: ids.length });
      for (const id of ids) {
        expect((await staff.get(`/api/admin/responsabile/${id}/`)).json().attivo).toBe(false);
      }
      await staff.post('/api/admin/responsabile/azioni/', {
        azione: 'modifica',
        ids,
        valori: { attivo: true },
      });
    });

    it('sets the age order from a pasted list of names or ids', async () => {
      const staff = await t.as('staff');
      const list = await teams(ev.aperto);
      expect(list.length).toBeGreaterThan(2);
      const [x, y, z] = list;
      const res = await staff.post('/api/admin/squadra/ordine-eta/', {
        evento: ev.aperto,
        elenco: `  ${y!.nome.toUpperCase()}  \n\n${x!.id}\r\n${z!.nome}\n`,
      });
      expect(res.statusCode).toBe(200);
      const order = async (id: number) =>
        (await staff.get(`/api/admin/squadra/${id}/`)).json().ordine_eta;
      expect([await order(y!.id), await order(x!.id), await order(z!.id)]).toEqual([1, 2, 3]);
      const bad = await staff.post('/api/admin/squadra/ordine-eta/', {
        evento: ev.aperto,
        elenco: `${x!.nome}\nNessuna squadra così\n${x!.nome}`,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().elenco).toEqual([
        'Riga 2: «Nessuna squadra così» non è una squadra di questo evento.',
        `Riga 3: «${x!.nome}» compare due volte.`,
      ]);
      expect(await order(y!.id)).toBe(1);
    });
  });

  it('logs writes through the public API as such: teams, events, answers', async () => {
    const principale = await t.as('principale');
    const mine = (await principale.get(`/api/gas/squadra/mie/`)).json();
    const team = (Array.isArray(mine) ? mine : mine.results)[0];
    const res = await principale.patch(`/api/gas/squadra/${team.id}/`, {
      capitano: 'Ada Lovelace',
    });
    expect(res.statusCode).toBe(200);
    const admin = await t.as('admin');
    const log = (await admin.get(`/api/admin/log/?risorsa=squadra&oggetto=${team.id}`)).json();
    expect(log.results[0]).toMatchObject({
      azione: 'modifica',
      origine: 'api',
      utente_nome: 'principale',
      modifiche: { capitano: [team.capitano ?? null, 'Ada Lovelace'] },
    });

    const created = await (
      await t.as('amministratore')
    ).post('/api/gas/evento/', {
      titolo: 'Allenamento registrato',
    });
    const eventoLog = (
      await admin.get(`/api/admin/log/?risorsa=evento&oggetto=${created.json().id}`)
    ).json();
    expect(eventoLog.results[0]).toMatchObject({ azione: 'crea', origine: 'api' });
    expect(eventoLog.results[0].modifiche.titolo).toEqual([null, 'Allenamento registrato']);

    const [answer] = await t.database.db
      .select({ id: risposta.id })
      .from(risposta)
      .where(eq(risposta.kind, 'r'))
      .limit(1);
    expect((await admin.delete(`/api/gas/risposta/${answer!.id}/`)).statusCode).toBe(204);
    const answerLog = (
      await admin.get(`/api/admin/log/?risorsa=risposta&oggetto=${answer!.id}`)
    ).json();
    expect(answerLog.results[0]).toMatchObject({
      azione: 'elimina',
      origine: 'api',
      utente_nome: 'admin',
    });
  });

  it("moves an event's times and type as 'Modifica evento' does: files, sessions, each audited", async () => {
    const creato = await (
      await t.as('amministratore')
    ).post('/api/gas/evento/', { titolo: 'Spostato dal back office' });
    expect(creato.statusCode, creato.body).toBe(201);
    const id = creato.json().id as number;
    const [prima] = await t.database.db.select().from(evento).where(eq(evento.id, id));
    const [file] = await t.database.db
      .insert(fileProgrammato)
      .values({
        eventoId: id,
        tipologia: 'problemi',
        data: prima!.inizio, // published at the start, the default
        nomeFile: 'testo.pdf',
        dimensione: 4,
        sha256: '0'.repeat(64),
        contenuto: Buffer.from('%PDF'),
      })
      .returning({ id: fileProgrammato.id });
    const inizio = new Date(prima!.inizio.getTime() + 3_600_000);
    const fine = new Date(prima!.fine.getTime() + 3_600_000);
    const staff = await t.as('staff');
    const res = await staff.patch(`/api/admin/evento/${id}/`, {
      inizio: inizio.toISOString(),
      fine: fine.toISOString(),
      tipologia: 'o',
    });
    expect(res.statusCode, res.body).toBe(200);

    const [spostato] = await t.database.db
      .select({ data: fileProgrammato.data })
      .from(fileProgrammato)
      .where(eq(fileProgrammato.id, file!.id));
    expect(spostato!.data.toISOString()).toBe(inizio.toISOString());
    const sessioni = await t.database.db
      .select({ id: sessione.id, ufficiale: sessione.ufficiale })
      .from(sessione)
      .where(eq(sessione.eventoId, id));
    expect(sessioni.length).toBeGreaterThan(0);
    expect(sessioni.every((x) => x.ufficiale)).toBe(true);

    const voci = async (risorsa: string, oggetto: number) =>
      (await staff.get(`/api/admin/log/?risorsa=${risorsa}&oggetto=${oggetto}`)).json().results as {
        azione: string;
        modifiche: Record<string, unknown>;
      }[];
    expect((await voci('file-programmato', file!.id))[0]).toMatchObject({
      azione: 'modifica',
      modifiche: { data: [prima!.inizio.toISOString(), inizio.toISOString()] },
    });
    expect((await voci('sessione', sessioni[0]!.id))[0]).toMatchObject({
      azione: 'modifica',
      modifiche: { ufficiale: [false, true] },
    });
  });

  it('refuses a team name its session already has, as sign-up does, and changes nothing', async () => {
    const due = await t.database.db
      .select({ id: squadra.id, nome: squadra.nome, sessioneId: squadra.sessioneId })
      .from(squadra)
      .where(
        eq(
          squadra.sessioneId,
          sql`(select sessione_id from squadra group by sessione_id having count(*) > 1 limit 1)`,
        ),
      )
      .limit(2);
    const [a, b] = due;
    const staff = await t.as('staff');
    const rinomina = await staff.patch(`/api/admin/squadra/${b!.id}/`, {
      nome: a!.nome.toUpperCase(),
    });
    expect(rinomina.statusCode).toBe(400);
    expect(rinomina.json()).toEqual({ nome: [MESSAGGI_PERSONE.nomeSquadraDuplicato] });
    const nuova = await staff.post('/api/admin/squadra/', {
      nome: a!.nome,
      evento: (
        await t.database.db
          .select({ e: sessione.eventoId })
          .from(sessione)
          .where(eq(sessione.id, a!.sessioneId))
      )[0]!.e,
      sessione: a!.sessioneId,
    });
    expect(nuova.statusCode).toBe(400);
    expect(nuova.json()).toEqual({ nome: [MESSAGGI_PERSONE.nomeSquadraDuplicato] });
    const [dopo] = await t.database.db
      .select({ nome: squadra.nome })
      .from(squadra)
      .where(eq(squadra.id, b!.id));
    expect(dopo!.nome).toBe(b!.nome);
    // Its own name in another case is still its own.
    const maiuscolo = await staff.patch(`/api/admin/squadra/${a!.id}/`, {
      nome: a!.nome.toUpperCase(),
    });
    expect(maiuscolo.statusCode, maiuscolo.body).toBe(200);
  });

  it('edits the site content key by key, checked against what the pages read', async () => {
    const staff = await t.as('staff');
    const list = (await staff.get('/api/admin/impostazioni-sito/')).json();
    expect(list.results.map((s: { chiave: string }) => s.chiave)).toEqual([
      'home',
      'regolamento',
      'webinar',
      'finale',
      'chi_siamo',
      'attestati',
    ]);
    const home = list.results[0].valore;
    const valore = {
      ...home,
      notizie: [{ titolo: 'Iscrizioni aperte', testo: 'Fino al 30 gennaio.', data: '2026-12-01' }],
    };
    const saved = await staff.put('/api/admin/impostazioni-sito/home/', { valore });
    expect(saved.statusCode).toBe(200);
    const sito = (await (await t.as('anonimo')).get('/api/gas/sito/')).json();
    expect(sito.home.notizie).toEqual(valore.notizie);

    const bad = await staff.patch('/api/admin/impostazioni-sito/home/', {
      valore: { ...home, notizie: [{ testo: 'senza titolo', data: '2026-12-01' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().valore[0]).toMatch(/^notizie\.0\.titolo: /);
    expect(
      (await staff.put('/api/admin/impostazioni-sito/segreti/', { valore: 1 })).statusCode,
    ).toBe(404);
    expect((await (await t.as('docente')).get('/api/admin/impostazioni-sito/')).statusCode).toBe(
      403,
    );
    const log = (await staff.get('/api/admin/log/?risorsa=impostazioni-sito&search=home')).json();
    expect(log.results[0].modifiche.valore[1].notizie).toEqual(valore.notizie);
  });

  it('answers the database’s own checks as field errors', async () => {
    const admin = await t.as('admin');
    const evento = (await admin.get(`/api/admin/evento/${ev.nazionale}/`)).json();
    expect(evento.inizio).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const late = await admin.patch(`/api/admin/evento/${ev.nazionale}/`, {
      fine: '2000-01-02T00:00:00Z',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().fine).toEqual(["La fine dell'evento deve essere successiva all'inizio."]);

    const [altra] = await t.database.db
      .select({ id: sessione.id })
      .from(sessione)
      .where(eq(sessione.eventoId, ev.passato))
      .limit(1);
    const [team] = await t.database.db
      .select({ id: squadra.id })
      .from(squadra)
      .where(eq(squadra.eventoId, ev.nazionale))
      .limit(1);
    const moved = await admin.patch(`/api/admin/squadra/${team!.id}/`, { sessione: altra!.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().sessione).toEqual(['La sessione non è dell’evento della squadra.']);
    expect((await admin.get(`/api/admin/evento/${ev.nazionale}/`)).json()).toEqual(evento);

    // A team competes at a venue of its own event, alone or in a bulk action.
    const poloAltrove = (await admin.get('/api/admin/polo/?page_size=500'))
      .json()
      .results.find((p: { evento: number }) => p.evento !== ev.nazionale);
    const elsewhere = await admin.patch(`/api/admin/squadra/${team!.id}/`, {
      polo: poloAltrove.id,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().polo).toEqual([MESSAGGI_PERSONE.poloAltroEvento]);
    const bulk = await admin.post('/api/admin/squadra/azioni/', {
      azione: 'modifica',
      ids: [team!.id],
      valori: { polo: poloAltrove.id },
    });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().ids[0]).toMatch(/^Squadra \d+: polo: Il polo non appartiene all’evento/);
  });

  it('edits an event’s staff and a venue’s managers; lists filter by them', async () => {
    const admin = await t.as('admin');
    const responsabili = (await admin.get('/api/admin/responsabile/?page_size=3')).json().results;
    const [a, b] = responsabili.map((r: { id: number }) => r.id as number);
    const edited = await admin.patch(`/api/admin/evento/${ev.aperto}/`, {
      amministratori: [b, a],
      inseritori: [a],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      amministratori: [Math.min(a, b), Math.max(a, b)],
      inseritori: [a],
    });
    const ofB = (await admin.get(`/api/admin/evento/?amministratori=${b}`)).json();
    expect(ofB.results.map((e: { id: number }) => e.id)).toContain(ev.aperto);
    expect(
      ofB.results.every((e: { amministratori: number[] }) => e.amministratori.includes(b)),
    ).toBe(true);
    // The new administrator sees the event as such (the access rules read the same rows).
    const [access] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(eventoAmministratore)
      .where(
        and(
          eq(eventoAmministratore.eventoId, ev.aperto),
          eq(eventoAmministratore.responsabileId, b),
        ),
      );
    expect(access!.n).toBe(1);

    const users = (await admin.get('/api/admin/user/?page_size=2')).json().results;
    const polo = (await admin.get(`/api/admin/polo/?evento=${ev.nazionale}`)).json().results[0];
    const withManagers = await admin.patch(`/api/admin/polo/${polo.id}/`, {
      responsabili: [users[0].id],
    });
    expect(withManagers.json().responsabili).toEqual([users[0].id]);
    const venues = (await admin.get(`/api/admin/polo/?responsabili=${users[0].id}`)).json();
    expect(venues.results.map((p: { id: number }) => p.id)).toContain(polo.id);
    const bad = await admin.patch(`/api/admin/polo/${polo.id}/`, { responsabili: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().responsabili).toBeDefined();
    expect((await admin.get(`/api/admin/polo/?responsabili=abc`)).statusCode).toBe(400);
  });

  it('lists the records of given ids (id__in), for the titles of a page’s references', async () => {
    const staff = await t.as('staff');
    const all = (await staff.get('/api/admin/citta/?page_size=4')).json().results;
    const ids = all.map((c: { id: number }) => c.id);
    const some = (await staff.get(`/api/admin/citta/?id__in=${ids[3]},${ids[1]},${ids[1]}`)).json();
    expect(some.results.map((c: { id: number }) => c.id).sort()).toEqual([ids[1], ids[3]].sort());
    for (const bad of ['1,,2', 'a', '1;2', `${'1,'.repeat(501)}1`]) {
      const res = await staff.get(`/api/admin/citta/?id__in=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().id__in[0]).not.toMatch(/expected|string|Invalid/i);
    }
  });

  it('finds a manager by the name of their account (a searched reference)', async () => {
    const staff = await t.as('staff');
    const profile = (await staff.get('/api/admin/responsabile/?page_size=1')).json().results[0];
    const account = (await staff.get(`/api/admin/user/${profile.user}/`)).json();
    const found = (
      await staff.get(`/api/admin/responsabile/?search=${encodeURIComponent(account.username)}`)
    ).json();
    expect(found.results.map((r: { id: number }) => r.id)).toContain(profile.id);
    expect(
      (await staff.get('/api/admin/responsabile/?search=nessuno-si-chiama-cosi')).json().count,
    ).toBe(0);
  });

  it('keeps the about-us collaborators as records; the public list follows', async () => {
    const staff = await t.as('staff');
    const created = await staff.post('/api/admin/collaboratore/', {
      nome: 'Ettore Majorana',
      contributi: 1000,
    });
    expect(created.statusCode).toBe(201);
    const top = (await staff.get('/api/top-contributors/')).json();
    expect(top.results[0]).toEqual({ nome: 'Ettore Majorana', contributi: 1000 });
    const bad = await staff.post('/api/admin/collaboratore/', { nome: 'X', contributi: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().contributi).toBeDefined();
    expect((await staff.delete(`/api/admin/collaboratore/${created.json().id}/`)).statusCode).toBe(
      204,
    );
    expect((await staff.get('/api/top-contributors/')).json().results[0].nome).not.toBe(
      'Ettore Majorana',
    );
  });
});
