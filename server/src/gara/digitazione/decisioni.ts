// Use cases of double entry (issue 17) after the typings: the event
// administrators' decision on two typings that disagree (the answer it
// stores is audited with the decision and announced), and the removal of a
// typing that still waits for its twin.
import { MESSAGGI_GARA, type risoluzioneDigitazioneRequest } from '@gas/contracts';
import { isAnswerCorrect, parseAnswerValue } from '@gas/scoring';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/queries';
import type { Db, DbOrTx } from '../../db/client';
import type { Digitazione, Problema } from '../../db/schema';
import { apiError, fieldErrors } from '../../errors';
import { canSeeEvento, isEventoAdmin, isEventoStaff, type Actor } from '../../policies';
import type { FlussoModifiche } from '../modifiche';
import { annunciaConsegna } from '../risposte/annunci';
import type { SubmissionTargets } from '../risposte/targets';
import { loadDigitazione, risolviCoppia, scartaInAttesa, type Decisione } from './queries';

export type DepsDigitazione = {
  db: Db;
  targets: SubmissionTargets;
  modifiche: Pick<FlussoModifiche, 'emetti'>;
  /** Counts an answer stored by a decision (metrics). */
  conta(corretta: boolean | null): void;
};
type Chi = { actor: Actor; audit: AuditContext; indirizzo: string };

/** A typing and its event, as the actor may see them (404 otherwise; 403 for non-staff). */
async function digitazioneVisibile(deps: DepsDigitazione, actor: Actor, id: number) {
  const d = await loadDigitazione(deps.db, id);
  const target = d && (await deps.targets.target(d.squadraId, d.problemaId, true));
  const evento = target?.evento;
  if (!d || !target?.problema || !evento || !canSeeEvento(actor, evento.access)) {
    throw apiError('not_found');
  }
  if (!isEventoStaff(actor, evento.access)) throw apiError('permission_denied');
  return { d, problema: target.problema, evento };
}

/**
 * `accetta` stores one typing's reading, `correggi` the value read on the
 * slip, `scarta` nothing; the delivery time is the earlier of the two. Both
 * typings end `risolta` or `scartata`.
 */
export async function decidiCoppia(
  deps: DepsDigitazione,
  { actor, audit, indirizzo }: Chi,
  id: number,
  richiesta: z.infer<typeof risoluzioneDigitazioneRequest>,
): Promise<void> {
  const { d, problema, evento } = await digitazioneVisibile(deps, actor, id);
  if (!isEventoAdmin(actor, evento.access)) throw apiError('permission_denied');
  if (d.stato !== 'discordante' || d.abbinataA === null) {
    const message =
      d.stato === 'risolta' || d.stato === 'scartata'
        ? MESSAGGI_GARA.digitazioneRisolta
        : MESSAGGI_GARA.digitazioneNonDiscordante;
    throw fieldErrors({ non_field_errors: [message] });
  }
  const decisione = await decisioneDi(deps.db, richiesta, d, problema);
  const now = new Date();
  const esito = await risolviCoppia(
    deps.db,
    { ...audit, userId: actor.userId! },
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
      indirizzo,
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
    deps.conta(esito.risposta.corretto);
    annunciaConsegna(deps.modifiche, esito.risposta);
  }
}

/** Its typist, the event's administrators and superusers remove a typing still waiting: it ends `scartata`. */
export async function scartaDigitazione(
  deps: DepsDigitazione,
  { actor, audit }: Chi,
  id: number,
): Promise<void> {
  const { d, evento } = await digitazioneVisibile(deps, actor, id);
  if (d.utenteId !== actor.userId && !isEventoAdmin(actor, evento.access)) {
    throw apiError('permission_denied');
  }
  const done = await scartaInAttesa(deps.db, audit, d.id, new Date());
  if (!done) throw fieldErrors({ non_field_errors: [MESSAGGI_GARA.digitazioneNonInAttesa] });
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
