// /api/gas/risposta/: submit an answer, list the answers the user may see
// (answer-submission page), delete one. risposta-all is in routes-all.ts.
import {
  detailSchema,
  digitazioneSchema,
  IDEMPOTENT_REPLAYED_HEADER,
  rispostaSchema,
} from '@gas/contracts';
import { created, noContent, page } from '../shared/responses';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
import { isAnswerCorrect, parseAnswerValue } from '@gas/scoring';
import type { ApiDeps } from '../deps';
import { ApiError, apiError, fieldErrors } from '../../errors';
import {
  answerWindowOpen,
  canDeleteAnswers,
  canSeeEvento,
  canSeeRispostaValore,
  rispostaListScope,
} from '../../policies';
import { loadEventoWithAccess } from '../../access/queries';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { rispostaAllRoutes } from './routes-all';
import { presentRisposta } from '../shared/present-risposta';
import {
  deleteRisposta,
  eventoOfFilters,
  listRisposte,
  loadRispostaWithSquadra,
  responsabiliOf,
  rispostaPerChiave,
  squadraRefOf,
} from '../../gara/risposte/queries';
import { checkTarget, deliveryTime } from '../../gara/risposte/regole';
import { annunciaConsegna, annunciaEliminazione } from '../../gara/risposte/annunci';
import { requireLogin } from '../shared/login';
import { auditAfter, auditBefore } from '../shared/risorse/audit-api';
import { chiaveDellaRichiesta, chiaveRiusata, improntaRichiesta } from '../shared/idempotenza';
import type { ConsegnaInput } from '../../gara/risposte/consegna';
import {
  digitazioneConNomi,
  digitazionePerChiave,
  registraDigitazione,
  type EsitoDigitazione,
} from '../../gara/digitazione/queries';
import { presentDigitazione } from '../shared/present-digitazione';

/** How the metrics name each outcome of the group commit. */
const ESITO_METRICA = {
  created: 'creata',
  duplicate: 'duplicata',
  replay: 'ripetuta',
  conflict: 'conflitto',
  stale: 'obsoleta',
} as const;

/** Checks against fresh rows after the database refused stale copies. */
const MAX_ATTEMPTS = 3;

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

  // The helpers below send, and are only ever `return`ed by the handler,
  // never awaited: awaiting a reply waits for it to be sent and gives
  // undefined, so the code after would run as if nothing was sent.

  /** The stored answer of a key, as its first answer was: 201 and the same body. */
  async function replay(reply: FastifyReply, row: Risposta) {
    const target = await targets.target(row.squadraId, row.problemaId);
    const names = {
      squadra: target.squadra?.row.nome ?? '',
      problema: target.problema?.nome ?? '',
      autore: null,
    };
    return reply
      .status(201)
      .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
      .send(presentRisposta(row, names, true));
  }

  /**
   * Double entry: a typing that stored the answer answers as a single entry
   * would (201 and the answer); one that waits or disagrees, 202 and itself.
   */
  async function rispondiDigitazione(
    reply: FastifyReply,
    typing: Exclude<EsitoDigitazione, { esito: 'conflict' | 'stale' }>,
  ) {
    if (typing.replay) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (typing.esito === 'confermata') {
      const row = typing.risposta;
      if (typing.nuova) {
        deps.metriche.consegna('creata', row.corretto);
        annunciaConsegna(deps.modifiche, row);
      }
      const target = await targets.target(row.squadraId, row.problemaId);
      const names = {
        squadra: target.squadra?.row.nome ?? '',
        problema: target.problema?.nome ?? '',
        autore: null,
      };
      return reply.status(201).send(presentRisposta(row, names, true));
    }
    const out = await digitazioneConNomi(db, typing.digitazione.id);
    if (!out) throw apiError('not_found');
    return reply.status(202).send(presentDigitazione(out));
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
      const { actor } = request;
      const body = request.body;
      const now = new Date();
      const chiave = chiaveDellaRichiesta(request);
      const impronta = chiave === null ? null : improntaRichiesta('r', body);
      /**
       * What a key this user already used stored (null: nothing), or 422
       * for another request. Looked up only when the checks refuse (the
       * contest is over, the typed time is now too old: a retry of what was
       * stored while its answer got lost); otherwise the statement that
       * stores answers looks the key up itself, at no extra round trip.
       */
      const giaRegistrata = async (rifiuto: unknown) => {
        if (chiave === null || !(rifiuto instanceof ApiError) || rifiuto.status >= 500) return null;
        const stored = await rispostaPerChiave(db, actor.userId!, chiave);
        if (!stored) {
          const typing = await digitazionePerChiave(db, actor.userId!, chiave, impronta);
          if (typing?.esito === 'conflict') throw chiaveRiusata();
          return typing ? { typing } : null;
        }
        const uguale = stored.improntaRichiesta === impronta;
        deps.metriche.consegna(uguale ? 'ripetuta' : 'conflitto');
        if (!uguale) throw chiaveRiusata();
        return { stored };
      };
      // Checked against in-memory copies, stored in one statement that has the
      // database confirm them ('stale': check again with fresh rows). The
      // response and the live event come only after the commit.
      for (let attempt = 1; ; attempt++) {
        let checked;
        try {
          const target = await targets.target(body.squadra, body.problema, attempt > 1);
          const { squadra, problema, evento } = await checkTarget(db, actor, target, body);
          const momento = deliveryTime(actor, evento.access, body, now, 'risposta');
          if (!answerWindowOpen(actor, evento.access, now)) {
            throw fieldErrors({ non_field_errors: [MESSAGGI_GARA.garaNonInCorso] });
          }
          checked = { target, squadra, problema, evento, momento };
        } catch (rifiuto) {
          const gia = await giaRegistrata(rifiuto);
          if (gia?.stored) return replay(reply, gia.stored);
          if (gia?.typing) return rispondiDigitazione(reply, gia.typing);
          throw rifiuto;
        }
        const { target, squadra, problema, momento } = checked;
        const corretto = isAnswerCorrect({
          valore: body.valore,
          valore_exp: body.valore_exp,
          soluzione: problema.soluzione,
          soluzione_exp: problema.soluzioneExp,
          intervallo_validita: problema.intervalloValidita,
        });
        const input: ConsegnaInput = {
          squadraId: squadra.row.id,
          sessioneId: squadra.row.sessioneId,
          problema,
          valore: body.valore,
          valoreExp: body.valore_exp,
          momentoConsegna: momento,
          momentoScelto: body.momento_consegna != null || body.momento_digitazione != null,
          ricevuta: now,
          corretto,
          inseritaDa: actor.userId,
          indirizzo: request.ip,
          chiave,
          impronta,
        };
        if (checked.evento.row.doppiaDigitazione) {
          const typing = await registraDigitazione(db, { ...input, inseritaDa: actor.userId! });
          if (typing.esito === 'conflict') throw chiaveRiusata();
          if (typing.esito === 'stale') {
            targets.forget(target);
            if (attempt >= MAX_ATTEMPTS) throw apiError('conflict', MESSAGGI_GARA.datiCambiati);
            continue;
          }
          return rispondiDigitazione(reply, typing);
        }
        const outcome = await batcher.submit(input);
        deps.metriche.consegna(ESITO_METRICA[outcome.esito], corretto);
        if (outcome.esito === 'conflict') throw chiaveRiusata();
        if (outcome.esito === 'stale') {
          targets.forget(target);
          // Only a burst of edits to this very team or problem gets here.
          if (attempt >= MAX_ATTEMPTS) throw apiError('conflict', MESSAGGI_GARA.datiCambiati);
          continue;
        }
        const { row, esito } = outcome;
        // Another request with this key was stored meanwhile (two tabs): its answer.
        if (esito === 'replay') return replay(reply, row);
        if (esito === 'created') annunciaConsegna(deps.modifiche, row);
        // The submitter sees his own value back (he just typed it).
        const names = { squadra: squadra.row.nome, problema: problema.nome, autore: null };
        const out = presentRisposta(row, names, true);
        return reply.status(esito === 'created' ? 201 : 200).send(out);
      }
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
      const { actor } = request;
      const found = await loadRispostaWithSquadra(db, request.params.id);
      const evento = found && (await loadEventoWithAccess(db, found.squadra.eventoId));
      if (!found || !evento || !canSeeEvento(actor, evento.access)) throw apiError('not_found');
      if (!canDeleteAnswers(actor, evento.access)) throw apiError('permission_denied');
      // The row and, for a joker row, its jolly go together.
      const deleted = await db.transaction(async (tx) => {
        const prima = await auditBefore(tx, 'risposta', found.risposta.id);
        const row = await deleteRisposta(tx, found.risposta.id);
        if (row) await auditAfter(tx, request, 'risposta', row.id, prima);
        return row;
      });
      // Deleted meanwhile by someone else: gone all the same, but not by this request.
      if (!deleted) throw apiError('not_found');
      annunciaEliminazione(deps.modifiche, deleted);
      return reply.status(204).send();
    },
  );

  await rispostaAllRoutes(app, deps);
}
