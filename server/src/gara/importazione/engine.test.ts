// The import engine on crafted documents (issue 15): applied all or nothing,
// idempotent, every error kind of import-format.md with its place and an
// Italian message, GaS's own links kept, every change in the audit log.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  citta,
  polo,
  registro,
  responsabile,
  responsabileSquadra,
  risposta,
  scuola,
  sessione,
  squadra,
  users,
} from '../../db/schema';
import { resetDatabase, testBackends } from '../../db/testing';
import { seedDemoData } from '../../demo/seed';
import { demoEventi, type DemoEventi } from '../../api/evento/testing';
import { createTestApp, type TestApp } from '../../api/testing';
import { importa, luogoDi, type OpzioniImport } from './engine';

const opzioni = (extra: Partial<OpzioniImport> = {}): OpzioniImport => ({
  dryRun: false,
  dettagli: false,
  audit: { userId: null, indirizzo: '' },
  ...extra,
});

describe.each(testBackends())('import engine on %s', (backend) => {
  let t: TestApp;
  let ev: DemoEventi;
  let sessioni: string[];
  let poli: string[];

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  // Each test starts from the demo (a document's effects would leak otherwise).
  beforeEach(async () => {
    await resetDatabase(t.database.db);
    await seedDemoData(t.database, { now: t.database.seedNow! });
    ev = await demoEventi(t.database.db);
    const db = t.database.db;
    sessioni = (
      await db
        .select({ nome: sessione.nome })
        .from(sessione)
        .where(eq(sessione.eventoId, ev.nazionale))
    ).map((s) => s.nome);
    poli = (
      await db.select({ nome: polo.nomeBreve }).from(polo).where(eq(polo.eventoId, ev.nazionale))
    ).map((p) => p.nome);
  });

  const documento = () => ({
    formato: 1,
    generato: '2026-11-20T10:00:00Z',
    evento: ev.nazionale,
    scuole: [
      {
        codice_meccanografico: 'FOPS01000X',
        nome: "Liceo Scientifico «Sant’Anna» – l'Aquila",
        tipologia: 'LS',
        indirizzo: 'Via dell’Università, 1',
        citta: 'Forlì di Prova',
        provincia: 'FC',
        regione: 'Emilia-Romagna di Prova',
        latitude: 44.22,
        longitude: 12.04,
      },
    ],
    responsabili: [
      {
        id_esterno: 'u-1042',
        username: 'm.rossi.import',
        email: 'm.rossi.import@example.it',
        first_name: 'Maria',
        last_name: 'D’Angelo',
        scuole: ['FOPS01000X'],
        puo_iscriversi_gare_ufficiali: true,
        newsletter: false,
      },
    ],
    squadre: [
      {
        id_esterno: 't-77',
        nome: 'Fermi À',
        scuola: 'FOPS01000X',
        sessione: sessioni[0],
        polo: poli[0] as string | null,
        ospite: false,
        ordine_eta: 3,
        capitano: 'Luca Bianchi',
        anno_capitano: 5,
        consegnatore: 'Anna Verdi',
        anno_consegnatore: 4,
        p1: 'Paolo Neri',
        anno_p1: 5,
        p2: null,
        anno_p2: null,
        p3: null,
        anno_p3: null,
        responsabili: ['u-1042'],
        campo_ignorato: 'extra fields are ignored',
      },
    ],
  });

  /** The demo's official teams from the external site (a document without them reports them). */
  const demoEsterni = async () =>
    (
      await t.database.db
        .select({ k: squadra.idEsterno })
        .from(squadra)
        .where(and(eq(squadra.eventoId, ev.nazionale), sql`${squadra.idEsterno} is not null`))
    )
      .map((r) => r.k!)
      .sort();

  it('applies a new document, then the same document changes nothing', async () => {
    const db = t.database.db;
    const demo = await demoEsterni();
    const first = await importa(db, documento(), opzioni());
    expect(first).toEqual({
      applicato: true,
      creati: { scuole: 1, responsabili: 1, squadre: 1 },
      aggiornati: { scuole: 0, responsabili: 0, squadre: 0 },
      invariati: { scuole: 0, responsabili: 0, squadre: 0 },
      non_piu_presenti: { responsabili: [], squadre: demo },
      non_piu_presenti_nomi: {
        responsabili: [],
        squadre: demo.map((k) => ({ id_esterno: k, nome: expect.any(String) })),
      },
      errori: [],
    });
    const [s] = await db.select().from(scuola).where(eq(scuola.codiceMeccanografico, 'FOPS01000X'));
    expect(s).toMatchObject({ nome: "Liceo Scientifico «Sant’Anna» – l'Aquila", tipologia: 'LS' });
    const [c] = await db.select().from(citta).where(eq(citta.id, s!.cittaId!));
    expect(c).toMatchObject({ nome: 'Forlì di Prova', provincia: 'FC' });
    const [r] = await db
      .select({
        id: responsabile.id,
        ruolo: responsabile.ruolo,
        attivo: responsabile.attivo,
        hash: users.passwordHash,
        last: users.lastName,
      })
      .from(responsabile)
      .innerJoin(users, eq(users.id, responsabile.userId))
      .where(eq(responsabile.idEsterno, 'u-1042'));
    expect(r).toMatchObject({ ruolo: 'sp', attivo: true, hash: '!', last: 'D’Angelo' });
    const [team] = await db.select().from(squadra).where(eq(squadra.idEsterno, 't-77'));
    expect(team).toMatchObject({
      nome: 'Fermi À',
      ufficiale: true,
      eventoId: ev.nazionale,
      annoCapitano: 5,
    });
    const links = await db
      .select()
      .from(responsabileSquadra)
      .where(eq(responsabileSquadra.squadraId, team!.id));
    expect(links).toEqual([{ responsabileId: r!.id, squadraId: team!.id }]);

    // In the log, as made by the import, with the document's date.
    const log = await db.select().from(registro).where(eq(registro.origine, 'import'));
    expect(new Set(log.map((e) => e.risorsa))).toEqual(
      new Set(['scuola', 'citta', 'regione', 'user', 'responsabile', 'squadra']),
    );
    expect(log.every((e) => e.azione === 'crea' && e.nota.includes('2026-11-20T10:00:00Z'))).toBe(
      true,
    );

    const again = await importa(db, documento(), opzioni());
    expect(again).toMatchObject({
      applicato: true,
      creati: { scuole: 0, responsabili: 0, squadre: 0 },
      aggiornati: { scuole: 0, responsabili: 0, squadre: 0 },
      invariati: { scuole: 1, responsabili: 1, squadre: 1 },
    });
    expect((await db.select().from(registro).where(eq(registro.origine, 'import'))).length).toBe(
      log.length,
    );
  });

  it('reports the changed fields, old → new, and a dry run writes nothing', async () => {
    const db = t.database.db;
    await importa(db, documento(), opzioni());
    const changed = documento();
    changed.squadre[0]!.capitano = 'Luca Bianchini';
    changed.squadre[0]!.ospite = true;
    changed.responsabili[0]!.email = 'maria.rossi@example.it';
    const dry = await importa(db, changed, opzioni({ dryRun: true, dettagli: true }));
    expect(dry.applicato).toBe(false);
    expect(dry.aggiornati).toEqual({ scuole: 0, responsabili: 1, squadre: 1 });
    expect(dry.dettagli).toContainEqual({
      tipo: 'squadra',
      chiave: 't-77',
      nome: 'Fermi À',
      esito: 'aggiornato',
      modifiche: { capitano: ['Luca Bianchi', 'Luca Bianchini'], ospite: [false, true] },
    });
    expect(dry.dettagli).toContainEqual(
      expect.objectContaining({
        tipo: 'responsabile',
        esito: 'aggiornato',
        modifiche: { email: ['m.rossi.import@example.it', 'maria.rossi@example.it'] },
      }),
    );
    const [before] = await db.select().from(squadra).where(eq(squadra.idEsterno, 't-77'));
    expect(before!.capitano).toBe('Luca Bianchi');

    const applied = await importa(db, changed, opzioni());
    expect(applied.applicato).toBe(true);
    const [after] = await db.select().from(squadra).where(eq(squadra.idEsterno, 't-77'));
    expect(after).toMatchObject({ capitano: 'Luca Bianchini', ospite: true });
    const [entry] = await db
      .select()
      .from(registro)
      .where(and(eq(registro.risorsa, 'squadra'), eq(registro.azione, 'modifica')));
    expect(entry!.modifiche).toEqual({
      capitano: ['Luca Bianchi', 'Luca Bianchini'],
      ospite: [false, true],
    });
  });

  it('keeps what GaS made itself, leaves out nothing, deletes nothing', async () => {
    const db = t.database.db;
    await importa(db, documento(), opzioni());
    const [team] = await db.select().from(squadra).where(eq(squadra.idEsterno, 't-77'));
    // A secondary manager GaS made for the team (no id_esterno).
    const [other] = await db
      .select({ id: responsabile.id })
      .from(responsabile)
      .where(sql`${responsabile.idEsterno} is null`)
      .limit(1);
    await db.insert(responsabileSquadra).values({ responsabileId: other!.id, squadraId: team!.id });

    const senzaSquadra = { ...documento(), squadre: [] };
    const result = await importa(db, senzaSquadra, opzioni());
    expect(result.non_piu_presenti).toEqual({
      responsabili: [],
      squadre: [...(await demoEsterni())]
        .filter((k) => k !== 't-77')
        .concat('t-77')
        .sort(),
    });
    expect(await db.select().from(squadra).where(eq(squadra.id, team!.id))).toHaveLength(1);

    const doc = documento();
    doc.squadre[0]!.responsabili = [];
    await importa(db, doc, opzioni());
    const links = await db
      .select()
      .from(responsabileSquadra)
      .where(eq(responsabileSquadra.squadraId, team!.id));
    expect(links).toEqual([{ responsabileId: other!.id, squadraId: team!.id }]);
  });

  describe('refuses a document with any error, naming its place, and applies nothing', () => {
    type Doc = ReturnType<typeof documento>;
    const cases: [string, (d: Doc) => unknown, string, RegExp][] = [
      ['not an object', () => [1, 2], 'documento', /oggetto JSON/],
      ['another format', (d) => ({ ...d, formato: 2 }), 'formato', /formato 1/],
      [
        'a missing required field',
        (d) => {
          delete (d.scuole[0] as Partial<Doc['scuole'][0]>).nome;
          return d;
        },
        'scuole[0].nome',
        /obbligatori/i,
      ],
      [
        'an invalid school type',
        (d) => {
          d.scuole[0]!.tipologia = 'XX';
          return d;
        },
        'scuole[0].tipologia',
        /Tipologia di scuola non valida/,
      ],
      [
        'an invalid class year',
        (d) => {
          d.squadre[0]!.anno_capitano = 6;
          return d;
        },
        'squadre[0].anno_capitano',
        /da 1 a 5/,
      ],
      [
        'an unknown school',
        (d) => {
          d.squadre[0]!.scuola = 'ZZZZ99999Z';
          return d;
        },
        'squadre[0].scuola',
        /Scuola sconosciuta/,
      ],
      [
        'an unknown school of a manager',
        (d) => {
          d.responsabili[0]!.scuole = ['ZZZZ99999Z'];
          return d;
        },
        'responsabili[0].scuole[0]',
        /Scuola sconosciuta/,
      ],
      [
        'an unknown session',
        (d) => {
          d.squadre[0]!.sessione = 'Sessione Marte';
          return d;
        },
        'squadre[0].sessione',
        /sessione «Sessione Marte»/,
      ],
      [
        'an unknown venue',
        (d) => {
          d.squadre[0]!.polo = 'Polo di Atlantide';
          return d;
        },
        'squadre[0].polo',
        /polo «Polo di Atlantide»/,
      ],
      [
        'an unknown manager of a team',
        (d) => {
          d.squadre[0]!.responsabili = ['u-nessuno'];
          return d;
        },
        'squadre[0].responsabili[0]',
        /Responsabile sconosciuto/,
      ],
      [
        'a duplicate school code',
        (d) => {
          d.scuole.push({ ...d.scuole[0]! });
          return d;
        },
        'scuole[1].codice_meccanografico',
        /ripetuto.*scuole\[0\]/,
      ],
      [
        'a duplicate team id',
        (d) => {
          d.squadre.push({ ...d.squadre[0]!, nome: 'Altra' });
          return d;
        },
        'squadre[1].id_esterno',
        /ripetuto/,
      ],
      [
        'two teams with one name in a session',
        (d) => {
          d.squadre.push({ ...d.squadre[0]!, id_esterno: 't-78', nome: 'fermi à' });
          return d;
        },
        'squadre[1].nome',
        /stesso nome/,
      ],
      [
        'a username of another account',
        (d) => {
          d.responsabili[0]!.username = 'docente';
          return d;
        },
        'responsabili[0].username',
        /già usato da un altro account/,
      ],
      [
        'an e-mail of another account',
        (d) => {
          d.responsabili[0]!.email = 'ADMIN@gas.example';
          return d;
        },
        'responsabili[0].email',
        /già usato da un altro account/,
      ],
      [
        'an event that is not official',
        (d) => ({ ...d, evento: ev.aperto }),
        'evento',
        /non è un evento ufficiale/,
      ],
      ['an event that does not exist', (d) => ({ ...d, evento: 999_999 }), 'evento', /non esiste/],
    ];
    it.each(cases)('%s', async (_what, breakIt, luogo, messaggio) => {
      const db = t.database.db;
      const count = async () =>
        (await db.select({ n: sql<number>`count(*)::int` }).from(registro))[0]!.n;
      const before = await count();
      const result = await importa(db, breakIt(documento()), opzioni());
      expect(result.applicato).toBe(false);
      const found = result.errori.find((e) => e.luogo === luogo);
      expect(found, JSON.stringify(result.errori)).toBeDefined();
      expect(found!.messaggio).toMatch(messaggio);
      expect(found!.messaggio).not.toMatch(/expected|received|invalid input/i);
      expect(result.creati).toEqual({ scuole: 0, responsabili: 0, squadre: 0 });
      expect(
        await db.select().from(scuola).where(eq(scuola.codiceMeccanografico, 'FOPS01000X')),
      ).toEqual([]);
      expect(await count()).toBe(before);
    });
  });

  it('never moves a team with answers to another session', async () => {
    const db = t.database.db;
    const [answered] = await db
      .select({ id: squadra.id, sessioneId: squadra.sessioneId, nome: squadra.nome })
      .from(squadra)
      .innerJoin(risposta, eq(risposta.squadraId, squadra.id))
      .where(eq(squadra.eventoId, ev.passato))
      .limit(1);
    expect(answered).toBeDefined();
    await db.update(squadra).set({ idEsterno: 't-risposte' }).where(eq(squadra.id, answered!.id));
    const [altra] = await db
      .select({ nome: sessione.nome })
      .from(sessione)
      .where(
        and(eq(sessione.eventoId, ev.passato), sql`${sessione.id} <> ${answered!.sessioneId}`),
      );
    expect(altra).toBeDefined();
    const doc = { ...documento(), evento: ev.passato };
    doc.squadre[0] = {
      ...doc.squadre[0]!,
      id_esterno: 't-risposte',
      nome: answered!.nome,
      sessione: altra!.nome,
      polo: null,
    };
    const result = await importa(db, doc, opzioni());
    expect(result.errori).toContainEqual({
      luogo: 'squadre[0].sessione',
      dove: `Squadra 1 «${answered!.nome}» (id_esterno t-risposte), campo sessione`,
      messaggio: 'La squadra ha già delle risposte: non può cambiare sessione con un’importazione.',
    });
  });

  it('reports every error of a document in one answer, each place as a person reads it', async () => {
    const db = t.database.db;
    const doc: Record<string, unknown> & ReturnType<typeof documento> = documento();
    // A shape error (a wrong school type) and reference errors of other records together.
    doc.scuole.push({ ...doc.scuole[0]!, codice_meccanografico: 'MIPS01000A', tipologia: 'XX' });
    const squadra2 = { ...doc.squadre[0]!, id_esterno: 'T-17', nome: 'Liceo Fermi A' };
    doc.squadre.push(
      { ...doc.squadre[0]!, id_esterno: 't-78', nome: 'Fermi B', anno_p1: 9 },
      { ...squadra2, scuola: 'ZZZZ99999Z', sessione: 'Sessione che non c’è' },
      // Its school is the one with the wrong type: named in the document, so not unknown.
      { ...squadra2, id_esterno: 't-80', nome: 'Fermi C', scuola: 'MIPS01000A' },
    );
    doc.responsabili[0]!.scuole = ['FOPS01000X', 'YYYY99999Y'];
    const result = await importa(db, doc, opzioni());
    expect(result.applicato).toBe(false);
    expect(result.errori).toEqual([
      {
        luogo: 'scuole[1].tipologia',
        dove: "Scuola 2 «Liceo Scientifico «Sant’Anna» – l'Aquila» (codice MIPS01000A), campo tipologia",
        messaggio: expect.stringMatching(/^Tipologia di scuola non valida/),
      },
      {
        luogo: 'responsabili[0].scuole[1]',
        dove: 'Responsabile 1 «Maria D’Angelo» (id_esterno u-1042), campo scuole (voce 2)',
        messaggio: 'Scuola sconosciuta: YYYY99999Y non è tra le scuole del documento né in GaS.',
      },
      {
        luogo: 'squadre[1].anno_p1',
        dove: 'Squadra 2 «Fermi B» (id_esterno t-78), campo anno_p1',
        messaggio: 'La classe è un numero da 1 a 5, oppure null.',
      },
      {
        luogo: 'squadre[2].scuola',
        dove: 'Squadra 3 «Liceo Fermi A» (id_esterno T-17), campo scuola',
        messaggio: 'Scuola sconosciuta: ZZZZ99999Z non è tra le scuole del documento né in GaS.',
      },
      {
        luogo: 'squadre[2].sessione',
        dove: 'Squadra 3 «Liceo Fermi A» (id_esterno T-17), campo sessione',
        messaggio: `L’evento ${ev.nazionale} non ha una sessione «Sessione che non c’è».`,
      },
    ]);
    expect(
      await db.select().from(scuola).where(eq(scuola.codiceMeccanografico, 'FOPS01000X')),
    ).toEqual([]);
  });

  it('names the other record of a repeated key, counted from 1', async () => {
    const doc = documento();
    doc.squadre.push({ ...doc.squadre[0]!, nome: 'Fermi B' });
    const result = await importa(t.database.db, doc, opzioni());
    expect(result.errori).toEqual([
      {
        luogo: 'squadre[1].id_esterno',
        dove: 'Squadra 2 «Fermi B» (id_esterno t-77), campo id_esterno',
        messaggio:
          'Identificativo ripetuto nel documento (è già in Squadra 1 «Fermi À» (id_esterno t-77), squadre[0]).',
      },
    ]);
  });

  it('an unreadable event is one error, not two', async () => {
    const result = await importa(t.database.db, { ...documento(), evento: 'nazionale' }, opzioni());
    expect(result.errori.map((e) => e.luogo)).toEqual(['evento']);
    expect(result.errori[0]!.dove).toBe('Campo evento del documento');
  });

  it('lists the records no longer present by name too', async () => {
    const db = t.database.db;
    await importa(db, documento(), opzioni());
    const result = await importa(db, { ...documento(), squadre: [], responsabili: [] }, opzioni());
    expect(result.non_piu_presenti_nomi?.responsabili).toContainEqual({
      id_esterno: 'u-1042',
      nome: 'Maria D’Angelo',
    });
    expect(result.non_piu_presenti_nomi?.squadre).toContainEqual({
      id_esterno: 't-77',
      nome: 'Fermi À',
    });
  });

  it('names places as the format page does', () => {
    expect(luogoDi(['squadre', 3, 'sessione'])).toBe('squadre[3].sessione');
    expect(luogoDi(['responsabili', 0, 'scuole', 2])).toBe('responsabili[0].scuole[2]');
    expect(luogoDi([])).toBe('documento');
  });
});
