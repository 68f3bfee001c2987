// /api/gas/file-programmato/: upload (multipart) and replace an event's
// problems or solutions PDF, list and retrieve the file objects, download
// the bytes once the file is visible to the user.
import { fileEventoSchema } from '@gas/contracts';
import { created, ok, page, pdfResponse } from '../shared/responses';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_MANCANTE,
  FILE_NON_PDF,
  FILE_TROPPO_GRANDE,
  MAX_FILE_BYTES,
  fileProgrammatoFields,
} from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { ApiError, apiError, fieldErrors } from '../../errors';
import { canEditEvento, canSeeFile, hasManagementBase, isAuthenticated } from '../../policies';
import { loadEventiWithAccess, loadEventoWithAccess } from '../../access/queries';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { idParams } from '@gas/contracts';
import { requireEvento, requireEventoField } from '../../gara/permessi';
import { eventoFilter } from '../shared/evento-filter';
import { inlineDisposition, isPdf, safeFileName } from './pdf';
import { presentFile } from '../shared/present-file';
import { fileContent, fileMeta, listFiles, replaceFile, updateFile } from './queries';
import { auditAfter, auditBefore } from '../../gara/registro/audit';
import { auditContext } from '../../audit/queries';

// Client file names, kept beside the buffers the multipart parser hands over.
const fileNames = new WeakMap<Buffer, string | undefined>();

const fileBytes = z
  .custom<Buffer>((v) => Buffer.isBuffer(v), {
    error: (issue) =>
      issue.input === undefined ? FILE_MANCANTE : 'Il dato inviato non è un file.',
  })
  .meta({ type: 'string', format: 'binary', description: 'Il PDF (multipart/form-data).' });

const uploadBody = fileProgrammatoFields.extend({ il_file: fileBytes });
const patchBody = fileProgrammatoFields.partial().extend({ il_file: fileBytes.optional() });
const listQuery = paginationQuery.extend({ evento: eventoFilter });

/** Refuses anonymous users and users without any management right before the body is read. */
async function managersOnly(request: FastifyRequest) {
  if (!isAuthenticated(request.actor)) throw apiError('not_authenticated');
  if (!hasManagementBase(request.actor)) throw apiError('permission_denied');
}

function checkedPdf(file: Buffer, fallback: string) {
  if (!isPdf(file)) throw fieldErrors({ il_file: [FILE_NON_PDF] });
  return { contenuto: file, nomeFile: safeFileName(fileNames.get(file), fallback) };
}

export async function fileProgrammatoRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;

  // Encapsulated: only this plugin's routes accept multipart bodies.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    async onFile(part: MultipartFile) {
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw apiError('payload_too_large', FILE_TROPPO_GRANDE);
        }
        throw error;
      }
      fileNames.set(buffer, part.filename);
      (part as unknown as { value: Buffer }).value = buffer;
    },
  });
  // A malformed multipart stream is bad input, not a server error: rethrown
  // as a 400 to the application's error handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error instanceof ApiError) throw error;
    if (error.statusCode === undefined && /multipart|boundary|end of form/i.test(error.message)) {
      throw apiError('bad_request', 'Richiesta multipart malformata.');
    }
    throw error;
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['file-programmato'];

  r.get(
    '/api/gas/file-programmato/',
    { schema: { response: page(fileEventoSchema), tags, querystring: listQuery } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await listFiles(db, request.actor, request.query.evento, window);
      // Visibility of each file depends on its event: loaded for the page only.
      const eventi = await loadEventiWithAccess(
        db,
        rows.map((f) => f.eventoId),
      );
      const now = new Date();
      const files = rows.map((f) =>
        presentFile(f, eventi.get(f.eventoId)!.access, request.actor, now),
      );
      return pageOf(request, window, count, files);
    },
  );

  r.get(
    '/api/gas/file-programmato/:id/',
    { schema: { response: ok(fileEventoSchema), tags, params: idParams } },
    async (request) => {
      const file = await fileMeta(db, request.params.id);
      const entry = requireEvento(
        request.actor,
        file && (await loadEventoWithAccess(db, file.eventoId)),
      );
      return presentFile(file!, entry.access, request.actor, new Date());
    },
  );

  r.get(
    '/api/gas/file-programmato/:id/contenuto/',
    {
      schema: {
        response: pdfResponse,
        tags,
        params: idParams,
        description: 'Il PDF, se già visibile all’utente.',
      },
    },
    async (request, reply) => {
      const file = await fileMeta(db, request.params.id);
      const entry = file && (await loadEventoWithAccess(db, file.eventoId));
      // Before publication the file does not exist for the public.
      if (!file || !entry || !canSeeFile(request.actor, entry.access, file, new Date())) {
        throw apiError('not_found');
      }
      const content = await fileContent(db, file.id);
      if (!content) throw apiError('not_found');
      const etag = `"${content.sha256}"`;
      // Visibility depends on the user and on the clock: private, always revalidated.
      reply.header('Cache-Control', 'private, no-cache').header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const bytes = content.contenuto;
      return reply
        .type('application/pdf')
        .header('Content-Disposition', inlineDisposition(file.nomeFile))
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  r.post(
    '/api/gas/file-programmato/',
    {
      schema: {
        response: created(fileEventoSchema),
        tags,
        consumes: ['multipart/form-data'],
        body: uploadBody,
      },
      onRequest: managersOnly,
    },
    async (request, reply) => {
      const { actor, body } = request;
      const entry = await loadEventoWithAccess(db, body.evento);
      const { row, access } = requireEventoField(actor, entry, body.evento, canEditEvento);
      const bytes = checkedPdf(body.il_file, `${body.tipologia}.pdf`);
      const file = await db.transaction(async (tx) => {
        const stored = await replaceFile(tx, {
          eventoId: row.id,
          tipologia: body.tipologia,
          // Problems are published at the start, solutions at the end, unless told otherwise.
          data: body.data
            ? new Date(body.data)
            : body.tipologia === 'problemi'
              ? row.inizio
              : row.fine,
          pubblico: body.pubblico !== 'false',
          ...bytes,
        });
        await auditAfter(tx, auditContext(request, 'api'), 'file-programmato', stored.id, null);
        return stored;
      });
      reply.status(201);
      return presentFile(file, access, actor, new Date());
    },
  );

  r.patch(
    '/api/gas/file-programmato/:id/',
    {
      schema: {
        response: ok(fileEventoSchema),
        tags,
        consumes: ['multipart/form-data'],
        params: idParams,
        body: patchBody,
      },
      onRequest: managersOnly,
    },
    async (request) => {
      const { actor, body } = request;
      const file = await fileMeta(db, request.params.id);
      const entry = file && (await loadEventoWithAccess(db, file.eventoId));
      const { access } = requireEvento(actor, entry, canEditEvento);
      const current = file!;
      // The form sends evento and tipologia again; they identify the file, they do not move it.
      if (body.evento !== undefined && body.evento !== current.eventoId) {
        throw fieldErrors({ evento: ['Il file appartiene a un altro evento.'] });
      }
      if (body.tipologia !== undefined && body.tipologia !== current.tipologia) {
        throw fieldErrors({ tipologia: ['Per cambiare tipologia carica un nuovo file.'] });
      }
      const bytes = body.il_file ? checkedPdf(body.il_file, current.nomeFile) : undefined;
      const updated = await db.transaction(async (tx) => {
        const prima = await auditBefore(tx, 'file-programmato', current.id);
        const row = await updateFile(tx, current.id, {
          ...(body.data !== undefined && { data: new Date(body.data) }),
          ...(body.pubblico !== undefined && { pubblico: body.pubblico === 'true' }),
          ...(bytes && { bytes }),
        });
        if (row)
          await auditAfter(tx, auditContext(request, 'api'), 'file-programmato', current.id, prima);
        return row;
      });
      if (!updated) throw apiError('not_found');
      return presentFile(updated, access, actor, new Date());
    },
  );
}
