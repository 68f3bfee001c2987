// /api/gas/risposta/: submit an answer and delete one (adapters of the core's
// use cases, gara/risposte/), list the answers the user may see (the
// answer-submission page). risposta-all is in routes-all.ts.
import {
  detailSchema,
  digitazioneSchema,
  IDEMPOTENT_REPLAYED_HEADER,
  rispostaSchema,
} from '@gas/contracts';
import { created, noContent, page } from '../shared/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Risposta } from '../../db/schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  idParams,
  LIMITI_GARA,
  MESSAGGI_GARA,
  rispostaCreateRequest,
} from '@gas/contracts';
import { parseAnswerValue } from '@gas/scoring';
import type { ApiDeps } from '../deps';
import { apiError, fieldErrors } from '../../errors';
import type { EsitoConsegna } from '../../metrics/metriche';
import { canSeeEvento, canSeeRispostaValore, rispostaListScope } from '../../policies';
import { loadEventoWithAccess } from '../../access/queries';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { rispostaAllRoutes } from './routes-all';
import { presentRisposta } from '../shared/present-risposta';
import {
  eventoOfFilters,
  listRisposte,
  responsabiliOf,
  squadraRefOf,
} from '../../gara/risposte/queries';
import { consegnaRisposta } from '../../gara/risposte/consegna-risposta';
import { eliminaRisposta } from '../../gara/risposte/elimina';
import { requireLogin } from '../shared/login';
import { auditContext } from '../../audit/queries';
import { chiaveDellaRichiesta, improntaRichiesta } from '../shared/idempotenza';
import { digitazioneConNomi } from '../../gara/digitazione/queries';
import { presentDigitazione } from '../shared/present-digitazione';

const createBody = rispostaCreateRequest.superRefine((body, ctx) => {
  // Too long is already reported; a number it could never be anyway.
  if (body.valore.length <= LIMITI_GARA.valore && parseAnswerValue(body.valore) === null) {
    ctx.addIssue({ code: 'custom', path: ['valore'], message: MESSAGGI_GARA.valoreNonValido });
  }
});

const listQuery = paginationQuery.extend({
  squadra: idParam.optional(),
  squadra__sessione: idParam.optional(),
  squadra__evento: idParam.optional(),
  problema: idParam.optional(),
  kind: z.enum(['r', 'j']).optional(),
});

export async function rispostaRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Built once per app by the composition root (services.ts).
  const { targets, batcher } = deps;

  const gara = {
    db,
    targets,
    batcher,
    modifiche: deps.modifiche,
    conta: (esito: EsitoConsegna, corretta?: boolean | null) =>
      deps.metriche.consegna(esito, corretta),
  };

  const chi = (request: FastifyRequest) => ({
    actor: request.actor,
    audit: auditContext(request, 'api'),
  });

  /** How the submitter sees an answer: his own value back, with the names of its team and problem. */
  async function presentata(row: Risposta) {
    const target = await targets.target(row.squadraId, row.problemaId);
    const names = {
      squadra: target.squadra?.row.nome ?? '',
      problema: target.problema?.nome ?? '',
      autore: null,
    };
    return presentRisposta(row, names, true);
  }

  r.post(
    '/api/gas/risposta/',
    {
      schema: {
        response: {
          ...created(rispostaSchema),
          200: rispostaSchema,
          202: digitazioneSchema,
          422: detailSchema,
        },
        tags: ['risposta'],
        summary: 'Consegna una risposta',
        description:
          'I responsabili per le proprie squadre mentre la gara è in corso; amministratori, inseritori e superutenti per ogni squadra, anche dopo la fine indicando momento_consegna (altri: 403), che deve cadere tra inizio e fine della gara (400 momento_consegna). Prima dell’inizio nessuno. 201 con `corretto`; 200 con la risposta già registrata se la stessa risposta della squadra è arrivata negli ultimi 10 s. Gara non in corso: 400 non_field_errors.\n\nIdempotency-Key (intestazione facoltativa, bozza IETF httpapi): una stringa di 8-128 lettere, cifre, - o _ (per esempio un UUID, anche tra virgolette come Structured Field), generata dal client quando la risposta viene scritta. La stessa chiave dallo stesso utente risponde con la risposta già registrata, lo stesso stato (201) e lo stesso corpo, con `Idempotent-Replayed: true`, anche dopo la fine della gara, e non crea mai una seconda riga; con un corpo diverso, 422. Con la chiave la finestra dei 10 s non si applica: è la chiave a dire che cosa è un nuovo invio. Chiave malformata, o che inizia con `digitazione-` (riservate al server per la doppia digitazione): 400.\n\nDoppia digitazione (evento con `doppia_digitazione`): ogni consegna è una digitazione del foglio; la prima attende con 202 e la digitazione (`stato` in_attesa). Una seconda digitazione della stessa squadra e dello stesso problema da un altro utente si abbina alla più vecchia in attesa: se il valore è lo stesso la risposta è registrata (201, con il primo dei due momenti di consegna), altrimenti entrambe diventano `discordante` (202) e le risolvono gli amministratori (/api/gas/digitazione/).',
        body: createBody,
      },
      preValidation: requireLogin,
    },
    async (request, reply) => {
      const chiave = chiaveDellaRichiesta(request);
      const esito = await consegnaRisposta(
        gara,
        {
          ...chi(request),
          chiave,
          impronta: chiave === null ? null : improntaRichiesta('r', request.body),
          ora: new Date(),
          indirizzo: request.ip,
        },
        request.body,
      );
      // Double entry: a typing that stored the answer answers as a single
      // entry would (201 and the answer); one that waits or disagrees, 202 and itself.
      if (esito.esito === 'digitazione') {
        const typing = esito.digitazione;
        if (typing.replay) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        if (typing.esito === 'confermata') {
          return reply.status(201).send(await presentata(typing.risposta));
        }
        const out = await digitazioneConNomi(db, typing.digitazione.id);
        if (!out) throw apiError('not_found');
        return reply.status(202).send(presentDigitazione(out));
      }
      if (esito.esito === 'ripetuta') reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      const status = esito.esito === 'registrata' && !esito.nuova ? 200 : 201;
      return reply.status(status).send(await presentata(esito.risposta));
    },
  );

  r.get(
    '/api/gas/risposta/',
    {
      schema: {
        response: page(rispostaSchema),
        tags: ['risposta'],
        summary: 'Risposte di una squadra, sessione, evento o problema (pagina di consegna)',
        description:
          'Serve il login e almeno un filtro. Lo staff dell’evento vede tutte le squadre, i responsabili le proprie; dalla più recente. `valore` è null dove l’utente non può ancora vedere i valori.',
        querystring: listQuery,
      },
      preValidation: requireLogin,
    },
    async (request) => {
      const { actor } = request;
      const q = request.query;
      if (
        q.squadra === undefined &&
        q.squadra__sessione === undefined &&
        q.squadra__evento === undefined &&
        q.problema === undefined
      ) {
        throw fieldErrors({ non_field_errors: [MESSAGGI_GARA.filtroRichiesto] });
      }
      const eventoId = await eventoOfFilters(db, q);
      const evento = eventoId === null ? null : await loadEventoWithAccess(db, eventoId);
      if (!evento || !canSeeEvento(actor, evento.access)) throw apiError('not_found');
      const window = pageWindow(q);
      const scope = rispostaListScope(actor, evento.access);
      const { count, rows } = await listRisposte(db, evento.row.id, q, scope, window);
      const managers = await responsabiliOf(
        db,
        rows.map((x) => x.squadra.id),
      );
      const now = new Date();
      const results = rows.map((x) => {
        const ref = squadraRefOf(x.squadra, managers.get(x.squadra.id) ?? []);
        const show = canSeeRispostaValore(actor, evento.access, ref, now);
        const names = { squadra: x.squadra.nome, problema: x.problemaNome, autore: x.autore };
        return presentRisposta(x.risposta, names, show);
      });
      return pageOf(request, window, count, results);
    },
  );

  r.delete(
    '/api/gas/risposta/:id/',
    {
      schema: {
        response: noContent,
        tags: ['risposta'],
        summary: 'Cancella una risposta (un jolly se kind = j)',
        description:
          'Amministratori, inseritori e superutenti dell’evento: 204. Pubblica npe_delete.',
        params: idParams,
      },
      preValidation: requireLogin,
    },
    async (request, reply) => {
      await eliminaRisposta(gara, chi(request), request.params.id);
      return reply.status(204).send();
    },
  );

  await rispostaAllRoutes(app, deps);
}
