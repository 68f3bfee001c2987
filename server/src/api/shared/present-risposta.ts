// JSON shapes of answers: the full row of the answer pages (RispostaOut of
// @gas/contracts) and the scoring event of risposta-all and the live feed.
import type { RispostaOut } from '@gas/contracts';
import type { Risposta } from '../../db/schema';
import { toScoringEvent, type ScoreEvent, type ScoringEventRow } from '../../scores/rows';

export type Autore = { username: string; firstName: string; lastName: string } | null;

/** A user as the answer pages name him: full name, else the username. */
export function nomeDi(autore: Autore): string | null {
  if (!autore) return null;
  return `${autore.firstName} ${autore.lastName}`.trim() || autore.username;
}

/** `valore` and `valore_exp` are null when the user may not see answer values yet. */
export function presentRisposta(
  row: Risposta,
  names: { squadra: string; problema: string; autore: Autore },
  showValue: boolean,
): RispostaOut {
  return {
    id: row.id,
    problema: row.problemaId,
    problema_nome: names.problema,
    squadra: row.squadraId,
    squadra_nome: names.squadra,
    sessione: row.sessioneId,
    valore: showValue ? row.valore : null,
    valore_exp: showValue ? row.valoreExp : null,
    kind: row.kind,
    corretto: row.corretto,
    momento_consegna: row.momentoConsegna.toISOString(),
    date: row.date.toISOString(),
    date_received: row.dateReceived.toISOString(),
    inserita_da: row.inseritaDa,
    inserita_da_nome: nomeDi(names.autore),
  };
}

/** spec §5: `c` only on answers; `date_received` only for the latency tab (superuser). */
export function presentEvento(
  row: ScoringEventRow & { dateReceived: Date },
  withReceived: boolean,
): ScoreEvent & { date_received?: string } {
  const event = toScoringEvent(row);
  return withReceived ? { ...event, date_received: row.dateReceived.toISOString() } : event;
}
