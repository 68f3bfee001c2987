// How a generated file goes out: its MIME type and an `attachment` header
// with an ASCII name (the names are slugs of the event and session already)
// and the date of the download.
import type { FastifyReply } from 'fastify';

export const MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

export function sendFile(
  reply: FastifyReply,
  formato: keyof typeof MIME,
  nome: string,
  body: string | Buffer,
) {
  // Computed for this user at this moment: neither shared nor stored.
  return reply
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `attachment; filename="${nome}.${formato}"`)
    .type(MIME[formato])
    .send(body);
}
