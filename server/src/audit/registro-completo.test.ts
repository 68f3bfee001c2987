// Every write of the product is in the audit log (issue 26): the write routes
// of the OpenAPI document are enumerated, and each must be either called here
// successfully, leaving a new entry of the expected resource, or declared as
// writing no contest or account data, with the reason. A new write route
// fails this test until it is in one of the two tables. And no entry holds a
// secret: passwords, their hashes, link and chat tokens.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, gt } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatToken, erroreGruppo, registro, tokenPassword, users } from '../db/schema';
import { testBackends } from '../db/testing';
import { sendMultipart, tinyPdf } from '../api/evento/testing';
import { loadDemo, setClock, type Demo } from '../api/risposta/testing';
import { createTestApp, type TestApp } from '../api/testing';
import { SEGRETO } from './queries';

/** Write routes that change no contest or account data, each with the reason. */
const SENZA_VOCE: Record<string, string> = {
  'POST /api/auth/login/':
    'opens a login session and stamps last_login; logins of staff and superusers are logged as «accesso»',
  'POST /api/auth/logout/': 'ends the login session only',
  'POST /api/auth/imposta-password/verifica/': 'reads whom a link is for, writes nothing',
  'POST /api/gas/chat-token/verify/': 'the chat bot reads whose a token is, writes nothing',
  'POST /api/errori/':
    'an error report of the web app goes to the error inbox, not to contest data',
  'POST /api/gas/biglietti-consegna/': 'renders the delivery slips (LaTeX/PDF), writes nothing',
  'PATCH /api/gas/sessione/{id}/delete_cache/':
    'empties the rankings cache, rebuilt from the answers; no stored data changes',
  'PATCH /api/gas/sessione/{id}/request_refresh_frontend_delayed/':
    'sends open pages a live message to reload, writes nothing',
};

const NUOVA_PASSWORD = 'Registro-Nuova-Pw-91';
const PASSWORD_DA_LINK = 'Registro-Link-Pw-57';
const PASSWORD_ADMIN = 'Registro-Admin-Pw-33';
const SYNC_TOKEN = 'segreto-sincronizzazione-registro';

type Passo = {
  route: string;
  /** The resource of at least one entry the call must leave. */
  risorsa: string;
  call(): Promise<LightMyRequestResponse>;
};

/** A tiny olympiad site that serves `documento` to the sync. */
function sitoOlimpiadi(documento: () => unknown) {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(documento()));
  });
  return {
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/export.json`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testBackends())('the audit log holds every write on %s', (backend) => {
  let t: TestApp;
  let d: Demo;
  let nomeSessione = '';
  const documento = (nome: string) => ({
    formato: 1,
    generato: '2026-11-20T10:00:00Z',
    evento: d.nazionale.id,
    scuole: [
      {
        codice_meccanografico: 'RMPS99000K',
        nome: 'Liceo di Roma',
        tipologia: 'LS',
        citta: 'Roma',
      },
    ],
    responsabili: [
      {
        id_esterno: 'u-registro',
        username: 'r.registro',
        email: 'r.registro@example.it',
        scuole: ['RMPS99000K'],
      },
    ],
    squadre: [
      { id_esterno: 't-registro', nome, scuola: 'RMPS99000K', sessione: nomeSessione, polo: null },
    ],
  });
  let sincronizzato = 'Squadra sincronizzata';
  const sito = sitoOlimpiadi(() => documento(sincronizzato));
  /** Secrets the calls handled: none may appear in an entry. */
  const segreti = new Set<string>([NUOVA_PASSWORD, PASSWORD_DA_LINK, PASSWORD_ADMIN, SYNC_TOKEN]);

  beforeAll(async () => {
    const url = await sito.start();
    t = await createTestApp(backend, {
      config: { sync: { url, token: SYNC_TOKEN, minutes: 60 } },
    });
    d = await loadDemo(t.database.db);
    await setClock(t.database.db, d.nazionale.id, { inizio: -30, fine: 90, jolly: 30 });
    const evento = (await (await t.as('admin')).get(`/api/gas/evento/${d.nazionale.id}/`)).json();
    nomeSessione = evento.sessioni[0].nome;
  });
  afterAll(async () => {
    await t.close();
    await sito.stop();
  });

  /** The write routes of the OpenAPI document, as 'METHOD /path/{id}/'. */
  async function writeRoutes(): Promise<string[]> {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json();
    return Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
  }

  const lastId = async () => {
    const rows = await t.database.db
      .select({ id: registro.id })
      .from(registro)
      .orderBy(registro.id)
      .limit(1_000_000);
    return rows.at(-1)?.id ?? 0;
  };

  /** Every write route, called successfully, in an order where each finds what it needs. */
  function passi(): Passo[] {
    const as = (role: Parameters<TestApp['as']>[0]) => t.as(role);
    const out: Passo[] = [];
    const passo = (route: string, risorsa: string, call: () => Promise<LightMyRequestResponse>) =>
      out.push({ route, risorsa, call });

    // ---- accounts and their secrets
    passo('POST /api/auth/password/', 'user', async () =>
      (await as('docente')).post('/api/auth/password/', {
        old_password: 'gas-demo',
        new_password: NUOVA_PASSWORD,
        confirm_password: NUOVA_PASSWORD,
      }),
    );
    passo('POST /api/auth/password-dimenticata/', 'user', async () =>
      (await t.anonymous()).post('/api/auth/password-dimenticata/', {
        email: 'principale@gas.example',
      }),
    );
    passo('POST /api/admin/user/{id}/invito-password/', 'user', async () => {
      const id = await userId('secondario');
      const res = await (await as('admin')).post(`/api/admin/user/${id}/invito-password/`);
      if (res.statusCode === 200) {
        const link = res.json().link as string;
        linkToken = link.split('/').filter(Boolean).at(-1)!;
        segreti.add(linkToken);
      }
      return res;
    });
    passo('POST /api/auth/imposta-password/', 'user', async () =>
      (await t.anonymous()).post('/api/auth/imposta-password/', {
        token: linkToken,
        password: PASSWORD_DA_LINK,
        confirm_password: PASSWORD_DA_LINK,
      }),
    );
    passo('POST /api/gas/chat-token/', 'user', async () =>
      (await as('principale')).post('/api/gas/chat-token/', { user: 'Chat-Registro' }),
    );
    passo('POST /api/gas/chat-token/reset/', 'user', async () =>
      (await as('principale')).post('/api/gas/chat-token/reset/'),
    );
    passo('POST /api/gas/user/', 'user', async () =>
      (await as('principale')).post('/api/gas/user/', {
        first_name: 'Delegato',
        last_name: 'Registro',
        email: 'delegato.registro@scuola.example',
        username: 'delegato.registro',
        password: NUOVA_PASSWORD,
        confirm_password: NUOVA_PASSWORD,
        squadre: [],
        scuole: [],
        newsletter: false,
      }),
    );
    passo('PATCH /api/gas/user/{id}/', 'responsabile', async () => {
      const id = await userId('delegato.registro');
      return (await as('principale')).patch(`/api/gas/user/${id}/`, { scuole: d.principaleScuole });
    });

    // ---- events from 'Modifica evento'
    passo('POST /api/gas/evento/', 'sessione', async () => {
      const res = await (
        await as('amministratore')
      ).post('/api/gas/evento/', {
        titolo: 'Allenamento del registro',
        problemi: [{ nome: 'P1', soluzione: 1, soluzione_exp: 0 }],
      });
      if (res.statusCode === 201) ids.evento = res.json().id;
      return res;
    });
    passo('PATCH /api/gas/evento/{id}/', 'problema', async () => {
      const amm = await as('amministratore');
      const ev = (await amm.get(`/api/gas/evento/${ids.evento}/`)).json();
      return amm.patch(`/api/gas/evento/${ids.evento}/`, {
        problemi: [
          { id: ev.problemi[0].id, soluzione: 2 },
          { nome: 'P2', soluzione: 3, soluzione_exp: 0 },
        ],
        sessioni: [...ev.sessioni.map((s: { id: number }) => ({ id: s.id })), { nome: 'Seconda' }],
      });
    });
    passo('POST /api/gas/evento/{id}/invita/', 'evento', async () =>
      (await as('amministratore')).post(`/api/gas/evento/${ids.evento}/invita/`, {
        email: 'inseritore@gas.example',
        ruolo: 'ins',
      }),
    );
    passo('POST /api/gas/file-programmato/', 'file-programmato', async () => {
      const res = await sendMultipart(
        await as('amministratore'),
        'POST',
        '/api/gas/file-programmato/',
        [
          { name: 'evento', value: String(ids.evento) },
          { name: 'tipologia', value: 'problemi' },
          { name: 'il_file', filename: 'testo.pdf', content: tinyPdf() },
        ],
      );
      if (res.statusCode === 201) ids.file = res.json().id;
      return res;
    });
    passo('PATCH /api/gas/file-programmato/{id}/', 'file-programmato', async () =>
      sendMultipart(await as('amministratore'), 'PATCH', `/api/gas/file-programmato/${ids.file}/`, [
        { name: 'il_file', filename: 'nuovo.pdf', content: tinyPdf('nuovo') },
      ]),
    );
    passo('POST /api/gas/messaggi-importanti/', 'messaggio-importante', async () => {
      const res = await (
        await as('admin')
      ).post('/api/gas/messaggi-importanti/', {
        evento: d.nazionale.id,
        testo: 'Avviso del registro',
      });
      if (res.statusCode === 201) ids.messaggio = res.json().id;
      return res;
    });
    passo('PATCH /api/gas/messaggi-importanti/{id}/', 'messaggio-importante', async () =>
      (await as('admin')).patch(`/api/gas/messaggi-importanti/${ids.messaggio}/`, {
        testo: 'Avviso del registro, corretto',
      }),
    );
    passo('DELETE /api/gas/messaggi-importanti/{id}/', 'messaggio-importante', async () =>
      (await as('admin')).delete(`/api/gas/messaggi-importanti/${ids.messaggio}/`),
    );
    passo('POST /api/gas/sessione/{id}/proclamazione/', 'proclamazione', async () =>
      (await as('admin')).post(`/api/gas/sessione/${d.passato.sessioni[0]}/proclamazione/`, {
        azione: 'avanti',
      }),
    );

    // ---- teams and the contest
    passo('POST /api/gas/squadra/', 'squadra', async () => {
      const amm = await as('admin');
      const ev = (await amm.get(`/api/gas/evento/${d.aperto.id}/`)).json();
      const res = await amm.post('/api/gas/squadra/', {
        nome: 'Squadra del registro',
        sessione: ev.sessioni[0].id,
      });
      if (res.statusCode === 201) ids.squadra = res.json().id;
      return res;
    });
    passo('PATCH /api/gas/squadra/{id}/', 'squadra', async () =>
      (await as('admin')).patch(`/api/gas/squadra/${ids.squadra}/`, { capitano: 'Ada Lovelace' }),
    );
    passo('POST /api/gas/jolly/', 'jolly', async () =>
      (await as('inseritore')).post('/api/gas/jolly/', {
        squadra: d.squadre.altre[0],
        problema: d.nazionale.problemi[0]!.id,
      }),
    );
    passo('POST /api/gas/risposta/', 'risposta', async () => {
      const res = await (
        await as('inseritore')
      ).post('/api/gas/risposta/', {
        squadra: d.squadre.altre[1],
        problema: d.nazionale.problemi[1]!.id,
        valore: '1',
        valore_exp: 0,
      });
      if (res.statusCode === 201) ids.risposta = res.json().id;
      return res;
    });
    passo('DELETE /api/gas/risposta/{id}/', 'risposta', async () =>
      (await as('admin')).delete(`/api/gas/risposta/${ids.risposta}/`),
    );
    passo('POST /api/gas/digitazione/{id}/risolvi/', 'digitazione', async () => {
      const amm = await as('amministratore');
      const on = await amm.patch(`/api/gas/evento/${d.nazionale.id}/`, {
        doppia_digitazione: true,
      });
      expect(on.statusCode, on.body).toBe(200);
      const slip = (valore: string) => ({
        squadra: d.squadre.altre[2],
        problema: d.nazionale.problemi[2]!.id,
        valore,
        valore_exp: 0,
      });
      const a = await (await as('inseritore')).post('/api/gas/risposta/', slip('11'));
      await amm.post('/api/gas/risposta/', slip('12'));
      return amm.post(`/api/gas/digitazione/${a.json().id}/risolvi/`, { azione: 'scarta' });
    });
    passo('DELETE /api/gas/digitazione/{id}/', 'digitazione', async () => {
      const ins = await as('inseritore');
      const a = await ins.post('/api/gas/risposta/', {
        squadra: d.squadre.altre[3],
        problema: d.nazionale.problemi[2]!.id,
        valore: '5',
        valore_exp: 0,
      });
      return ins.delete(`/api/gas/digitazione/${a.json().id}/`);
    });

    // ---- the error inbox and the import
    passo('PATCH /api/admin/errori/{id}/', 'errori', async () => {
      await (
        await t.anonymous()
      ).post('/api/errori/', {
        tipo: 'errore',
        messaggio: 'Errore del registro',
      });
      const [gruppo] = await t.database.db.select({ id: erroreGruppo.id }).from(erroreGruppo);
      return (await as('staff')).patch(`/api/admin/errori/${gruppo!.id}/`, { risolto: true });
    });
    passo('POST /api/admin/import/', 'squadra', async () =>
      (await as('staff')).post('/api/admin/import/', documento('Squadra importata')),
    );
    passo('POST /api/admin/import/sincronizza/', 'squadra', async () => {
      sincronizzato = 'Squadra sincronizzata';
      return (await as('admin')).post('/api/admin/import/sincronizza/', {});
    });
    passo('PUT /api/admin/impostazioni-sito/{chiave}/', 'impostazioni-sito', async () => {
      const staff = await as('staff');
      const home = (await staff.get('/api/admin/impostazioni-sito/')).json().results[0].valore;
      return staff.put('/api/admin/impostazioni-sito/home/', {
        valore: { ...home, notizie: [{ titolo: 'Uno', testo: 'Testo.', data: '2026-12-01' }] },
      });
    });
    passo('PATCH /api/admin/impostazioni-sito/{chiave}/', 'impostazioni-sito', async () => {
      const staff = await as('staff');
      const home = (await staff.get('/api/admin/impostazioni-sito/')).json().results[0].valore;
      return staff.patch('/api/admin/impostazioni-sito/home/', {
        valore: { ...home, notizie: [{ titolo: 'Due', testo: 'Testo.', data: '2026-12-02' }] },
      });
    });

    // ---- the back office's resources: create, edit, edit in a group, delete
    const risorse: {
      nome: string;
      crea?: () => Promise<Record<string, unknown>>;
      /** An existing record, for the resources that are not created here. */
      esistente?: () => Promise<number>;
      modifica?: Record<string, unknown>;
      gruppo?: Record<string, unknown>;
    }[] = [
      {
        nome: 'evento',
        crea: async () => ({
          titolo: 'Evento del registro',
          anno: 2026,
          inizio: '2026-12-01T09:00:00Z',
          fine: '2026-12-01T12:00:00Z',
        }),
        modifica: { titolo: 'Evento del registro (2)' },
        gruppo: { doppia_digitazione: true },
      },
      {
        nome: 'sessione',
        crea: async () => ({ evento: ids.evento, nome: 'Sessione del registro' }),
        modifica: { nome: 'Sessione del registro (2)' },
        gruppo: { numero_qualificati: 3 },
      },
      {
        nome: 'problema',
        crea: async () => ({ evento: ids.evento, nome: 'P9', ordine: 9, soluzione: 1 }),
        modifica: { soluzione: 2 },
        gruppo: { udm_soluzione: 'm' },
      },
      {
        nome: 'file-programmato',
        esistente: async () => ids.file!,
        modifica: { pubblico: false },
        gruppo: { pubblico: true },
      },
      {
        nome: 'risposta',
        esistente: async () => {
          const res = await (
            await as('inseritore')
          ).post('/api/gas/risposta/', {
            squadra: d.squadre.altre[4],
            problema: d.nazionale.problemi[3]!.id,
            valore: '1',
            valore_exp: 0,
          });
          return res.json().id ?? res.json().risposta;
        },
      },
      {
        nome: 'jolly',
        esistente: async () => {
          const res = await (
            await as('inseritore')
          ).post('/api/gas/jolly/', {
            squadra: d.squadre.altre[5],
            problema: d.nazionale.problemi[0]!.id,
          });
          return res.json().id;
        },
      },
      {
        nome: 'messaggio-importante',
        crea: async () => ({ evento: ids.evento, testo: 'Messaggio del registro' }),
        modifica: { testo: 'Messaggio del registro (2)' },
        gruppo: { testo: 'Messaggio del registro (3)' },
      },
      {
        nome: 'squadra',
        crea: async () => {
          const ev = (await (await as('admin')).get(`/api/gas/evento/${ids.evento}/`)).json();
          return { nome: 'Squadra admin', evento: ids.evento, sessione: ev.sessioni[0].id };
        },
        modifica: { penalita: 5 },
        gruppo: { ospite: true },
      },
      {
        nome: 'user',
        crea: async () => ({ username: 'utente.registro', password: PASSWORD_ADMIN }),
        modifica: { password: PASSWORD_ADMIN + 'x' },
        gruppo: { is_active: false },
      },
      {
        nome: 'responsabile',
        crea: async () => {
          const user = await (
            await as('admin')
          ).post('/api/admin/user/', {
            username: 'responsabile.registro',
          });
          return { user: user.json().id };
        },
        modifica: { newsletter: true },
        gruppo: { attivo: false },
      },
      {
        nome: 'scuola',
        crea: async () => ({ nome: 'Liceo del registro' }),
        modifica: { indirizzo: 'Via Roma 1' },
        gruppo: { tipologia: 'LS' },
      },
      {
        nome: 'polo',
        crea: async () => ({ evento: ids.evento, nome_breve: 'Polo del registro' }),
        modifica: { descrizione: 'Aula magna' },
        gruppo: { capacita_massima_squadre: 10 },
      },
      {
        nome: 'citta',
        crea: async () => ({ nome: 'Città del registro' }),
        modifica: { provincia: 'PI' },
        gruppo: { provincia: 'LU' },
      },
      {
        nome: 'regione',
        crea: async () => ({ nome: 'Regione del registro' }),
        modifica: { nome: 'Regione del registro (2)' },
        gruppo: { nome: 'Regione del registro (3)' },
      },
      {
        nome: 'paese',
        crea: async () => ({ nome: 'Paese del registro' }),
        modifica: { codice: 'XR' },
        gruppo: { codice: 'XS' },
      },
      {
        nome: 'sponsor',
        crea: async () => ({ name: 'Sponsor del registro' }),
        modifica: { description: 'Sostiene la gara' },
        gruppo: { ordine: 4 },
      },
      {
        nome: 'collaboratore',
        crea: async () => ({ nome: 'Collaboratore del registro' }),
        modifica: { contributi: 2 },
        gruppo: { contributi: 3 },
      },
    ];
    for (const r of risorse) {
      const base = `/api/admin/${r.nome}/`;
      const record = () => ids[`admin:${r.nome}`]!;
      if (r.crea) {
        passo(`POST ${base}`, r.nome, async () => {
          const res = await (await as('admin')).post(base, await r.crea!());
          if (res.statusCode === 201) ids[`admin:${r.nome}`] = res.json().id;
          return res;
        });
      } else {
        // Not created here: the step of the first route finds a record.
        out.push({
          route: '',
          risorsa: '',
          call: async () => {
            ids[`admin:${r.nome}`] = await r.esistente!();
            return { statusCode: 200 } as LightMyRequestResponse;
          },
        });
      }
      if (r.modifica) {
        passo(`PATCH ${base}{id}/`, r.nome, async () =>
          (await as('admin')).patch(`${base}${record()}/`, r.modifica),
        );
        passo(`POST ${base}azioni/`, r.nome, async () =>
          (await as('admin')).post(`${base}azioni/`, {
            azione: 'modifica',
            ids: [record()],
            valori: r.gruppo,
          }),
        );
      }
      if (r.nome === 'squadra') {
        passo('POST /api/admin/squadra/ordine-eta/', 'squadra', async () =>
          (await as('admin')).post('/api/admin/squadra/ordine-eta/', {
            evento: ids.evento,
            elenco: String(record()),
          }),
        );
      }
      passo(`DELETE ${base}{id}/`, r.nome, async () =>
        (await as('admin')).delete(`${base}${record()}/?forza=1`),
      );
      if (!r.modifica) {
        // A group deletion needs a record of its own.
        passo(`POST ${base}azioni/`, r.nome, async () => {
          const id = await r.esistente!();
          return (await as('admin')).post(`${base}azioni/`, {
            azione: 'elimina',
            ids: [id],
            forza: true,
          });
        });
      }
    }
    return out;
  }

  let linkToken = '';
  /** Records the steps created, for the steps after them. */
  const ids: Record<string, number> = {};
  const userId = (username: string) => t.userId(username);

  it('knows every write route of the OpenAPI document', async () => {
    const documentate = await writeRoutes();
    expect(documentate.length).toBeGreaterThan(50);
    const chiamate = new Set(passi().map((p) => p.route));
    const ignote = documentate.filter((r) => !chiamate.has(r) && !(r in SENZA_VOCE));
    expect(ignote, 'write routes neither called here nor declared without entries').toEqual([]);
    // Both tables name real routes, and a route is in one of them only.
    const inDoc = new Set(documentate);
    for (const r of [...chiamate].filter(Boolean)) expect(inDoc, r).toContain(r);
    for (const r of Object.keys(SENZA_VOCE)) {
      expect(inDoc, r).toContain(r);
      expect(chiamate.has(r), r).toBe(false);
    }
  });

  it('each write route leaves an entry of its resource', async () => {
    const senzaVoce: string[] = [];
    for (const p of passi()) {
      const prima = await lastId();
      const res = await p.call();
      if (!p.route) continue;
      expect(res.statusCode, `${p.route}: ${res.body}`).toBeLessThan(300);
      // 'Password dimenticata?' writes after its reply (its time must not
      // tell whether the account exists): wait a little for the entry.
      let nuove = 0;
      for (let attesa = 0; attesa < 40 && nuove === 0; attesa++) {
        if (attesa > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        nuove = (
          await t.database.db
            .select({ id: registro.id })
            .from(registro)
            .where(and(gt(registro.id, prima), eq(registro.risorsa, p.risorsa)))
        ).length;
      }
      if (nuove === 0) senzaVoce.push(`${p.route} (${p.risorsa})`);
    }
    expect(senzaVoce).toEqual([]);
  });

  it('the new entries say what changed, by whom', async () => {
    const voci = await t.database.db.select().from(registro).orderBy(registro.id);
    const di = (risorsa: string, oggettoId: number) =>
      voci.filter((v) => v.risorsa === risorsa && v.oggettoId === oggettoId);

    // 'Modifica evento': the problems and sessions, each an entry of its own.
    const dallEvento = (risorsa: string) =>
      voci.filter(
        (v) =>
          v.risorsa === risorsa && v.origine === 'api' && v.modifiche.evento?.[1] === ids.evento,
      );
    const problemi = dallEvento('problema');
    expect(problemi.map((v) => [v.azione, v.oggettoNome])).toEqual([
      ['crea', 'P1'],
      ['crea', 'P2'],
    ]);
    const p1 = di('problema', problemi[0]!.oggettoId!);
    expect(p1.map((v) => [v.azione, v.utenteNome, v.origine, v.modifiche.soluzione])).toEqual([
      ['crea', 'amministratore', 'api', [null, 1]],
      ['modifica', 'amministratore', 'api', [1, 2]],
    ]);
    const sessioni = dallEvento('sessione');
    expect(sessioni.map((v) => v.azione)).toEqual(['crea', 'crea']);
    expect(sessioni[1]!.oggettoNome).toBe('Seconda');

    // The appointment: the event's list of answer-entry users grew.
    const nomina = di('evento', ids.evento!).at(-1)!;
    const [prima, dopo] = nomina.modifiche.inseritori as [number[], number[]];
    expect(dopo).toHaveLength(prima.length + 1);

    // The error inbox.
    const errore = voci.find((v) => v.risorsa === 'errori')!;
    expect(errore).toMatchObject({ azione: 'modifica', origine: 'admin', utenteNome: 'staff' });
    expect(errore.modifiche.risolto).toEqual([false, true]);

    // Links and chat tokens: that they were issued, by whom, never their value.
    const link = di('user', await userId('secondario')).filter(
      (v) => 'link_password' in v.modifiche,
    );
    expect(link[0]).toMatchObject({
      utenteNome: 'admin',
      origine: 'admin',
      modifiche: { link_password: [SEGRETO, SEGRETO] },
      nota: 'link per scegliere la password inviato (valido 7 giorni)',
    });
    const principale = di('user', await userId('principale'));
    expect(principale.find((v) => 'link_password' in v.modifiche)).toMatchObject({
      utenteId: null,
      nota: 'link per reimpostare la password chiesto con «Password dimenticata?»; valido 2 ore',
    });
    // The invitation of an account the import created, sent after its commit.
    await expect
      .poll(async () => {
        const righe = await t.database.db
          .select()
          .from(registro)
          .where(and(eq(registro.risorsa, 'user'), eq(registro.oggettoNome, 'r.registro')));
        return righe.find((v) => 'link_password' in v.modifiche)?.nota;
      })
      .toBe(
        'importazione del documento generato il 2026-11-20T10:00:00Z; link per scegliere la password inviato (valido 7 giorni)',
      );
    expect(
      principale.filter((v) => 'token_chat' in v.modifiche).map((v) => [v.modifiche, v.nota]),
    ).toEqual([
      [
        { nome_chat: [null, 'Chat-Registro'], token_chat: [SEGRETO, SEGRETO] },
        'token della chat creato',
      ],
      [{ token_chat: [SEGRETO, SEGRETO] }, 'token della chat rinnovato'],
    ]);
  });

  it('no entry holds a password, a hash or a token', async () => {
    const hashes = await t.database.db.select({ h: users.passwordHash }).from(users);
    const links = await t.database.db.select({ h: tokenPassword.hash }).from(tokenPassword);
    const chat = await t.database.db.select({ h: chatToken.token }).from(chatToken);
    for (const { h } of [...hashes, ...links, ...chat]) if (h) segreti.add(h);
    expect(chat.length).toBeGreaterThan(0);
    expect(links.length).toBeGreaterThan(0);
    const voci = await t.database.db.select().from(registro);
    const trovati = voci.flatMap((v) => {
      const testo = JSON.stringify([v.modifiche, v.nota, v.oggettoNome]);
      return [...segreti].filter((s) => testo.includes(s)).map((s) => `${v.id}: ${s}`);
    });
    expect(trovati).toEqual([]);
    // What they say instead: the secret changed, and how.
    const password = voci.filter((v) => v.risorsa === 'user' && 'password' in v.modifiche);
    expect(password.map((v) => v.modifiche.password)).toContainEqual([SEGRETO, SEGRETO]);
    expect(password.map((v) => v.nota)).toEqual(
      expect.arrayContaining([
        'password cambiata dall’utente',
        'password scelta con il link ricevuto per e-mail',
      ]),
    );
  });
});
