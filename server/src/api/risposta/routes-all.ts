// /api/gas/risposta-all/: the scoring events of a session, public for every
// event the visitor can see: what the live pages rebuild the ranking from.
// Correctness (`c`) is public, as the live feed carries it; answer values are
// not (only /risposta/ shows them, to those allowed).
import { eventoPunteggioSchema, pkRisposteSchema } from '@gas/contracts';
import { ok, page } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idValue, intParam, LIMITI_GARA } from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { canSeeLatencyTab } from '../../policies';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { presentEvento } from '../shared/present-risposta';
import { sessioneVisibile } from '../shared/sessione-visibile';
import { sessionEventIds, sessionEvents, sessionEventsByIds } from '../../gara/risposte/queries';

const pkIn = z
  .string()
  .max(LIMITI_GARA.pkIn * 11)
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map(Number),
  )
  .pipe(z.array(idValue).max(LIMITI_GARA.pkIn));

const sessionQuery = z.object({ squadra__sessione: idParam, pk__in: pkIn.optional() });
const allQuery = paginationQuery.extend({
  squadra__sessione: idParam,
  pk__in: pkIn.optional(),
  /** Events after the last one a client holds (a cursor that no deletion can shift). */
  id__gt: intParam(0).optional(),
});

export async function rispostaAllRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/gas/risposta-all/',
    {
      schema: {
        response: page(eventoPunteggioSchema),
        tags: ['risposta'],
        summary: 'Eventi di punteggio di una sessione ({id, k, s, p, c, d}), in ordine di id',
        description:
          'Pubblico per gli eventi visibili (altrimenti 404). Paginato (limit/offset o page); pk__in sceglie gli id, id__gt dà gli eventi successivi a uno noto. Ai superutenti anche date_received (scheda latenza).',
        querystring: allQuery,
      },
    },
    async (request) => {
      const q = request.query;
      await sessioneVisibile(deps.lookups, request.actor, q.squadra__sessione);
      const window = pageWindow(q);
      const filters = { pkIn: q.pk__in, idGt: q.id__gt };
      const { count, rows } = await sessionEvents(db, q.squadra__sessione, filters, window);
      const withReceived = canSeeLatencyTab(request.actor);
      return pageOf(
        request,
        window,
        count,
        rows.map((row) => presentEvento(row, withReceived)),
      );
    },
  );

  // The client's periodic re-check for missed events: the ids present (plain
  // list, ascending), or with pk__in the events among those ids that exist.
  r.get(
    '/api/gas/risposta-all/pk_risposte/',
    {
      schema: {
        response: ok(pkRisposteSchema),
        tags: ['risposta'],
        summary: 'Id degli eventi presenti in una sessione (controllo delle risposte mancanti)',
        description:
          'Un array JSON di id crescenti. Con pk__in (fino a 1000 id): un array degli eventi esistenti fra quegli id.',
        querystring: sessionQuery,
      },
    },
    async (request) => {
      const q = request.query;
      await sessioneVisibile(deps.lookups, request.actor, q.squadra__sessione);
      if (q.pk__in === undefined) return sessionEventIds(db, q.squadra__sessione);
      const rows = await sessionEventsByIds(db, q.squadra__sessione, q.pk__in);
      const withReceived = canSeeLatencyTab(request.actor);
      return rows.map((row) => presentEvento(row, withReceived));
    },
  );
}
