// /api/gas/sessione/: sessions (list by evento, retrieve), their score state
// and leaderboard snapshots, their schools, and the admin actions on them
// (clear the cached scores, ask every open page to reload).
import {
  detailSchema,
  punteggiItemSchema,
  scuolaSchema,
  sessioneSchema,
  sessioneStatoSchema,
} from '@gas/contracts';
import { ok, page } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteCacheRequest,
  idParam,
  idParams,
  MESSAGGI_GARA,
  refreshRequest,
} from '@gas/contracts';
import type { ApiDeps } from '../deps';
import type { DbOrTx } from '../../db/client';
import { apiError } from '../../errors';
import { canUseAdminActions, type Actor } from '../../policies';
import { eventoVisibleWhere } from '../../access/queries';
import { pageOf, pageWindow, paginateArray, paginationQuery } from '../shared/pagination';
import { requireLogin } from '../shared/login';
import { richiediRicarica } from '../../gara/ricarica';
import { loadSessioni, scuoleOfSessione } from './queries';
import { presentScuola, presentSessione } from './present';

const listQuery = paginationQuery.extend({ evento: idParam.optional() });

/** A session whose event the actor can see; the others do not exist for him. */
async function visibleSessione(db: DbOrTx, actor: Actor, id: number) {
  const { rows } = await loadSessioni(db, { visible: eventoVisibleWhere(actor), id });
  const [row] = rows;
  if (!row) throw apiError('not_found');
  return row;
}

/** GET /api/gas/sessione/{id}/ as `actor` gets it (also the server's first screen, app.ts). */
export async function sessioneVista(db: DbOrTx, actor: Actor, id: number) {
  return presentSessione(await visibleSessione(db, actor, id));
}

/** The session's computed ranking (its one item {ora, json}), or 404 when `actor` may not see it. */
export async function classificaVista(
  db: DbOrTx,
  snapshots: ApiDeps['snapshots'],
  actor: Actor,
  id: number,
) {
  await visibleSessione(db, actor, id);
  const snapshot = await snapshots.get(id);
  if (!snapshot) throw apiError('not_found');
  return { ora: snapshot.ora.toISOString(), json: snapshot.punteggi };
}

export async function sessioneRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const { snapshots } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessione'];

  r.get(
    '/api/gas/sessione/',
    { schema: { response: page(sessioneSchema), tags, querystring: listQuery } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await loadSessioni(
        db,
        { visible: eventoVisibleWhere(request.actor), eventoId: request.query.evento },
        window,
      );
      return pageOf(request, window, count, rows.map(presentSessione));
    },
  );

  r.get(
    '/api/gas/sessione/:id/',
    {
      config: { cache: 'stabile' },
      schema: { response: ok(sessioneSchema), tags, params: idParams },
    },
    async (request) => sessioneVista(db, request.actor, request.params.id),
  );

  // The session score state of spec §3, from the same cached computation as the ranking.
  r.get(
    '/api/gas/sessione/:id/stato/',
    {
      config: { cache: 'viva' },
      schema: {
        response: ok(sessioneStatoSchema),
        tags,
        summary: 'Stato dei punteggi della sessione (spec §3)',
        params: idParams,
      },
    },
    async (request) => {
      await visibleSessione(db, request.actor, request.params.id);
      const snapshot = await snapshots.get(request.params.id);
      if (!snapshot) throw apiError('not_found');
      return snapshot.stato;
    },
  );

  // Items {ora, json}: the latest computed leaderboard (one item).
  r.get(
    '/api/gas/sessione/:id/punteggi/',
    {
      config: { cache: 'viva' },
      schema: {
        response: page(punteggiItemSchema),
        tags,
        summary: 'Classifica calcolata: un elemento {ora, json}',
        description:
          'json: {classifica: [{posizione, id, nome, ospite, totale, punti_parziali, jolly, new, solved, scuola, polo, classifica_tempo (fino a 30 squadre)}], valori, problemi, inizio, fine, numero_qualificati, ora, numero_eventi}. Servito da una cache in memoria invalidata da ogni risposta.',
        params: idParams,
        querystring: paginationQuery,
      },
    },
    async (request) => {
      const item = await classificaVista(db, snapshots, request.actor, request.params.id);
      return paginateArray(request, request.query, [item]);
    },
  );

  r.get(
    '/api/gas/sessione/:id/scuole/',
    {
      config: { cache: 'stabile' },
      schema: {
        response: page(scuolaSchema),
        tags,
        summary: 'Scuole delle squadre della sessione',
        params: idParams,
        querystring: paginationQuery,
      },
    },
    async (request) => {
      await visibleSessione(db, request.actor, request.params.id);
      const rows = await scuoleOfSessione(db, request.params.id);
      return paginateArray(request, request.query, rows.map(presentScuola));
    },
  );

  // Admin actions (staff and superusers): the right is checked before the
  // session is looked up, as DRF checks view permissions before the object.
  const adminOnly = async (actor: Actor, id: number) => {
    if (!canUseAdminActions(actor)) throw apiError('permission_denied');
    await visibleSessione(db, actor, id);
  };

  r.patch(
    '/api/gas/sessione/:id/delete_cache/',
    {
      schema: {
        response: ok(detailSchema),
        tags,
        operationId: 'clearSessioneCache',
        summary: 'Azione amministrativa: cancella la cache dei punteggi (staff)',
        params: idParams,
        body: deleteCacheRequest,
      },
      preValidation: requireLogin,
    },
    async (request) => {
      await adminOnly(request.actor, request.params.id);
      await snapshots.clear(request.params.id);
      return { detail: MESSAGGI_GARA.cacheResettata };
    },
  );

  r.patch(
    '/api/gas/sessione/:id/request_refresh_frontend_delayed/',
    {
      schema: {
        response: ok(detailSchema),
        tags,
        operationId: 'refreshSessionePages',
        summary: 'Azione amministrativa: ricarica le pagine aperte (staff)',
        description:
          'interval 0: refresh_page subito; n > 0: refresh_page_delayed, ogni pagina si ricarica in un momento casuale entro n secondi.',
        params: idParams,
        body: refreshRequest,
      },
      preValidation: requireLogin,
    },
    async (request) => {
      await adminOnly(request.actor, request.params.id);
      richiediRicarica(deps.modifiche, request.params.id, request.body.interval);
      return { detail: MESSAGGI_GARA.refreshSchedulato };
    },
  );
}
