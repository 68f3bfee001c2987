// /api/gas/digitazione/: double entry of paper slips (issue 17). The typings
// of a session (its staff), the administrators' decision on two typings that
// disagree, and the removal of a typing that waits for its twin. The typings
// themselves arrive through POST /api/gas/risposta/ (risposta/routes.ts).
import {
  digitazioneSchema,
  idParam,
  idParams,
  MESSAGGI_GARA,
  risoluzioneDigitazioneRequest,
  STATI_DIGITAZIONE,
} from '@gas/contracts';
import { isAnswerCorrect, parseAnswerValue } from '@gas/scoring';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Digitazione, Problema } from '../../db/schema';
import { apiError, fieldErrors } from '../../errors';
import { canSeeEvento, isEventoAdmin, isEventoStaff, type Actor } from '../../policies';
import { loadEventoWithAccess } from '../../access/queries';
import { auditContext } from '../../audit/queries';
import type { ApiDeps } from '../deps';
import { noContent, ok, page } from '../shared/responses';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { annunciaConsegna } from '../../gara/risposte/annunci';
import { requireLogin } from '../shared/login';
import { sessioneById } from '../../gara/queries';
import { presentDigitazione } from '../shared/present-digitazione';
import {
  digitazioneConNomi,
  listaDigitazioni,
  loadDigitazione,
  risolviCoppia,
  scartaInAttesa,
  type Decisione,
} from '../../gara/digitazione/queries';

const listQuery = paginationQuery.extend({
  sessione: idParam,
  stato: z.enum(STATI_DIGITAZIONE).optional(),
});

export async function digitazioneRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A typing and its event, as the actor may see them (404 otherwise). */
  async function typingOf(actor: Actor, id: number) {
    const d = await loadDigitazione(db, id);
    const target = d && (await deps.targets.target(d.squadraId, d.problemaId, true));
    const evento = target?.evento;
    if (!d || !target?.problema || !evento || !canSeeEvento(actor, evento.access)) {
      throw apiError('not_found');
    }
    if (!isEventoStaff(actor, evento.access)) throw apiError('permission_denied');
    return { d, problema: target.problema, evento };
  }

  async function present(id: number) {
    const out = await digitazioneConNomi(db, id);
    if (!out) throw apiError('not_found');
    return presentDigitazione(out);
  }

  r.get(
    '/api/gas/digitazione/',
    {
      schema: {
        response: page(digitazioneSchema),
        tags: ['digitazione'],
        summary: 'Digitazioni di una sessione (doppia digitazione)',
        description:
          'Amministratori, inseritori e superutenti dell’evento (altri: 403). Prima le coppie discordanti da risolvere, poi quelle in attesa della seconda digitazione (dalla più vecchia), poi le altre (dalla più recente). `stato` filtra.',
        querystring: listQuery,
      },
      preValidation: requireLogin,
    },
    async (request) => {
      const { actor } = request;
      const q = request.query;
      const sessione = await sessioneById(db, q.sessione);
      const evento = sessione && (await loadEventoWithAccess(db, sessione.eventoId));
      if (!evento || !canSeeEvento(actor, evento.access)) throw apiError('not_found');
      if (!isEventoStaff(actor, evento.access)) throw apiError('permission_denied');
      const window = pageWindow(q);
      const { total, rows } = await listaDigitazioni(
        db,
        q.sessione,
        q.stato ? [q.stato] : null,
        window,
      );
      return pageOf(request, window, total, rows.map(presentDigitazione));
    },
  );

  r.post(
    '/api/gas/digitazione/:id/risolvi/',
    {
      schema: {
        response: ok(digitazioneSchema),
        tags: ['digitazione'],
        operationId: 'resolveDigitazione',
        summary: 'Risolve due digitazioni discordanti',
        description:
          'Amministratori dell’evento e superutenti (altri: 403). `accetta` registra la risposta di una delle due digitazioni, `correggi` il valore letto sul foglio, `scarta` nessuna; il momento di consegna è il primo dei due. Entrambe le digitazioni passano a `risolta` o `scartata` e la decisione è nel registro delle modifiche. Coppia già risolta: 400.',
        params: idParams,
        body: risoluzioneDigitazioneRequest,
      },
      preValidation: requireLogin,
    },
    async (request) => {
      const { actor } = request;
      const { d, problema, evento } = await typingOf(actor, request.params.id);
      if (!isEventoAdmin(actor, evento.access)) throw apiError('permission_denied');
      if (d.stato !== 'discordante' || d.abbinataA === null) {
        const message =
          d.stato === 'risolta' || d.stato === 'scartata'
            ? MESSAGGI_GARA.digitazioneRisolta
            : MESSAGGI_GARA.digitazioneNonDiscordante;
        throw fieldErrors({ non_field_errors: [message] });
      }
      const decisione = await decisioneDi(db, request.body, d, problema);
      const now = new Date();
      const esito = await risolviCoppia(
        db,
        { ...auditContext(request, 'api'), userId: actor.userId! },
        d.id,
        decisione,
        (prima) => ({
          squadraId: prima.squadraId,
          sessioneId: prima.sessioneId,
          problema,
          valore: prima.valore,
          valoreExp: prima.valoreExp,
          momentoConsegna: prima.momentoConsegna,
          momentoScelto: prima.momentoScelto,
          ricevuta: now,
          corretto: false,
          inseritaDa: actor.userId,
          indirizzo: request.ip,
          chiave: null,
          impronta: null,
        }),
        now,
      );
      if (esito.esito === 'gia_risolta') {
        throw fieldErrors({ non_field_errors: [MESSAGGI_GARA.digitazioneRisolta] });
      }
      if (esito.esito === 'stale') {
        deps.targets.forget({ squadra: null, problema, evento });
        throw apiError('conflict', MESSAGGI_GARA.datiCambiati);
      }
      if (esito.nuova && esito.risposta) {
        deps.metriche.consegna('creata', esito.risposta.corretto);
        annunciaConsegna(deps.modifiche, esito.risposta);
      }
      return present(d.id);
    },
  );

  r.delete(
    '/api/gas/digitazione/:id/',
    {
      schema: {
        response: noContent,
        tags: ['digitazione'],
        summary: 'Elimina una digitazione in attesa della seconda',
        description:
          'Chi l’ha digitata, gli amministratori dell’evento e i superutenti (altri: 403): 204, la digitazione passa a `scartata` (resta nel registro). Solo se è ancora in attesa: altrimenti 400.',
        params: idParams,
      },
      preValidation: requireLogin,
    },
    async (request, reply) => {
      const { actor } = request;
      const { d, evento } = await typingOf(actor, request.params.id);
      if (d.utenteId !== actor.userId && !isEventoAdmin(actor, evento.access)) {
        throw apiError('permission_denied');
      }
      const done = await scartaInAttesa(db, auditContext(request, 'api'), d.id, new Date());
      if (!done) throw fieldErrors({ non_field_errors: [MESSAGGI_GARA.digitazioneNonInAttesa] });
      return reply.status(204).send();
    },
  );
}

/** The decision of the request, with the answer's outcome against the problem's solution. */
async function decisioneDi(
  db: DbOrTx,
  body: z.infer<typeof risoluzioneDigitazioneRequest>,
  d: Digitazione,
  problema: Problema,
): Promise<Decisione> {
  if (body.azione === 'scarta') return { azione: 'scarta' };
  let lettura: { valore: string; valoreExp: number; accettata: number | null };
  if (body.azione === 'accetta') {
    if (body.digitazione !== d.id && body.digitazione !== d.abbinataA) {
      throw fieldErrors({ digitazione: [MESSAGGI_GARA.digitazioneDaScegliere] });
    }
    const scelta = body.digitazione === d.id ? d : await loadDigitazione(db, body.digitazione);
    if (!scelta) throw fieldErrors({ digitazione: [MESSAGGI_GARA.digitazioneDaScegliere] });
    lettura = {
      valore: scelta.valore,
      valoreExp: scelta.valoreExp,
      accettata: scelta.id,
    };
  } else {
    if (parseAnswerValue(body.valore) === null) {
      throw fieldErrors({ valore: [MESSAGGI_GARA.valoreNonValido] });
    }
    lettura = { valore: body.valore, valoreExp: body.valore_exp, accettata: null };
  }
  const corretto = isAnswerCorrect({
    valore: lettura.valore,
    valore_exp: lettura.valoreExp,
    soluzione: problema.soluzione,
    soluzione_exp: problema.soluzioneExp,
    intervallo_validita: problema.intervalloValidita,
  });
  return { azione: 'registra', ...lettura, corretto };
}
