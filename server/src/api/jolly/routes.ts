// /api/gas/jolly/: the joker problems (public for visible events) and the
// 'Imposta come jolly' action: once per team, a problem of the team's event,
// before fine_consegna_jolly for ordinary managers.
import { jollyCreatoSchema, jollySchema } from '@gas/contracts';
import { created, page } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, jollyCreateRequest, MESSAGGI_GARA } from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { PG_UNIQUE_VIOLATION, pgError } from '../../db/client';
import { fieldErrors } from '../../errors';
import { canRecordJokerAt } from '../../policies';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { eventOf } from '../risposta/present';
import { insertRisposta, loadSubmissionTarget } from '../risposta/queries';
import { announce, checkTarget, deliveryTime, requireLogin } from '../risposta/submission';
import { findJolly, insertJolly, listJolly } from './queries';
import { presentJolly } from './present';
import { auditAfter } from '../admin/audit-api';

const listQuery = paginationQuery.extend({
  squadra: idParam.optional(),
  squadra__sessione: idParam.optional(),
  squadra__evento: idParam.optional(),
  problema: idParam.optional(),
});

const alreadyChosen = () => fieldErrors({ non_field_errors: [MESSAGGI_GARA.jollyGiaScelto] });

export async function jollyRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/gas/jolly/',
    {
      schema: {
        response: page(jollySchema),
        tags: ['jolly'],
        summary: 'Jolly scelti (pubblico per gli eventi visibili)',
        querystring: listQuery,
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await listJolly(db, request.query, request.actor, window);
      return pageOf(request, window, count, rows.map(presentJolly));
    },
  );

  r.post(
    '/api/gas/jolly/',
    {
      schema: {
        response: created(jollyCreatoSchema),
        tags: ['jolly'],
        summary: 'Imposta il problema jolly di una squadra',
        description:
          'Una volta per squadra (altrimenti 400 non_field_errors), un problema dell’evento della squadra; dall’inizio della gara a fine_consegna_jolly i responsabili della squadra, lo staff dell’evento anche dopo indicando un momento_consegna in quell’intervallo. Registra il jolly e una risposta di kind j; pubblica npe.',
        body: jollyCreateRequest,
      },
      preValidation: requireLogin,
    },
    async (request, reply) => {
      const { actor, body } = request;
      const now = new Date();
      let created;
      try {
        created = await db.transaction(async (tx) => {
          // Locks the team row: two choices for one team cannot interleave.
          const target = await loadSubmissionTarget(tx, body.squadra, body.problema);
          const { squadra, problema, evento } = await checkTarget(tx, actor, target, body);
          const momento = deliveryTime(actor, evento.access, body.momento_consegna, now, 'jolly');
          if (!canRecordJokerAt(actor, evento.access, now)) {
            throw fieldErrors({ non_field_errors: [MESSAGGI_GARA.jollyScaduto] });
          }
          if (await findJolly(tx, squadra.row.id)) throw alreadyChosen();
          const risposta = await insertRisposta(tx, {
            problemaId: problema.id,
            squadraId: squadra.row.id,
            sessioneId: squadra.row.sessioneId,
            kind: 'j',
            corretto: null,
            momentoConsegna: momento,
            date: momento,
            dateReceived: now,
            inseritaDa: actor.userId,
          });
          const row = await insertJolly(tx, {
            squadraId: squadra.row.id,
            problemaId: problema.id,
            rispostaId: risposta.id,
            createdAt: now,
          });
          await auditAfter(tx, request, 'jolly', row.id, null);
          return { row, risposta };
        });
      } catch (error) {
        // The unique index is the last word if two requests ever race past the check.
        if (pgError(error)?.code === PG_UNIQUE_VIOLATION) throw alreadyChosen();
        throw error;
      }
      const { row, risposta } = created;
      announce(deps, risposta.sessioneId, eventOf(risposta));
      return reply.status(201).send({
        ...presentJolly(row),
        momento_consegna: risposta.momentoConsegna.toISOString(),
        date: risposta.date.toISOString(),
      });
    },
  );
}
