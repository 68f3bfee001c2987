// /api/gas/file-programmato/: authorization matrix, uploads verified by
// content, downloads before and after publication per role, refused uploads
// that change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_NON_PDF, FILE_TROPPO_GRANDE, MAX_FILE_BYTES } from '@gas/contracts';
import { testBackends } from '../../db/testing';
import { createTestApp, type TestApp } from '../testing';
import {
  cells,
  createPrivateEvent,
  demoEventi,
  sendMultipart,
  snapshot,
  tinyPdf,
  type DemoEventi,
  type Matrix,
  type Part,
} from '../evento/testing';

const upload = (
  evento: number,
  tipologia = 'problemi',
  content = tinyPdf(),
  extra: Part[] = [],
) => [
  { name: 'evento', value: String(evento) },
  { name: 'tipologia', value: tipologia },
  ...extra,
  { name: 'il_file', filename: 'testo.pdf', content },
];

describe.each(testBackends())('file-programmato on %s', (backend) => {
  let t: TestApp;
  let ev: DemoEventi;
  let priv: number;
  let seedFiles: { nazionale: number; passato: number };
  beforeAll(async () => {
    t = await createTestApp(backend);
    ev = await demoEventi(t.database.db);
    priv = await createPrivateEvent(t);
    const admin = await t.as('admin');
    const fileOf = async (id: number) =>
      (await admin.get(`/api/gas/evento/${id}/`)).json().file_problemi.id as number;
    seedFiles = { nazionale: await fileOf(ev.nazionale), passato: await fileOf(ev.passato) };
  });
  afterAll(() => t.close());

  const uploadTables: [string, 'aperto' | 'nazionale' | 'priv', Matrix][] = [
    [
      'public event of docente',
      'aperto',
      {
        anonimo: 403,
        docente: 201,
        principale: 403,
        secondario: 403,
        inseritore: 403,
        amministratore: 403,
        staff: 403,
        admin: 201,
      },
    ],
    [
      'official event',
      'nazionale',
      {
        anonimo: 403,
        docente: 403,
        principale: 403,
        secondario: 403,
        inseritore: 403,
        amministratore: 201,
        staff: 403,
        admin: 201,
      },
    ],
    [
      // An event named in the body that the user cannot see is a field error.
      'private event',
      'priv',
      {
        anonimo: 403,
        docente: 400,
        principale: 400,
        secondario: 400,
        inseritore: 403,
        amministratore: 201,
        staff: 400,
        admin: 201,
      },
    ],
  ];

  describe.each(uploadTables)('POST upload for the %s', (_label, which, table) => {
    it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
      const id = which === 'priv' ? priv : ev[which];
      const res = await sendMultipart(
        await t.as(role),
        'POST',
        '/api/gas/file-programmato/',
        upload(id, 'soluzioni'),
      );
      expect(res.statusCode).toBe(expected);
      if (expected === 201) {
        expect(res.json()).toMatchObject({ evento: id, tipologia: 'soluzioni', pubblico: true });
      }
    });
  });

  describe('downloads before publication (national problems, pubblico = false)', () => {
    const table: Matrix = {
      anonimo: 404,
      docente: 404,
      principale: 404,
      secondario: 404,
      inseritore: 200,
      amministratore: 200,
      staff: 404,
      admin: 200,
    };
    it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
      const client = await t.as(role);
      const res = await client.get(`/api/gas/file-programmato/${seedFiles.nazionale}/contenuto/`);
      expect(res.statusCode).toBe(expected);
      const listed = (await client.get(`/api/gas/file-programmato/?evento=${ev.nazionale}`)).json();
      const file = listed.results.find((f: { id: number }) => f.id === seedFiles.nazionale);
      expect(file.programmed_path_url !== null).toBe(expected === 200);
    });
  });

  describe('downloads after publication (concluded event)', () => {
    const table: Matrix = {
      anonimo: 200,
      docente: 200,
      principale: 200,
      secondario: 200,
      inseritore: 200,
      amministratore: 200,
      staff: 200,
      admin: 200,
    };
    it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
      const res = await (
        await t.as(role)
      ).get(`/api/gas/file-programmato/${seedFiles.passato}/contenuto/`);
      expect(res.statusCode).toBe(expected);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="problemi.pdf"/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  describe('PATCH /api/gas/file-programmato/{id}/ of the public event', () => {
    const table: Matrix = {
      anonimo: 403,
      docente: 200,
      principale: 403,
      secondario: 403,
      inseritore: 403,
      amministratore: 403,
      staff: 403,
      admin: 200,
    };
    let fileId: number;
    beforeAll(async () => {
      const res = await sendMultipart(
        await t.as('docente'),
        'POST',
        '/api/gas/file-programmato/',
        upload(ev.aperto),
      );
      fileId = res.json().id;
    });
    it.each(cells(table))('$role → $expected', async ({ role, expected }) => {
      const res = await sendMultipart(
        await t.as(role),
        'PATCH',
        `/api/gas/file-programmato/${fileId}/`,
        [{ name: 'il_file', filename: `${role}.pdf`, content: tinyPdf(role) }],
      );
      expect(res.statusCode).toBe(expected);
      if (expected === 200) expect(res.json().nome_file).toBe(`${role}.pdf`);
    });
  });

  it('publishes the problems at the start: hidden before, open once the date is moved back', async () => {
    const docente = await t.as('docente');
    const posted = await sendMultipart(
      docente,
      'POST',
      '/api/gas/file-programmato/',
      upload(ev.aperto),
    );
    expect(posted.statusCode).toBe(201);
    const file = posted.json();
    const inizio = (await docente.get(`/api/gas/evento/${ev.aperto}/`)).json().inizio;
    expect(file).toMatchObject({ data: inizio, pubblico: true, pubblicato: false });
    const url = `/api/gas/file-programmato/${file.id}/contenuto/`;
    const anon = await t.as('anonimo');
    expect((await anon.get(url)).statusCode).toBe(404);
    expect((await docente.get(url)).statusCode).toBe(200);

    const past = new Date(Date.now() - 60_000).toISOString();
    const patched = await sendMultipart(docente, 'PATCH', `/api/gas/file-programmato/${file.id}/`, [
      { name: 'data', value: past },
    ]);
    expect(patched.json().pubblicato).toBe(true);
    expect((await anon.get(url)).statusCode).toBe(200);
    const withheld = await sendMultipart(
      docente,
      'PATCH',
      `/api/gas/file-programmato/${file.id}/`,
      [{ name: 'pubblico', value: 'false' }],
    );
    expect(withheld.statusCode).toBe(200);
    expect((await anon.get(url)).statusCode).toBe(404);
  });

  it('replaces the previous file of the same kind', async () => {
    const amm = await t.as('amministratore');
    const first = (
      await sendMultipart(amm, 'POST', '/api/gas/file-programmato/', upload(priv))
    ).json();
    const second = (
      await sendMultipart(amm, 'POST', '/api/gas/file-programmato/', upload(priv))
    ).json();
    const e = (await amm.get(`/api/gas/evento/${priv}/`)).json();
    expect(e.file_problemi.id).toBe(second.id);
    expect((await amm.get(`/api/gas/file-programmato/${first.id}/`)).statusCode).toBe(404);
    const list = (await amm.get(`/api/gas/file-programmato/?evento=${priv}`)).json().results;
    expect(list.filter((f: { tipologia: string }) => f.tipologia === 'problemi')).toHaveLength(1);
  });

  describe('refused uploads leave the database unchanged', () => {
    const notPdf = Buffer.from('<html>non sono un pdf</html>\n%%EOF\n');
    const noEof = Buffer.from('%PDF-1.4\ntroncato');
    type Case = [string, () => Part[], number, string];
    const cases: Case[] = [
      ['a non-PDF renamed .pdf', () => upload(priv, 'problemi', notPdf), 400, 'il_file'],
      ['a truncated PDF without %%EOF', () => upload(priv, 'problemi', noEof), 400, 'il_file'],
      ['no file', () => upload(priv).slice(0, 2), 400, 'il_file'],
      [
        'the file as a text field',
        () => [...upload(priv).slice(0, 2), { name: 'il_file', value: 'x' }],
        400,
        'il_file',
      ],
      ['unknown tipologia', () => upload(priv, 'bozze'), 400, 'tipologia'],
      [
        'evento not a number',
        () => [{ name: 'evento', value: 'abc' }, ...upload(priv).slice(1)],
        400,
        'evento',
      ],
      ['an event that does not exist', () => upload(999_999), 400, 'evento'],
      ['an event of someone else', () => upload(ev.aperto), 403, 'detail'],
      [
        'a date that is not a date',
        () => upload(priv, 'problemi', tinyPdf(), [{ name: 'data', value: 'x' }]),
        400,
        'data',
      ],
      ['a 100 kB field', () => upload(priv, 'x'.repeat(100_000)), 400, 'tipologia'],
    ];
    it.each(cases)('%s → %i', async (_label, parts, status, field) => {
      const before = await snapshot(t.database.db);
      const res = await sendMultipart(
        await t.as('amministratore'),
        'POST',
        '/api/gas/file-programmato/',
        parts(),
      );
      expect(res.statusCode).toBe(status);
      expect(res.json()).toHaveProperty(field);
      expect(await snapshot(t.database.db)).toEqual(before);
    });

    it('answers an oversized upload with 413 and an Italian message', async () => {
      const before = await snapshot(t.database.db);
      const huge = Buffer.concat([tinyPdf(), Buffer.alloc(MAX_FILE_BYTES)]);
      const res = await sendMultipart(
        await t.as('amministratore'),
        'POST',
        '/api/gas/file-programmato/',
        upload(priv, 'problemi', huge),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ detail: FILE_TROPPO_GRANDE });
      expect(await snapshot(t.database.db)).toEqual(before);
    });

    it('answers JSON, broken multipart and a mismatched patch without a 500', async () => {
      const amm = await t.as('amministratore');
      const before = await snapshot(t.database.db);
      const json = await amm.post('/api/gas/file-programmato/', {
        evento: priv,
        tipologia: 'problemi',
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().il_file).toBeTruthy();
      const broken = await amm.request('POST', '/api/gas/file-programmato/', undefined, {
        payload: '--xyz\r\nContent-Disposition: form-data; name="evento"\r\n\r\n1',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      });
      expect(broken.statusCode).toBeGreaterThanOrEqual(400);
      expect(broken.statusCode).toBeLessThan(500);
      const two = await sendMultipart(amm, 'POST', '/api/gas/file-programmato/', [
        ...upload(priv),
        { name: 'altro', filename: 'b.pdf', content: tinyPdf() },
      ]);
      expect(two.statusCode).toBe(413);
      const mismatch = await sendMultipart(
        amm,
        'PATCH',
        `/api/gas/file-programmato/${seedFiles.nazionale}/`,
        [
          { name: 'evento', value: String(priv) },
          { name: 'il_file', filename: 'x.pdf', content: notPdf },
        ],
      );
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toHaveProperty('evento');
      const notPdfPatch = await sendMultipart(
        amm,
        'PATCH',
        `/api/gas/file-programmato/${seedFiles.nazionale}/`,
        [{ name: 'il_file', filename: 'x.pdf', content: notPdf }],
      );
      expect(notPdfPatch.json()).toEqual({ il_file: [FILE_NON_PDF] });
      expect(await snapshot(t.database.db)).toEqual(before);
    });
  });
});
