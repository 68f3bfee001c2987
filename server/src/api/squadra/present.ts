// The team payload (spec §3 Squadra). Everyone who sees the event gets the
// public part (what the session cards, rankings and maps show); the members'
// names and school years, the external id and the penalty only the team's
// owners and the event staff (canSeeSquadraDettagli).
import {
  canEditSquadra,
  canSeeSquadraDettagli,
  type Actor,
  type EventoAccess,
} from '../../policies';
import { presentScuola } from '../shared/present-luoghi';
import { type SquadraFull } from '../../gara/squadre/queries';
import { squadraRefOf } from '../../gara/risposte/queries';

export function presentSquadra(full: SquadraFull, evento: EventoAccess, actor: Actor, now: Date) {
  const { squadra: s } = full;
  const ref = squadraRefOf(s, full.responsabili);
  const pubblico = {
    id: s.id,
    nome: s.nome,
    scuola: full.scuola ? presentScuola(full.scuola, full.citta) : null,
    sessione: s.sessioneId,
    evento: s.eventoId,
    polo: s.poloId,
    ufficiale: s.ufficiale,
    ospite: s.ospite,
    ordine_eta: s.ordineEta,
    responsabili: full.responsabili,
    /** Drives the edit button of le-tue-squadre. */
    puo_modificare: canEditSquadra(actor, evento, ref, now),
  };
  if (!canSeeSquadraDettagli(actor, evento, ref)) return pubblico;
  return {
    ...pubblico,
    id_esterno: s.idEsterno,
    capitano: s.capitano,
    consegnatore: s.consegnatore,
    p1: s.p1,
    p2: s.p2,
    p3: s.p3,
    anno_capitano: s.annoCapitano,
    anno_consegnatore: s.annoConsegnatore,
    anno_p1: s.annoP1,
    anno_p2: s.annoP2,
    anno_p3: s.annoP3,
    penalita: s.penalita,
  };
}
