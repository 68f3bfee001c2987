// Idempotency keys of answers and jokers (issue 17): the Idempotency-Key
// header read and checked, and the fingerprint of the request it came with,
// so that the same key with another body is told apart from a retry.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CHIAVE_IDEMPOTENZA, IDEMPOTENCY_HEADER, MESSAGGI_GARA } from '@gas/contracts';
import { apiError } from '../../errors';
import { PREFISSO_RISERVATO } from '../../gara/digitazione/chiave';

/** The request's key, or null without the header; 400 when it is malformed or reserved. */
export function chiaveDellaRichiesta(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const valore = Array.isArray(raw) ? raw.join(',') : raw;
  // A Structured Field string is quoted; the bare token is accepted too.
  const chiave = /^"(.*)"$/.exec(valore.trim())?.[1] ?? valore.trim();
  if (!CHIAVE_IDEMPOTENZA.test(chiave))
    throw apiError('bad_request', MESSAGGI_GARA.chiaveNonValida);
  if (chiave.toLowerCase().startsWith(PREFISSO_RISERVATO))
    throw apiError('bad_request', MESSAGGI_GARA.chiaveRiservata);
  return chiave;
}

/** sha256 of what the submission asks for (its kind and its fields, absent ones as null). */
export function improntaRichiesta(
  kind: 'r' | 'j',
  body: {
    squadra: number;
    problema: number;
    valore?: string;
    valore_exp?: number;
    momento_consegna?: string | null;
    momento_digitazione?: string | null;
  },
): string {
  const campi = [
    kind,
    body.squadra,
    body.problema,
    body.valore ?? null,
    body.valore_exp ?? null,
    body.momento_consegna ? new Date(body.momento_consegna).toISOString() : null,
    body.momento_digitazione ? new Date(body.momento_digitazione).toISOString() : null,
  ];
  return createHash('sha256').update(JSON.stringify(campi)).digest('hex');
}
