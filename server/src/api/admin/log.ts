// /api/admin/log/ (issue 14; titles: issue 26, item 11): the audit log,
// read-only, with its filters and CSV. Each entry of the page shown carries
// the title its object has now ('Evento — Sessione Nord', 'Squadra —
// Problema: 41') and the titles of the records its changed fields point to,
// resolved here in one query per resource, so nobody reads '#269'.
import {
  AZIONI,
  NOMI_RISORSE_REGISTRO,
  ORIGINI,
  RISORSE_ADMIN,
  RISORSE_SOLO_REGISTRO,
  registroVoceSchema,
} from '@gas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { ApiDeps } from '../deps';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { csvResponse, page } from '../shared/responses';
import { csvDisposition, toCsv } from './csv';
import { listLog, type LogRow } from '../../gara/registro/queries';
import { titoliDiOgni } from './titoli/queries';

/** Rows of one CSV download at most. */
const CSV_MAX_ROWS = 100_000;

const RISORSA_SCONOSCIUTA = 'Risorsa sconosciuta: scegline una dall’elenco.';

export const logQuery = paginationQuery.extend({
  risorsa: z.enum(NOMI_RISORSE_REGISTRO, { error: RISORSA_SCONOSCIUTA }).optional(),
  oggetto: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  utente: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  azione: z.enum(AZIONI).optional(),
  origine: z.enum(ORIGINI).optional(),
  dal: z.coerce.date().optional(),
  al: z.coerce.date().optional(),
  search: z.string().max(200).optional(),
});

/** Field → referenced resource, for each resource of the log. */
const RIFERIMENTI = new Map<string, Map<string, string>>(
  [...RISORSE_ADMIN, ...RISORSE_SOLO_REGISTRO].map((r) => [
    r.nome,
    new Map(
      Object.entries(r.campi as Record<string, { riferimento?: string }>).flatMap(
        ([campo, meta]) => (meta.riferimento ? [[campo, meta.riferimento] as const] : []),
      ),
    ),
  ]),
);

/** The ids a changed value holds (a reference or a list of them). */
const idsIn = (value: unknown): number[] =>
  [value].flat().filter((v): v is number => typeof v === 'number' && Number.isInteger(v));

/** Who is asked for which ids: the objects of the entries and the references in their changes. */
function wantedTitles(rows: readonly LogRow[]): Map<string, Set<number>> {
  const wanted = new Map<string, Set<number>>();
  const add = (nome: string, ids: number[]) => {
    if (ids.length === 0) return;
    const set = wanted.get(nome) ?? new Set<number>();
    for (const id of ids) set.add(id);
    wanted.set(nome, set);
  };
  for (const row of rows) {
    if (row.oggettoId !== null) add(row.risorsa, [row.oggettoId]);
    const riferimenti = RIFERIMENTI.get(row.risorsa);
    for (const [campo, [prima, dopo]] of Object.entries(row.modifiche)) {
      const target = riferimenti?.get(campo);
      if (target) add(target, [...idsIn(prima), ...idsIn(dopo)]);
    }
  }
  return wanted;
}

/** An entry as the CSV keeps it: what was written, nothing resolved later. */
const voceDi = (row: LogRow) => ({
  id: row.id,
  momento: row.momento.toISOString(),
  utente: row.utenteId,
  utente_nome: row.utenteNome,
  indirizzo: row.indirizzo,
  origine: row.origine,
  azione: row.azione,
  risorsa: row.risorsa,
  oggetto: row.oggettoId,
  oggetto_nome: row.oggettoNome,
  modifiche: row.modifiche,
  nota: row.nota,
});
const CSV_COLUMNS = Object.keys(registroVoceSchema.shape).filter(
  (k) => k !== 'oggetto_titolo' && k !== 'titoli',
);

/** The entries as the API shows them, with the titles of what they name. */
export async function presentLog(db: DbOrTx, rows: readonly LogRow[]) {
  const titoli = await titoliDiOgni(db, wantedTitles(rows));
  return rows.map((row) => {
    const riferimenti = RIFERIMENTI.get(row.risorsa);
    const perCampo: Record<string, Record<string, string>> = {};
    for (const [campo, [prima, dopo]] of Object.entries(row.modifiche)) {
      const target = riferimenti?.get(campo);
      const found = target ? titoli.get(target) : undefined;
      if (!found) continue;
      for (const id of [...idsIn(prima), ...idsIn(dopo)]) {
        const titolo = found.get(id);
        if (titolo !== undefined) (perCampo[campo] ??= {})[String(id)] = titolo;
      }
    }
    return {
      ...voceDi(row),
      oggetto_titolo:
        row.oggettoId === null ? null : (titoli.get(row.risorsa)?.get(row.oggettoId) ?? null),
      titoli: perCampo,
    };
  });
}

export function logRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: log'];
  r.get(
    '/api/admin/log/',
    {
      schema: {
        summary: 'Elenco delle voci del registro delle modifiche (back office)',
        response: page(registroVoceSchema),
        tags,
        querystring: logQuery,
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await listLog(db, request.query, window);
      return pageOf(request, window, count, await presentLog(db, rows));
    },
  );
  r.get(
    '/api/admin/log/csv/',
    {
      schema: {
        summary: 'Voci del registro delle modifiche in CSV (back office)',
        response: csvResponse,
        tags,
        querystring: logQuery,
      },
    },
    async (request, reply) => {
      const { rows } = await listLog(db, request.query, {
        limit: CSV_MAX_ROWS,
        offset: 0,
        style: 'limit',
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', csvDisposition('registro'))
        .send(toCsv(CSV_COLUMNS, rows.map(voceDi)));
    },
  );
}
