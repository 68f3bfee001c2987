// /api/gas/jolly/: the joker problems (public for visible events) and the
// 'Imposta come jolly' action: once per team, a problem of the team's event,
// before fine_consegna_jolly for ordinary managers.
import {
  detailSchema,
  IDEMPOTENT_REPLAYED_HEADER,
  jollyCreatoSchema,
  jollySchema,
} from '@gas/contracts';
import { created, page } from '../shared/responses';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Jolly, Risposta } from '../../db/schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, jollyCreateRequest, MESSAGGI_GARA } from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { PG_UNIQUE_VIOLATION, pgError } from '../../db/client';
import { fieldErrors } from '../../errors';
import { canRecordJokerAt } from '../../policies';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import {
  findJolly,
  insertJolly,
  insertRisposta,
  jollyDellaRisposta,
  loadSubmissionTarget,
  rispostaPerChiave,
} from '../../gara/risposte/queries';
import { chiaveDellaRichiesta, chiaveRiusata, improntaRichiesta } from '../shared/idempotenza';
import { checkTarget, deliveryTime } from '../../gara/risposte/regole';
import { annunciaConsegna } from '../../gara/risposte/annunci';
import { requireLogin } from '../shared/login';
import { listJolly } from './queries';
import { presentJolly } from './present';
import { auditAfter } from '../shared/risorse/audit-api';

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
        response: { ...created(jollyCreatoSchema), 422: detailSchema },
        tags: ['jolly'],
        summary: 'Imposta il problema jolly di una squadra',
        description:
          'Una volta per squadra (altrimenti 400 non_field_errors), un problema dell’evento della squadra; dall’inizio della gara a fine_consegna_jolly i responsabili della squadra, lo staff dell’evento anche dopo indicando un momento_consegna in quell’intervallo. Registra il jolly e una risposta di kind j; pubblica npe.\n\nIdempotency-Key (facoltativa) come per /api/gas/risposta/: la stessa chiave dallo stesso utente risponde con il jolly già registrato (201, lo stesso corpo, `Idempotent-Replayed: true`); con un corpo diverso, 422.',
        body: jollyCreateRequest,
      },
      preValidation: requireLogin,
    },
    async (request, reply) => {
      const { actor, body } = request;
      const now = new Date();
      const chiave = chiaveDellaRichiesta(request);
      const impronta = chiave === null ? null : improntaRichiesta('j', body);
      /**
       * The joker a key already stored (null: none), or 422 for another
       * request. It returns the rows, never the reply: awaiting a reply
       * waits for it to be sent and gives undefined, so the handler would
       * go on as if nothing was stored (a second transaction, a second send).
       */
      const giaRegistrato = async () => {
        if (chiave === null) return null;
        const risposta = await rispostaPerChiave(db, actor.userId!, chiave);
        if (!risposta) return null;
        const row = risposta.kind === 'j' ? await jollyDellaRisposta(db, risposta.id) : null;
        if (!row || risposta.improntaRichiesta !== impronta) throw chiaveRiusata();
        return { row, risposta };
      };
      const replay = await giaRegistrato();
      if (replay) return send(reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true'), replay);
      let created;
      try {
        created = await db.transaction(async (tx) => {
          // Locks the team row: two choices for one team cannot interleave.
          const target = await loadSubmissionTarget(tx, body.squadra, body.problema);
          const { squadra, problema, evento } = await checkTarget(tx, actor, target, body);
          const momento = deliveryTime(actor, evento.access, body, now, 'jolly');
          if (!canRecordJokerAt(actor, evento.access, now)) {
            throw fieldErrors({ non_field_errors: [MESSAGGI_GARA.jollyScaduto] });
          }
          // Taken: by another choice, or by this very key in another tab (below).
          if (await findJolly(tx, squadra.row.id)) return null;
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
            chiaveIdempotenza: chiave,
            improntaRichiesta: impronta,
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
        // The unique indexes are the last word if two requests ever race past
        // the checks: the same key (another tab stored it), or the team's joker.
        if (pgError(error)?.code !== PG_UNIQUE_VIOLATION) throw error;
        created = null;
      }
      if (created === null) {
        const replayed = await giaRegistrato();
        if (replayed) return send(reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true'), replayed);
        throw alreadyChosen();
      }
      annunciaConsegna(deps.modifiche, created.risposta);
      return send(reply, created);
    },
  );

  function send(reply: FastifyReply, { row, risposta }: { row: Jolly; risposta: Risposta }) {
    return reply.status(201).send({
      ...presentJolly(row),
      momento_consegna: risposta.momentoConsegna.toISOString(),
      date: risposta.date.toISOString(),
    });
  }
}
