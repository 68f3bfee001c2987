// The rules answers and jokers share: who may submit, for which team and
// problem, and with which delivery time.
import { LIMITI_GARA, MESSAGGI_GARA, pkNonValido } from '@gas/contracts';
import type { DbOrTx } from '../../db/client';
import type { Problema } from '../../db/schema';
import { apiError, fieldErrors, type FieldErrors } from '../../errors';
import {
  canChooseDeliveryTime,
  canSeeEvento,
  canSubmitForSquadra,
  deliveryInWindow,
  type Actor,
  type EventoAccess,
} from '../../policies';
import type { EventoWithAccess } from '../../access/evento-access';
import { eventoOfProblema, type SubmissionTarget } from './queries';

export type CheckedTarget = {
  squadra: NonNullable<SubmissionTarget['squadra']>;
  problema: Problema;
  evento: EventoWithAccess;
};

/**
 * Ids that name nothing the actor can see are field errors (like DRF's
 * related fields, whose queryset hides what the user may not see); so is a
 * problem of another event than the team's. Then 403 when the actor may not
 * act for that team.
 */
export async function checkTarget(
  db: DbOrTx,
  actor: Actor,
  target: SubmissionTarget,
  ids: { squadra: number; problema: number },
): Promise<CheckedTarget> {
  const errors: FieldErrors = {};
  const { squadra, problema, evento } = target;
  const teamVisible = squadra !== null && evento !== null && canSeeEvento(actor, evento.access);
  if (!teamVisible) errors.squadra = [pkNonValido(ids.squadra)];
  if (problema === null) {
    errors.problema = [pkNonValido(ids.problema)];
  } else if (!evento || problema.eventoId !== evento.row.id) {
    // Only now is the problem's own event needed: a private one does not exist for the actor.
    const own = await eventoOfProblema(db, problema.id);
    const visible = own !== null && canSeeEvento(actor, own.access);
    if (!visible) errors.problema = [pkNonValido(ids.problema)];
    else if (teamVisible) errors.problema = [MESSAGGI_GARA.problemaAltroEvento];
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  const checked = { squadra: squadra!, problema: problema!, evento: evento! };
  if (!canSubmitForSquadra(actor, checked.evento.access, checked.squadra.ref)) {
    throw apiError('permission_denied');
  }
  return checked;
}

/** Which deadline a custom delivery time must respect. */
export type MomentoRule = 'risposta' | 'jolly';

/**
 * The delivery time to store, which must fall within the contest whoever
 * submits (nothing counts before the start or after the end, issue 12 item 9):
 * - without momento_consegna it is the server clock: before the start nobody
 *   may submit; after the end (after fine_consegna_jolly for a joker) the
 *   event staff must say when the paper slip was handed in, others are late;
 * - a custom momento_consegna keys in a paper slip: only users who may choose
 *   it (403 otherwise, the field is not even shown to others); never ahead of
 *   the server clock beyond a small skew; within [inizio, fine] for an
 *   answer, [inizio, fine_consegna_jolly] for a joker.
 */
export function deliveryTime(
  actor: Actor,
  evento: EventoAccess,
  body: { momento_consegna?: string | null; momento_digitazione?: string | null },
  now: Date,
  rule: MomentoRule,
): Date {
  const kind = rule === 'risposta' ? 'r' : 'j';
  const momento = body.momento_consegna;
  if (body.momento_digitazione != null) {
    if (momento != null) {
      throw fieldErrors({ momento_digitazione: [MESSAGGI_GARA.digitazioneConMomento] });
    }
    return typingTime(actor, evento, body.momento_digitazione, now, rule);
  }
  const fail = (message: string) => fieldErrors({ momento_consegna: [message] });
  if (momento === null || momento === undefined) {
    if (deliveryInWindow(evento, now, kind)) return now;
    const late = now.getTime() > evento.inizio.getTime();
    if (late && canChooseDeliveryTime(actor, evento)) throw fail(MESSAGGI_GARA.momentoRichiesto);
    const message =
      rule === 'risposta'
        ? MESSAGGI_GARA.garaNonInCorso
        : late
          ? MESSAGGI_GARA.jollyScaduto
          : MESSAGGI_GARA.jollyNonIniziato;
    throw fieldErrors({ non_field_errors: [message] });
  }
  if (!canChooseDeliveryTime(actor, evento)) {
    throw apiError('permission_denied', MESSAGGI_GARA.momentoNonPermesso);
  }
  const t = new Date(momento);
  if (t.getTime() > now.getTime() + LIMITI_GARA.tolleranzaOrologio * 1000) {
    throw fail(MESSAGGI_GARA.momentoNelFuturo);
  }
  if (!deliveryInWindow(evento, t, kind)) {
    throw fail(
      rule === 'jolly' && t > evento.fineConsegnaJolly
        ? MESSAGGI_GARA.momentoDopoJolly
        : MESSAGGI_GARA.momentoFuoriGara,
    );
  }
  return t;
}

/**
 * The moment an answer was typed (issue 17: the outbox of a user who may
 * choose the delivery time sends it, on the server's clock). It is the
 * delivery time when it falls within the contest, is not ahead of the server
 * clock and is at most LIMITI_GARA.ritardoDigitazione minutes old: an older
 * one (or one in the future) says the device's clock is wrong, and the slip
 * is keyed in with its written time instead.
 */
function typingTime(
  actor: Actor,
  evento: EventoAccess,
  digitata: string,
  now: Date,
  rule: MomentoRule,
): Date {
  const fail = (message: string) => fieldErrors({ momento_digitazione: [message] });
  if (!canChooseDeliveryTime(actor, evento)) {
    throw apiError('permission_denied', MESSAGGI_GARA.momentoNonPermesso);
  }
  const t = new Date(digitata);
  if (t.getTime() > now.getTime() + LIMITI_GARA.tolleranzaOrologio * 1000) {
    throw fail(MESSAGGI_GARA.digitazioneNelFuturo);
  }
  if (t.getTime() < now.getTime() - LIMITI_GARA.ritardoDigitazione * 60_000) {
    throw fail(MESSAGGI_GARA.digitazioneTroppoVecchia);
  }
  if (!deliveryInWindow(evento, t, rule === 'risposta' ? 'r' : 'j')) {
    throw fail(
      rule === 'jolly' && t > evento.fineConsegnaJolly
        ? MESSAGGI_GARA.momentoDopoJolly
        : MESSAGGI_GARA.momentoFuoriGara,
    );
  }
  return t;
}

/** 422: an idempotency key already used for another submission. */
export const chiaveRiusata = () => apiError('unprocessable', MESSAGGI_GARA.chiaveRiusata);
