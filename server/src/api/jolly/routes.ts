// /api/gas/jolly/: the joker problems (public for visible events) and the
// 'Imposta come jolly' action, an adapter of the core's use case
// (gara/risposte/jolly.ts).
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
import { idParam, jollyCreateRequest } from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { scegliJolly } from '../../gara/risposte/jolly';
import { chiaveDellaRichiesta, improntaRichiesta } from '../shared/idempotenza';
import { requireLogin } from '../shared/login';
import { listJolly } from './queries';
import { presentJolly } from './present';
import { auditContext } from '../../audit/queries';

const listQuery = paginationQuery.extend({
  squadra: idParam.optional(),
  squadra__sessione: idParam.optional(),
  squadra__evento: idParam.optional(),
  problema: idParam.optional(),
});

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
      const chiave = chiaveDellaRichiesta(request);
      const scelto = await scegliJolly(
        { db, modifiche: deps.modifiche },
        {
          actor: request.actor,
          audit: auditContext(request, 'api'),
          chiave,
          impronta: chiave === null ? null : improntaRichiesta('j', request.body),
          ora: new Date(),
        },
        request.body,
      );
      if (scelto.ripetuto) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return send(reply, scelto);
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
