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
import { canSeeFile, hasManagementBase, isAuthenticated } from '../../policies';
import { loadEventiWithAccess, loadEventoWithAccess } from '../../access/queries';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { idParams } from '@gas/contracts';
import { requireEvento } from '../../gara/permessi';
import { eventoFilter } from '../shared/evento-filter';
import { inlineDisposition, isPdf, safeFileName } from './pdf';
import { presentFile } from '../shared/present-file';
import { fileContent, fileMeta, listFiles } from '../../gara/file/queries';
import { caricaFile, modificaFile } from '../../gara/file/file';
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
  const chi = (request: FastifyRequest) => ({
    actor: request.actor,
    audit: auditContext(request, 'api'),
  });

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
        summary: 'Contenuto di un file (PDF)',
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
      const { body } = request;
      const { file, evento } = await caricaFile(db, chi(request), {
        evento: body.evento,
        tipologia: body.tipologia,
        data: body.data,
        pubblico: body.pubblico !== 'false',
        bytes: () => checkedPdf(body.il_file, `${body.tipologia}.pdf`),
      });
      reply.status(201);
      return presentFile(file, evento.access, request.actor, new Date());
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
      const { body } = request;
      const { il_file } = body;
      const { file, evento } = await modificaFile(db, chi(request), request.params.id, {
        evento: body.evento,
        tipologia: body.tipologia,
        data: body.data,
        pubblico: body.pubblico === undefined ? undefined : body.pubblico === 'true',
        bytes: il_file ? (nome) => checkedPdf(il_file, nome) : undefined,
      });
      return presentFile(file, evento.access, request.actor, new Date());
    },
  );
}
