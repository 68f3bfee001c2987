// /api/gas/squadra/: teams of the events the visitor may see (list, retrieve,
// in_sessione, mie for le-tue-squadre), sign-up for unofficial events and
// edits. Teams of a private event do not exist for those who cannot see it.
import { squadraSchema } from '@gas/contracts';
import { created, ok, page as pageResponse } from '../shared/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  idParams,
  MESSAGGI_PERSONE as M,
  pkNonValido,
  squadraCreateRequest,
  squadraUpdateRequest,
} from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { sessioneById } from '../../gara/queries';
import { apiError, fieldErrors } from '../../errors';
import {
  canEditSquadra,
  canRegisterTeam,
  canSeeEvento,
  canSetSquadraPoloOspite,
  canSetSquadraScuola,
  hasRegistrationRight,
  hasSquadraEditRight,
  ownedSquadraScope,
  type Actor,
} from '../../policies';
import { loadEventiWithAccess, loadEventoWithAccess } from '../../access/queries';
import { pageOf, pageWindow, paginationQuery, type PaginationQuery } from '../shared/pagination';
import { auditAfter, auditBefore } from '../../gara/registro/audit';
import { auditContext } from '../../audit/queries';
import { presentSquadra } from './present';
import {
  findPolo,
  findSquadra,
  insertSquadra,
  listSquadre,
  lockSessione,
  nomeTaken,
  scuolaExists,
  squadraRefOf,
  updateSquadra,
  type SquadraFilters,
} from './queries';

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

export async function squadraRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

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
    const { actor } = request;
    const window = pageWindow(query);
    const found = await listSquadre(db, { actor, ...filters }, window);
    // What a team shows depends on its event: access loaded for the page only.
    const eventi = await loadEventiWithAccess(
      db,
      found.rows.map((row) => row.squadra.eventoId),
    );
    const now = new Date();
    const results = found.rows.map((row) =>
      presentSquadra(row, eventi.get(row.squadra.eventoId)!.access, actor, now),
    );
    return pageOf(request, window, found.count, results);
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
      schema: { response: pageResponse(squadraSchema), tags, querystring: sessioneQuery },
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
      schema: { response: pageResponse(squadraSchema), tags, querystring: mieQuery },
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
      const { actor } = request;
      const body = request.body;
      const now = new Date();
      const s = await sessioneById(db, body.sessione);
      const e = s ? await loadEventoWithAccess(db, s.eventoId) : null;
      // A session of an event the user cannot see is as good as missing.
      if (!s || !e || !canSeeEvento(actor, e.access)) {
        throw fieldErrors({ sessione: [pkNonValido(body.sessione)] });
      }
      if (!hasRegistrationRight(actor, e.access)) {
        throw apiError(
          'permission_denied',
          e.access.tipologia === 'o' ? M.iscrizioniUfficiali : undefined,
        );
      }
      if (!canRegisterTeam(actor, e.access, now)) {
        throw fieldErrors({ sessione: [M.iscrizioniChiuse] });
      }
      const scuola = body.scuola ?? null;
      if (scuola !== null) {
        if (!(await scuolaExists(db, scuola))) throw fieldErrors({ scuola: [pkNonValido(scuola)] });
        if (!canSetSquadraScuola(actor, e.access, scuola)) {
          throw fieldErrors({ scuola: [M.scuolaNonTua] });
        }
      }
      const newId = await db.transaction(async (tx) => {
        await lockSessione(tx, s.id);
        if (await nomeTaken(tx, s.id, body.nome)) {
          throw fieldErrors({ nome: [M.nomeSquadraDuplicato] });
        }
        const values = {
          nome: body.nome,
          sessioneId: s.id,
          eventoId: s.eventoId,
          scuolaId: scuola,
        };
        const id = await insertSquadra(
          tx,
          { ...values, ufficiale: false },
          actor.responsabile?.id ?? null,
        );
        await auditAfter(tx, auditContext(request, 'api'), 'squadra', id, null);
        return id;
      });
      const full = await findSquadra(db, newId);
      return reply.status(201).send(presentSquadra(full!, e.access, actor, now));
    },
  );

  r.patch(
    '/api/gas/squadra/:id/',
    {
      preValidation: loginRequired,
      schema: { response: ok(squadraSchema), tags, params: idParams, body: squadraUpdateRequest },
    },
    async (request) => {
      const { actor } = request;
      const body = request.body;
      const now = new Date();
      const full = await findSquadra(db, request.params.id);
      const e = full ? await loadEventoWithAccess(db, full.squadra.eventoId) : null;
      if (!full || !e || !canSeeEvento(actor, e.access)) throw apiError('not_found');
      const team = full.squadra;
      const ref = squadraRefOf(team, full.responsabili);
      if (!hasSquadraEditRight(actor, e.access, ref)) throw apiError('permission_denied');
      const adminFields = body.polo !== undefined || body.ospite !== undefined;
      if (adminFields && !canSetSquadraPoloOspite(actor, e.access)) {
        throw apiError('permission_denied', M.soloAmministratori);
      }
      if (!canEditSquadra(actor, e.access, ref, now)) {
        throw fieldErrors({ non_field_errors: [M.modificheChiuse] });
      }
      if (body.polo != null) {
        const p = await findPolo(db, body.polo);
        if (!p) throw fieldErrors({ polo: [pkNonValido(body.polo)] });
        if (p.eventoId !== team.eventoId) throw fieldErrors({ polo: [M.poloAltroEvento] });
      }
      await db.transaction(async (tx) => {
        if (body.nome !== undefined && body.nome !== team.nome) {
          await lockSessione(tx, team.sessioneId);
          if (await nomeTaken(tx, team.sessioneId, body.nome, team.id)) {
            throw fieldErrors({ nome: [M.nomeSquadraDuplicato] });
          }
        }
        const prima = await auditBefore(tx, 'squadra', team.id);
        await updateSquadra(tx, team.id, {
          nome: body.nome,
          poloId: body.polo,
          ospite: body.ospite,
          capitano: body.capitano,
          consegnatore: body.consegnatore,
          p1: body.p1,
          p2: body.p2,
          p3: body.p3,
          annoCapitano: body.anno_capitano,
          annoConsegnatore: body.anno_consegnatore,
          annoP1: body.anno_p1,
          annoP2: body.anno_p2,
          annoP3: body.anno_p3,
        });
        await auditAfter(tx, auditContext(request, 'api'), 'squadra', team.id, prima);
      });
      const updated = await findSquadra(db, team.id);
      return presentSquadra(updated!, e.access, actor, now);
    },
  );
}
