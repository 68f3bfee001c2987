// /api/gas/squadra/: teams of the events the visitor may see (list, retrieve,
// in_sessione, mie for le-tue-squadre); sign-up for unofficial events and
// edits are the core's use cases (gara/squadre/squadre.ts). Teams of a private event do not exist for those who cannot see it.
import { squadraSchema } from '@gas/contracts';
import { created, ok, page as pageResponse } from '../shared/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  idParams,
  MESSAGGI_PERSONE as M,
  squadraCreateRequest,
  squadraUpdateRequest,
} from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { sessioneById } from '../../gara/queries';
import { apiError } from '../../errors';
import { canSeeEvento, ownedSquadraScope, type Actor } from '../../policies';
import { loadEventiWithAccess, loadEventoWithAccess } from '../../access/queries';
import {
  pageOf,
  pageWindow,
  paginationQuery,
  type PaginationQuery,
  type Window,
} from '../shared/pagination';
import type { DbOrTx } from '../../db/client';
import { auditContext } from '../../audit/queries';
import { presentSquadra } from './present';
import { findSquadra, listSquadre, type SquadraFilters } from '../../gara/squadre/queries';
import { iscriviSquadra, modificaSquadra } from '../../gara/squadre/squadre';

const id = idParam;
// A day (YYYY-MM-DD, from its start in UTC) or an ISO date-time, years 2000-2100.
const fromDate = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, M.dataNonValida)
  .transform((s) => new Date(s.length === 10 ? `${s}T00:00:00Z` : s))
  .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100, M.dataNonValida);
const listQuery = paginationQuery.extend({
  sessione__evento__inizio__gte: fromDate.optional(),
  sessione: id.optional(),
  evento: id.optional(),
});
const sessioneQuery = paginationQuery.extend({ sessione: id });
// 'Le mie squadre' (issue 26): the user's teams of the current events only.
const mieQuery = paginationQuery.extend({
  sessione: id.optional(),
  sessione__evento__inizio__gte: fromDate.optional(),
});
const tags = ['squadra'];

// DRF checks permissions before it reads the body: anonymous writes are 403
// whatever they send.
function loginRequired(request: FastifyRequest) {
  if (request.actor.userId === null) throw apiError('not_authenticated');
  return Promise.resolve();
}

/** Teams as `actor` sees them (GET /api/gas/squadra/ and its lists), one window of them. */
export async function squadreViste(db: DbOrTx, filters: SquadraFilters, window: Window) {
  const found = await listSquadre(db, filters, window);
  // What a team shows depends on its event: access loaded for the page only.
  const eventi = await loadEventiWithAccess(
    db,
    found.rows.map((row) => row.squadra.eventoId),
  );
  const now = new Date();
  const results = found.rows.map((row) =>
    presentSquadra(row, eventi.get(row.squadra.eventoId)!.access, filters.actor, now),
  );
  return { count: found.count, results };
}

export async function squadraRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gara = { db, modifiche: deps.modifiche };
  const chi = (request: FastifyRequest) => ({
    actor: request.actor,
    audit: auditContext(request, 'api'),
  });

  /** The session and its event, or 404 when missing or not visible. */
  async function visibleSessione(actor: Actor, sessioneId: number) {
    const s = await sessioneById(db, sessioneId);
    const e = s ? await loadEventoWithAccess(db, s.eventoId) : null;
    if (!s || !e || !canSeeEvento(actor, e.access)) throw apiError('not_found');
    return { sessione: s, evento: e };
  }

  async function page(
    request: FastifyRequest,
    query: PaginationQuery,
    filters: Omit<SquadraFilters, 'actor'>,
  ) {
    const window = pageWindow(query);
    const found = await squadreViste(db, { actor: request.actor, ...filters }, window);
    return pageOf(request, window, found.count, found.results);
  }

  r.get(
    '/api/gas/squadra/',
    { schema: { response: pageResponse(squadraSchema), tags, querystring: listQuery } },
    async (request) => {
      const q = request.query;
      return page(request, q, {
        inizioGte: q.sessione__evento__inizio__gte,
        evento: q.evento,
        sessione: q.sessione,
      });
    },
  );

  r.get(
    '/api/gas/squadra/in_sessione/',
    {
      config: { cache: 'stabile' },
      schema: {
        summary: 'Squadre di una sessione',
        response: pageResponse(squadraSchema),
        tags,
        querystring: sessioneQuery,
      },
    },
    async (request) => {
      await visibleSessione(request.actor, request.query.sessione);
      return page(request, request.query, { sessione: request.query.sessione });
    },
  );

  // le-tue-squadre: the teams the user owns (spec §6), in the events he sees.
  r.get(
    '/api/gas/squadra/mie/',
    {
      preValidation: loginRequired,
      schema: {
        summary: "Squadre dell'utente (le tue squadre)",
        response: pageResponse(squadraSchema),
        tags,
        querystring: mieQuery,
      },
    },
    async (request) => {
      const { sessione } = request.query;
      if (sessione !== undefined) await visibleSessione(request.actor, sessione);
      return page(request, request.query, {
        sessione,
        inizioGte: request.query.sessione__evento__inizio__gte,
        scope: ownedSquadraScope(request.actor),
      });
    },
  );

  r.get(
    '/api/gas/squadra/:id/',
    { schema: { response: ok(squadraSchema), tags, params: idParams } },
    async (request) => {
      const full = await findSquadra(db, request.params.id);
      const e = full ? await loadEventoWithAccess(db, full.squadra.eventoId) : null;
      if (!full || !e || !canSeeEvento(request.actor, e.access)) throw apiError('not_found');
      return presentSquadra(full, e.access, request.actor, new Date());
    },
  );

  r.post(
    '/api/gas/squadra/',
    {
      preValidation: loginRequired,
      schema: { response: created(squadraSchema), tags, body: squadraCreateRequest },
    },
    async (request, reply) => {
      const now = new Date();
      const { squadraId, evento } = await iscriviSquadra(gara, chi(request), request.body, now);
      const full = await findSquadra(db, squadraId);
      return reply.status(201).send(presentSquadra(full!, evento.access, request.actor, now));
    },
  );

  r.patch(
    '/api/gas/squadra/:id/',
    {
      preValidation: loginRequired,
      schema: { response: ok(squadraSchema), tags, params: idParams, body: squadraUpdateRequest },
    },
    async (request) => {
      const now = new Date();
      const { id } = request.params;
      const evento = await modificaSquadra(gara, chi(request), id, request.body, now);
      const updated = await findSquadra(db, id);
      return presentSquadra(updated!, evento.access, request.actor, now);
    },
  );
}
