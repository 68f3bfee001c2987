// Which stored answers count for the scores: those delivered within the
// contest. The submission routes refuse anything else (issue 12 item 9), but
// rows stored before that rule, or before the event's dates were moved, must
// not count either: every read that feeds a ranking (live snapshots,
// risposta-all and pk_risposte, the Albo d'oro) filters with this.
import { sql, type SQL } from 'drizzle-orm';
import { evento, risposta, sessione } from './schema';

/**
 * An answer counts from its event's start to its end, a joker from the start
 * to fine_consegna_jolly (inclusive, as the submission windows). With a
 * session id the bounds are read once per query; without, per row's session.
 */
export function countsForScores(sessioneId?: number): SQL {
  const of = sessioneId ?? risposta.sessioneId;
  const bound = (column: SQL | typeof evento.inizio) =>
    sql`(select ${column} from ${evento} join ${sessione} on ${sessione.eventoId} = ${evento.id} where ${sessione.id} = ${of})`;
  const fine = sql`case when ${risposta.kind} = 'j' then ${bound(sql`coalesce(${evento.fineConsegnaJolly}, ${evento.fine})`)} else ${bound(evento.fine)} end`;
  return sql`(${risposta.date} >= ${bound(evento.inizio)} and ${risposta.date} <= ${fine})`;
}
