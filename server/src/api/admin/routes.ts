// /api/admin/<risorsa>/: the back office's API (issue 14), one generic set of
// DRF-style routes per resource of resources.ts, plus the audit log
// (/api/admin/log/, read-only). Staff and superusers only; every write runs
// in one transaction with its audit entry.
import {
  dipendenzeSchema,
  idParams,
  ORDINAMENTO_NON_VALIDO,
  permessiRecordSchema,
  pkNonValido,
  titoloRecordSchema,
} from '@gas/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../audit/queries';
import {
  PG_CHECK_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgError,
} from '../../db/client';
import { apiError, fieldErrors, type FieldErrors } from '../../errors';
import type { ApiDeps } from '../deps';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { created, csvResponse, noContent, ok, page } from '../shared/responses';
import { bulkRoutes } from './bulk';
import { correzioneRoutes } from './correzione';
import { csvDisposition, toCsv } from './csv';
import { impostazioniRoutes } from './impostazioni';
import { invitoRoutes } from './invito';
import {
  countAnswers,
  countDependents,
  getRecord,
  idExists,
  listRecords,
  type ListFilter,
} from '../../gara/registro/queries';
import { logRoutes } from './log';
import { titoliDi } from './titoli/queries';
import type { AdminRecord, AdminResource, Change } from '../../gara/registro/resource';
import { createOne, deleteOne, patchOne, type WriteContext } from './writes';
import { ADMIN_RESOURCES, ID_COLUMNS } from '../../gara/registro/resources';

const RESOURCES_BY_NAME = new Map<string, AdminResource>(
  ADMIN_RESOURCES.map((r) => [r.risorsa.nome, r]),
);

/** A unique value already taken. */
const GIA_PRESENTE = 'Esiste già un elemento con questo valore.';

/** Rows of one CSV download at most. */
const CSV_MAX_ROWS = 100_000;

const boolParam = z
  .enum(['true', 'false', '1', '0'], { error: 'Usa true o false.' })
  .transform((v) => v === 'true' || v === '1');

/** Records at most of one `id__in` (the titles of a page's references). */
const ID_IN_MAX = 500;

/** `id__in=3,5,8`: the records with these ids (DRF's `__in` lookup). */
const idList = z
  .string()
  .max(ID_IN_MAX * 11)
  .regex(/^\d{1,10}(,\d{1,10})*$/, { error: 'Elenca gli id separati da virgole (3,5,8).' })
  .refine((text) => text.split(',').length <= ID_IN_MAX, { error: `Al massimo ${ID_IN_MAX} id.` })
  .transform((text) => [...new Set(text.split(',').map(Number))]);

/** The query-string schema of a field filter, from its column's type. */
function filterParam(dataType: string) {
  if (dataType === 'boolean') return boolParam;
  if (dataType === 'number') return z.coerce.number().int().min(-2_147_483_648).max(2_147_483_647);
  return z.string().max(200);
}

function listQueryOf(resource: AdminResource) {
  const filters: Record<string, z.ZodType> = {};
  for (const [name, campo] of Object.entries(resource.risorsa.campi)) {
    if (!campo.filtro) continue;
    // A many-to-many field filters by one id it contains.
    const dataType = resource.links?.[name] ? 'number' : resource.columns[name]!.dataType;
    filters[name] = filterParam(dataType).optional();
  }
  return paginationQuery.extend({
    search: z.string().max(200).optional(),
    id__in: idList.optional(),
    ordering: z.string().max(200).optional(),
    ...filters,
  });
}

/** `ordering=-nome,id` → columns; an unknown field is a 400 on `ordering`. */
function orderingOf(resource: AdminResource, text: string | undefined): ListFilter['ordering'] {
  const wanted = (text ?? resource.risorsa.ordinamento.join(',')).split(',').filter(Boolean);
  return wanted.map((item) => {
    const descending = item.startsWith('-');
    const name = descending ? item.slice(1) : item;
    if (name === 'id') return [resource.id, descending];
    const column = resource.columns[name];
    if (!column || !resource.risorsa.campi[name]?.ordina) {
      throw fieldErrors({ ordering: [ORDINAMENTO_NON_VALIDO(item)] });
    }
    return [column, descending];
  });
}

function filterOf(resource: AdminResource, query: Record<string, unknown>): ListFilter {
  const equals: ListFilter['equals'] = [];
  const contains: ListFilter['contains'] = [];
  for (const [name, campo] of Object.entries(resource.risorsa.campi)) {
    if (!campo.filtro || query[name] === undefined) continue;
    const link = resource.links?.[name];
    if (link) contains.push({ link, id: query[name] as number });
    else equals.push({ column: resource.columns[name]!, value: query[name] });
  }
  return {
    search: query.search as string | undefined,
    referenced: (nome) => RESOURCES_BY_NAME.get(nome),
    ids: query.id__in as number[] | undefined,
    equals,
    contains,
    ordering: orderingOf(resource, query.ordering as string | undefined),
  };
}

/** Field errors for foreign ids that name nothing. */
async function checkReferences(
  db: ApiDeps['database']['db'],
  resource: AdminResource,
  input: Record<string, unknown>,
) {
  const errors: FieldErrors = {};
  for (const [name, campo] of Object.entries(resource.risorsa.campi)) {
    const target = campo.riferimento ? ID_COLUMNS[campo.riferimento] : undefined;
    if (!target) continue;
    const values = [input[name]].flat().filter((v): v is number => typeof v === 'number');
    for (const value of new Set(values)) {
      if (!(await idExists(db, target, value))) {
        errors[name] = [pkNonValido(value)];
        break;
      }
    }
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/**
 * A write the database refused (a unique value taken, a check or a foreign
 * key between two fields) as a 400 on the field it concerns; anything else
 * is left as it is.
 */
function dbRefusal(resource: AdminResource, error: unknown): unknown {
  const info = pgError(error);
  if (!info) return error;
  const known = info.constraint ? resource.constraints?.[info.constraint] : undefined;
  if (known) return fieldErrors({ [known[0]]: [known[1]] });
  if (info.code === PG_UNIQUE_VIOLATION) {
    const field = Object.entries(resource.columns).find(([, column]) =>
      info.constraint?.includes(column.name),
    )?.[0];
    return fieldErrors({ [field ?? 'non_field_errors']: [GIA_PRESENTE] });
  }
  if (info.code === PG_CHECK_VIOLATION || info.code === PG_FOREIGN_KEY_VIOLATION) {
    return fieldErrors({ non_field_errors: [VINCOLO_VIOLATO] });
  }
  return error;
}

const VINCOLO_VIOLATO = 'I valori inseriti non sono coerenti tra loro.';

const deleteQuery = z.object({ forza: z.enum(['1']).optional() });

function resourceRoutes(app: FastifyInstance, deps: ApiDeps, resource: AdminResource) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { nome, item, request: body } = resource.risorsa;
  const base = `/api/admin/${nome}/`;
  const tags = [`admin: ${nome}`];
  const listQuery = listQueryOf(resource);
  const patchBody = body.partial();
  const afterCommit = (change: Change) => resource.afterCommit?.(deps, change);
  /** A page of the records the list's query selects (the list and its titles). */
  const listed = (query: Record<string, unknown>, window: ReturnType<typeof pageWindow>) =>
    listRecords(db, resource, filterOf(resource, query), window);
  /** A record's answer: with the actor's rights on it, for resources that have them. */
  const withPermessi = (request: FastifyRequest, record: AdminRecord) =>
    resource.permessi ? { ...record, permessi: resource.permessi(request.actor, record) } : record;

  r.get(
    base,
    { schema: { response: page(item), tags, querystring: listQuery } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await listed(request.query, window);
      return pageOf(request, window, count, rows);
    },
  );

  // The records as other resources' pickers, filters and cells name them ('Evento — Sessione').
  r.get(
    `${base}titoli/`,
    { schema: { response: page(titoloRecordSchema), tags, querystring: listQuery } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await listed(request.query, window);
      const titoli = await titoliDi(
        db,
        nome,
        rows.map((row) => row.id),
      );
      const results = rows.map((row) => ({
        id: row.id,
        titolo: titoli.get(row.id) ?? `#${row.id}`,
      }));
      return pageOf(request, window, count, results);
    },
  );

  r.get(
    `${base}csv/`,
    {
      schema: {
        response: csvResponse,
        tags,
        querystring: listQuery,
      },
    },
    async (request, reply) => {
      const { rows } = await listRecords(db, resource, filterOf(resource, request.query), {
        limit: CSV_MAX_ROWS,
        offset: 0,
        style: 'limit',
      });
      return sendCsv(reply, nome, ['id', ...Object.keys(resource.columns)], rows);
    },
  );

  const context = (request: FastifyRequest, tx: WriteContext['tx'], nota?: string) => ({
    tx,
    actor: request.actor,
    audit: auditContext(request, 'admin', nota),
  });

  if (resource.risorsa.crea !== false) {
    r.post(base, { schema: { response: created(item), tags, body } }, async (request, reply) => {
      const input = request.body as Record<string, unknown>;
      await checkReferences(db, resource, input);
      const change = await db
        .transaction((tx) => createOne(context(request, tx), resource, input))
        .catch((error: unknown) => {
          throw dbRefusal(resource, error);
        });
      afterCommit(change);
      reply.status(201);
      return withPermessi(request, change.dopo!);
    });
  }

  // What the actor may set on a new record (the new-record form shows only that).
  r.get(
    `${base}permessi/`,
    { schema: { response: ok(permessiRecordSchema), tags } },
    async (request) =>
      resource.permessi?.(request.actor, null) ?? {
        modifica: resource.risorsa.crea !== false,
        elimina: false,
        campi_bloccati: [],
        invito_password: false,
      },
  );

  r.get(
    `${base}:id/`,
    { schema: { response: ok(item), tags, params: idParams } },
    async (request) => {
      const record = await getRecord(db, resource, request.params.id);
      if (!record) throw apiError('not_found');
      return withPermessi(request, record);
    },
  );

  if (resource.risorsa.modifica !== false) {
    r.patch(
      `${base}:id/`,
      { schema: { response: ok(item), tags, params: idParams, body: patchBody } },
      async (request) => {
        const input = request.body as Record<string, unknown>;
        await checkReferences(db, resource, input);
        const change = await db
          .transaction((tx) => patchOne(context(request, tx), resource, request.params.id, input))
          .catch((error: unknown) => {
            throw dbRefusal(resource, error);
          });
        afterCommit(change);
        return withPermessi(request, change.dopo!);
      },
    );
  }

  r.get(
    `${base}:id/dipendenze/`,
    { schema: { response: ok(dipendenzeSchema), tags, params: idParams } },
    async (request) => {
      const record = await getRecord(db, resource, request.params.id);
      if (!record) throw apiError('not_found');
      const dipendenze = await countDependents(db, resource.dependents ?? [], record.id);
      const risposte = resource.answers ? await countAnswers(db, resource.answers, record.id) : 0;
      return { dipendenze: dipendenze.filter((d) => d.numero > 0), risposte };
    },
  );

  r.delete(
    `${base}:id/`,
    { schema: { response: noContent, tags, params: idParams, querystring: deleteQuery } },
    async (request, reply) => {
      const forza = request.query.forza === '1';
      const change = await db.transaction((tx) =>
        deleteOne(context(request, tx), resource, request.params.id, forza),
      );
      afterCommit(change);
      return reply.status(204).send();
    },
  );

  bulkRoutes(app, deps, resource, {
    context,
    afterCommit,
    patchBody,
    checkReferences: (input) => checkReferences(db, resource, input),
    dbRefusal: (e) => dbRefusal(resource, e),
  });
}

function sendCsv(
  reply: FastifyReply,
  name: string,
  columns: string[],
  rows: Record<string, unknown>[],
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', csvDisposition(name))
    .send(toCsv(columns, rows));
}

/** The back office's own routes (api/index.ts registers them in the staff-only scope). */
export function adminRoutes(app: FastifyInstance, deps: ApiDeps) {
  for (const resource of ADMIN_RESOURCES) resourceRoutes(app, deps, resource);
  logRoutes(app, deps);
  correzioneRoutes(app, deps);
  impostazioniRoutes(app, deps);
  invitoRoutes(app, deps);
}
