// Field errors are sentences for people: empty and wrong values sent to a
// representative set of endpoints (event, team, manager, answer, joker,
// invitation, file, accounts, admin actions) answer 400 with Italian messages
// from @gas/contracts' mapping, never zod's schema language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { LINK_NON_VALIDO, PASSWORD_MISMATCH, REQUIRED_FIELD, SCHEMA_WORDS } from '@gas/contracts';
import { testBackends } from '../db/testing';
import { sessione } from '../db/schema';
import { demoEventi, sendMultipart, snapshot, type DemoEventi } from './evento/testing';
import { createTestApp, type Client, type Role, type TestApp } from './testing';

/** Every string in a JSON body. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

type Case = {
  name: string;
  role: Role;
  send: (c: Client, ids: DemoEventi & { sessione: number }) => ReturnType<Client['get']>;
  /** Some exact field errors, besides "no schema words anywhere". */
  expected?: Record<string, string[]>;
};

const cases: Case[] = [
  {
    name: 'new event, empty title',
    role: 'docente',
    send: (c) => c.post('/api/gas/evento/', { titolo: '' }),
    expected: { titolo: [REQUIRED_FIELD] },
  },
  {
    name: 'new event, wrong values everywhere',
    role: 'docente',
    send: (c) =>
      c.post('/api/gas/evento/', {
        titolo: 'x'.repeat(201),
        tipologia: 'segreta',
        inizio: 'domani',
        fine: null,
        PTI_TOLTI_ERRORE: 1.5,
        BONUS_VELOCITA: -1,
        PTI_BASE_MONTEPREMI: 'tanti',
        SCALING_BONUS_VELOCITA: 0.0001,
        youtube_link: 'javascript:alert(1)',
        problemi: [{ soluzione: 'nove' }],
        sessioni: [],
      }),
    expected: {
      titolo: ['Al massimo 200 caratteri.'],
      tipologia: ['Scegli un valore tra quelli proposti.'],
      inizio: ['Data non valida.'],
      fine: [REQUIRED_FIELD],
      PTI_TOLTI_ERRORE: ['Inserisci un numero intero.'],
      BONUS_VELOCITA: ['Il valore deve essere almeno 0.'],
      PTI_BASE_MONTEPREMI: ['Inserisci un numero.'],
      SCALING_BONUS_VELOCITA: ['Al massimo 3 cifre decimali.'],
    },
  },
  {
    name: 'event edit, blank title',
    role: 'admin',
    send: (c, ids) => c.patch(`/api/gas/evento/${ids.aperto}/`, { titolo: '   ' }),
    expected: { titolo: [REQUIRED_FIELD] },
  },
  {
    name: 'event edit, protocol-relative page link (leads off the site)',
    role: 'admin',
    send: (c, ids) =>
      c.patch(`/api/gas/evento/${ids.aperto}/`, {
        pagina_dedicata: '//evil.example/x',
        youtube_link: 'http://www.youtube.com/watch?v=x',
      }),
    expected: { pagina_dedicata: [LINK_NON_VALIDO], youtube_link: [LINK_NON_VALIDO] },
  },
  {
    name: 'invitation, empty fields',
    role: 'admin',
    send: (c, ids) => c.post(`/api/gas/evento/${ids.aperto}/invita/`, { email: '', ruolo: '' }),
    expected: {
      email: [REQUIRED_FIELD],
      ruolo: ['Scegli un valore tra quelli proposti.'],
    },
  },
  {
    name: 'invitation, not an e-mail address',
    role: 'admin',
    send: (c, ids) =>
      c.post(`/api/gas/evento/${ids.aperto}/invita/`, { email: 'mario.rossi', ruolo: 'ins' }),
    expected: { email: ['Inserisci un indirizzo e-mail valido.'] },
  },
  {
    name: 'team sign-up, empty name',
    role: 'docente',
    send: (c) => c.post('/api/gas/squadra/', { nome: '', sessione: 'prima' }),
    expected: { nome: [REQUIRED_FIELD], sessione: ['Inserisci un numero.'] },
  },
  {
    name: 'team sign-up, nothing',
    role: 'docente',
    send: (c) => c.post('/api/gas/squadra/', {}),
    expected: { nome: [REQUIRED_FIELD], sessione: [REQUIRED_FIELD] },
  },
  {
    name: 'secondary manager, empty form',
    role: 'principale',
    send: (c) =>
      c.post('/api/gas/user/', { email: '', username: '', password: '', confirm_password: '' }),
    expected: {
      email: [REQUIRED_FIELD],
      // Only the first thing to fix: an empty field is not also "wrongly written".
      username: [REQUIRED_FIELD],
      password: ['La password deve contenere almeno 8 caratteri.'],
    },
  },
  {
    name: 'secondary manager, passwords differ',
    role: 'principale',
    send: (c) =>
      c.post('/api/gas/user/', {
        email: 'nuovo@scuola.example',
        username: 'nuovo',
        password: 'password-sicura',
        confirm_password: 'altra-password',
      }),
    expected: { confirm_password: [PASSWORD_MISMATCH] },
  },
  {
    name: 'answer, wrong values',
    role: 'admin',
    send: (c) =>
      c.post('/api/gas/risposta/', { problema: 'P1', squadra: 1.5, valore: '', valore_exp: 2000 }),
    expected: {
      problema: ['Inserisci un numero.'],
      squadra: ['Inserisci un numero intero.'],
      valore: [REQUIRED_FIELD],
      valore_exp: ['Il valore deve essere al massimo 1000.'],
    },
  },
  {
    name: 'joker, nothing',
    role: 'admin',
    send: (c) => c.post('/api/gas/jolly/', {}),
    expected: { problema: [REQUIRED_FIELD], squadra: [REQUIRED_FIELD] },
  },
  {
    name: 'file upload, wrong fields and no file',
    role: 'admin',
    send: (c) =>
      sendMultipart(c, 'POST', '/api/gas/file-programmato/', [
        { name: 'evento', value: 'abc' },
        { name: 'tipologia', value: 'testo' },
        { name: 'data', value: 'ieri' },
      ]),
    expected: {
      evento: ['Inserisci un numero.'],
      tipologia: ['Scegli un valore tra quelli proposti.'],
      data: ['Data non valida.'],
    },
  },
  {
    name: 'important message, empty text',
    role: 'admin',
    send: (c, ids) => c.post('/api/gas/messaggi-importanti/', { evento: ids.aperto, testo: ' ' }),
    expected: { testo: [REQUIRED_FIELD] },
  },
  {
    name: 'delivery slips, no team',
    role: 'admin',
    send: (c) => c.post('/api/gas/biglietti-consegna/', { squadre: [], content: 'docx' }),
    expected: {
      squadre: ['Indica almeno un elemento.'],
      content: ['Scegli un valore tra quelli proposti.'],
    },
  },
  {
    name: 'admin action refresh, negative interval',
    role: 'admin',
    send: (c, ids) =>
      c.patch(`/api/gas/sessione/${ids.sessione}/request_refresh_frontend_delayed/`, {
        interval: -5,
      }),
    expected: { interval: ['Il valore deve essere almeno 0.'] },
  },
  {
    name: 'chat token, empty name',
    role: 'principale',
    send: (c) => c.post('/api/gas/chat-token/', { user: '' }),
    expected: { user: [REQUIRED_FIELD] },
  },
  {
    name: 'password change, empty form',
    role: 'secondario',
    send: (c) =>
      c.post('/api/auth/password/', { old_password: '', new_password: '', confirm_password: '' }),
    expected: { old_password: [REQUIRED_FIELD] },
  },
  {
    name: 'login, empty form',
    role: 'anonimo',
    send: (c) => c.post('/api/auth/login/', { username: '', password: '' }),
    expected: { username: [REQUIRED_FIELD], password: [REQUIRED_FIELD] },
  },
  {
    name: 'list with a wrong page number',
    role: 'anonimo',
    send: (c) => c.get('/api/gas/evento/?page=prima'),
  },
  {
    name: 'event with a wrong id',
    role: 'anonimo',
    send: (c) => c.get('/api/gas/evento/primo/'),
  },
];

describe.each(testBackends())('validation messages on %s', (backend) => {
  let t: TestApp;
  let ids: DemoEventi & { sessione: number };
  beforeAll(async () => {
    t = await createTestApp(backend);
    const eventi = await demoEventi(t.database.db);
    const [first] = await t.database.db
      .select({ id: sessione.id })
      .from(sessione)
      .orderBy(asc(sessione.id))
      .limit(1);
    ids = { ...eventi, sessione: first!.id };
  });
  afterAll(() => t.close());

  it.each(cases)('$name: 400 in Italian for people', async ({ role, send, expected }) => {
    const before = await snapshot(t.database.db);
    const res = await send(await t.as(role), ids);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    for (const text of texts(body)) expect(text).not.toMatch(SCHEMA_WORDS);
    if (expected) expect(body).toMatchObject(expected);
    expect(await snapshot(t.database.db)).toEqual(before);
  });
});
