// Places (spec §7): /api/ext-user/country/, region/, city/ and scuola/
// (`?mie=y`: only the current user's schools, for the manager form). Public
// lists, paginated; whoami lives with the auth routes.
import { cittaSchema, paeseSchema, regioneSchema, scuolaSchema } from '@gas/contracts';
import { ok, page } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idParams, idValue } from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { TIPOLOGIE_SCUOLA } from '../../db/schema';
import { apiError } from '../../errors';
import { activeResponsabile, isAuthenticated } from '../../policies';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { findScuola, listCitta, listPaesi, listRegioni, listScuole } from './queries';
import {
  presentCitta,
  presentPaese,
  presentRegione,
  presentScuola,
} from '../shared/present-luoghi';

const id = idParam;
// PostgreSQL cannot compare with NUL: control characters are a 400, not a 500.
const text = z
  .string()
  .trim()
  .max(150)
  .regex(/^[^\p{Cc}]*$/u)
  .optional();
const yes = z
  .enum(['y', 'yes', 'true', '1', 'n', 'no', 'false', '0', ''])
  .transform((v) => ['y', 'yes', 'true', '1'].includes(v))
  .optional();
const idList = z
  .string()
  .max(12_000)
  .transform((s) => s.split(',').filter(Boolean).map(Number))
  .pipe(z.array(idValue).max(1000));

const nameFilters = { nome__icontains: text, search: text };
const paeseQuery = paginationQuery.extend(nameFilters);
const regioneQuery = paginationQuery.extend({ ...nameFilters, paese: id.optional() });
const cittaQuery = paginationQuery.extend({
  ...nameFilters,
  regione: id.optional(),
  provincia: z
    .string()
    .trim()
    .regex(/^\p{L}{0,5}$/u)
    .optional(),
});
const scuolaQuery = paginationQuery.extend({
  ...nameFilters,
  mie: yes,
  id__in: idList.optional(),
  citta: id.optional(),
  regione: id.optional(),
  tipologia: z.enum(TIPOLOGIE_SCUOLA).optional(),
});

export async function extUserRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['luoghi'];

  r.get(
    '/api/ext-user/country/',
    { schema: { response: page(paeseSchema), tags, querystring: paeseQuery } },
    async (req) => {
      const window = pageWindow(req.query);
      const found = await listPaesi(db, window, req.query.nome__icontains ?? req.query.search);
      return pageOf(req, window, found.count, found.results.map(presentPaese));
    },
  );

  r.get(
    '/api/ext-user/region/',
    { schema: { response: page(regioneSchema), tags, querystring: regioneQuery } },
    async (req) => {
      const window = pageWindow(req.query);
      const { paese } = req.query;
      const nome = req.query.nome__icontains ?? req.query.search;
      const found = await listRegioni(db, window, { paese, nome });
      return pageOf(req, window, found.count, found.results.map(presentRegione));
    },
  );

  r.get(
    '/api/ext-user/city/',
    { schema: { response: page(cittaSchema), tags, querystring: cittaQuery } },
    async (req) => {
      const window = pageWindow(req.query);
      const { regione, provincia } = req.query;
      const nome = req.query.nome__icontains ?? req.query.search;
      const found = await listCitta(db, window, { regione, provincia, nome });
      return pageOf(req, window, found.count, found.results.map(presentCitta));
    },
  );

  r.get(
    '/api/ext-user/scuola/',
    { schema: { response: page(scuolaSchema), tags, querystring: scuolaQuery } },
    async (req) => {
      const q = req.query;
      let ids = q.id__in;
      if (q.mie) {
        // "Own schools only" needs someone to own them.
        if (!isAuthenticated(req.actor)) throw apiError('not_authenticated');
        const own = activeResponsabile(req.actor)?.scuolaIds ?? [];
        ids = ids ? ids.filter((x) => own.includes(x)) : [...own];
      }
      const window = pageWindow(q);
      const found = await listScuole(db, window, {
        ids,
        citta: q.citta,
        regione: q.regione,
        tipologia: q.tipologia,
        nome: q.nome__icontains,
        search: q.search,
      });
      const results = found.results.map((row) => presentScuola(row.scuola, row.citta));
      return pageOf(req, window, found.count, results);
    },
  );

  r.get(
    '/api/ext-user/scuola/:id/',
    { schema: { response: ok(scuolaSchema), tags, params: idParams } },
    async (req) => {
      const row = await findScuola(db, req.params.id);
      if (!row) throw apiError('not_found');
      return presentScuola(row.scuola, row.citta);
    },
  );
}
