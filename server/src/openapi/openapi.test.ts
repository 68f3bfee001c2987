import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_FILE,
  FEED_SCHEMA_FILE,
  renderArtifacts,
  TYPES_FILE,
  type Artifacts,
} from './artifacts';
import { operationIdOf, securityOf, summaryOf } from './operations';

const ROOT = path.resolve(path.dirname(DOCUMENT_FILE), '..');
type Operation = { operationId?: string; summary?: string; security?: unknown[] };
type Document = {
  servers?: { url: string }[];
  components: { securitySchemes: Record<string, { in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
};

describe('OpenAPI document', () => {
  let artifacts: Artifacts;
  let doc: Document;
  beforeAll(async () => {
    artifacts = await renderArtifacts();
    doc = JSON.parse(artifacts.document) as Document;
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([route, item]) =>
      Object.entries(item).map(([method, op]) => ({ where: `${method} ${route}`, ...op })),
    );

  it('gives every operation a unique operationId, a summary and its security', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(200);
    expect(all.filter((op) => !op.operationId || !op.summary || !op.security?.length)).toEqual([]);
    const ids = all.map((op) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    // Each summary says what its operation alone does.
    const summaries = all.map((op) => op.summary);
    expect(summaries.filter((s, i) => summaries.indexOf(s) !== i)).toEqual([]);
  });

  it('declares the session cookie, the CSRF pair and the same-origin server', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.sessionCookie).toMatchObject({ in: 'cookie', name: 'sessionid' });
    expect(schemes.csrfCookie).toMatchObject({ in: 'cookie', name: 'csrftoken' });
    expect(schemes.csrfHeader).toMatchObject({ in: 'header', name: 'X-CSRFToken' });
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('keeps the ids, summaries and security routes give themselves', () => {
    expect(doc.paths['/api/gas/risposta/']!.post!.summary).toBe('Consegna una risposta');
    expect(doc.paths['/api/auth/login/']!.post!.operationId).toBe('login');
    expect(doc.paths['/api/gas/chat-token/verify/']!.post!.security).toEqual([{ chatBot: [] }]);
  });

  it('is the checked-in docs/openapi.json, web/src/api/schema.d.ts and docs/feed.schema.json (run `npm run openapi`)', async () => {
    expect(await readFile(DOCUMENT_FILE, 'utf8')).toBe(artifacts.document);
    expect(await readFile(TYPES_FILE, 'utf8')).toBe(artifacts.types);
    expect(await readFile(FEED_SCHEMA_FILE, 'utf8')).toBe(artifacts.feed);
  });

  it("passes Redocly's recommended rules as configured in redocly.yaml", async () => {
    const redocly = path.join(ROOT, 'node_modules/.bin/redocly');
    // Offline and quiet: no telemetry, no update check (it runs in `npm test`).
    const env = {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    };
    const { stdout } = await promisify(execFile)(redocly, ['lint', 'gas', '--format=json'], {
      cwd: ROOT,
      env,
    }).catch((error: { stdout: string }) => error);
    const problems = (JSON.parse(stdout) as { problems: { ruleId: string; message: string }[] })
      .problems;
    expect(problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });
});

describe('operation names', () => {
  const list = {
    responses: { '200': { content: { 'application/json': { schema: { type: 'array' } } } } },
  };
  const page = {
    responses: {
      '200': {
        content: {
          'application/json': { schema: { type: 'object', properties: { results: {} } } },
        },
      },
    },
  };
  const one = {
    responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } },
  };

  it.each([
    ['get', '/api/gas/evento/', page, 'listEvento', 'Elenco degli eventi'],
    ['get', '/api/gas/sessione/{id}/scuole/', list, 'listSessioneScuole', undefined],
    ['get', '/api/gas/evento/{id}/', one, 'getEvento', 'Dettaglio di un evento'],
    ['get', '/api/time/', one, 'getTime', undefined],
    ['post', '/api/gas/squadra/', one, 'createSquadra', 'Crea una squadra'],
    ['patch', '/api/gas/squadra/{id}/', one, 'updateSquadra', 'Modifica una squadra'],
    ['get', '/api/gas/problema/', page, 'listProblema', 'Elenco dei problemi'],
    [
      'get',
      '/api/gas/messaggi-importanti/{id}/',
      one,
      'getMessaggiImportanti',
      'Dettaglio di un messaggio importante',
    ],
    ['get', '/api/ext-user/city/', list, 'listExtUserCity', 'Elenco delle città'],
    [
      'put',
      '/api/admin/impostazioni-sito/{chiave}/',
      one,
      'replaceAdminImpostazioniSitoByChiave',
      undefined,
    ],
    [
      'delete',
      '/api/admin/sponsor/{id}/',
      {},
      'deleteAdminSponsor',
      'Elimina uno sponsor (back office)',
    ],
    [
      'get',
      '/api/admin/user/{id}/dipendenze/',
      one,
      'getAdminUserDipendenze',
      'Record che dipendono da un utente (back office)',
    ],
    [
      'get',
      '/api/admin/sessione/permessi/',
      one,
      'getAdminSessionePermessi',
      "Cosa l'utente può impostare in una nuova sessione (back office)",
    ],
    [
      'post',
      '/api/admin/polo/azioni/',
      one,
      'createAdminPoloAzioni',
      'Modifica o elimina più poli (back office)',
    ],
    ['get', '/api/gas/sessione/{id}/eventi/{blocco}/', one, 'getSessioneEventiByBlocco', undefined],
  ])('%s %s is %s: %s', (method, route, op, id, summary) => {
    expect(operationIdOf(method, route, op)).toBe(id);
    // undefined: the path names no resource of the back office, so its route says what it does.
    expect(summaryOf(method, route, op)).toBe(summary);
  });

  it('asks a session of the back office, the CSRF pair of every write', () => {
    expect(securityOf('get', '/api/gas/evento/')).toEqual([{ sessionCookie: [] }, {}]);
    expect(securityOf('get', '/api/admin/evento/')).toEqual([{ sessionCookie: [] }]);
    expect(securityOf('post', '/api/auth/login/')).toEqual([
      { sessionCookie: [], csrfCookie: [], csrfHeader: [] },
      { csrfCookie: [], csrfHeader: [] },
    ]);
    expect(securityOf('delete', '/api/admin/evento/{id}/')).toEqual([
      { sessionCookie: [], csrfCookie: [], csrfHeader: [] },
    ]);
    expect(securityOf('post', '/api/gas/chat-token/verify/')).toEqual([{ sessionCookie: [] }, {}]);
  });
});
