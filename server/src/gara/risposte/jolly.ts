// Use case: a team's joker ('Imposta come jolly', spec §4). Once per team, a
// problem of the team's event, from the start to fine_consegna_jolly (the
// event's staff later too, saying when the slip was handed in). The joker and
// its answer row of kind j (which carries the choice into the live feed and
// the rankings) are written and audited in one transaction, then announced.
import { MESSAGGI_GARA } from '@gas/contracts';
import type { AuditContext } from '../../audit/queries';
import { PG_UNIQUE_VIOLATION, pgError, type Db } from '../../db/client';
import type { Jolly, Risposta } from '../../db/schema';
import { fieldErrors } from '../../errors';
import { canRecordJokerAt, type Actor } from '../../policies';
import type { FlussoModifiche } from '../modifiche';
import { auditAfter } from '../registro/audit';
import { annunciaConsegna } from './annunci';
import { consegnaJolly } from './consegna';
import {
  findJolly,
  insertJolly,
  jollyDellaRisposta,
  loadSubmissionTarget,
  rispostaPerChiave,
} from './queries';
import { checkTarget, chiaveRiusata, deliveryTime } from './regole';

export type RichiestaJolly = {
  squadra: number;
  problema: number;
  momento_consegna?: string | null;
  momento_digitazione?: string | null;
};

/** Who asks, and the request's idempotency key with the fingerprint of its body. */
export type ContestoConsegna = {
  actor: Actor;
  audit: AuditContext;
  chiave: string | null;
  impronta: string | null;
  ora: Date;
};

/** The joker stored; `ripetuto`: stored before under the same key (a retry). */
export type JollyScelto = { row: Jolly; risposta: Risposta; ripetuto: boolean };

const giaScelto = () => fieldErrors({ non_field_errors: [MESSAGGI_GARA.jollyGiaScelto] });

export async function scegliJolly(
  deps: { db: Db; modifiche: Pick<FlussoModifiche, 'emetti'> },
  contesto: ContestoConsegna,
  richiesta: RichiestaJolly,
): Promise<JollyScelto> {
  const { db } = deps;
  const { actor, chiave, impronta, ora } = contesto;
  /** The joker this key already stored (null: none), or 422 for another request. */
  const giaRegistrato = async (): Promise<JollyScelto | null> => {
    if (chiave === null) return null;
    const risposta = await rispostaPerChiave(db, actor.userId!, chiave);
    if (!risposta) return null;
    const row = risposta.kind === 'j' ? await jollyDellaRisposta(db, risposta.id) : null;
    if (!row || risposta.improntaRichiesta !== impronta) throw chiaveRiusata();
    return { row, risposta, ripetuto: true };
  };
  const replay = await giaRegistrato();
  if (replay) return replay;
  let created: { row: Jolly; risposta: Risposta } | null;
  try {
    created = await db.transaction(async (tx) => {
      // Locks the team row: two choices for one team cannot interleave.
      const target = await loadSubmissionTarget(tx, richiesta.squadra, richiesta.problema);
      const { squadra, problema, evento } = await checkTarget(tx, actor, target, richiesta);
      const momento = deliveryTime(actor, evento.access, richiesta, ora, 'jolly');
      if (!canRecordJokerAt(actor, evento.access, ora)) {
        throw fieldErrors({ non_field_errors: [MESSAGGI_GARA.jollyScaduto] });
      }
      // Taken: by another choice, or by this very key in another tab (below).
      if (await findJolly(tx, squadra.row.id)) return null;
      // The answer row, as every answer row is stored (gas_consegna_risposte,
      // with its audit entry); a key already used answers with its row.
      const stored = await consegnaJolly(tx, {
        squadraId: squadra.row.id,
        sessioneId: squadra.row.sessioneId,
        problemaId: problema.id,
        momentoConsegna: momento,
        ricevuta: ora,
        inseritaDa: actor.userId,
        indirizzo: contesto.audit.indirizzo,
        chiave,
        impronta,
      });
      if (stored.esito === 'stale') throw new Error('squadra cambiata sotto il lock');
      // Stored before under this key: by another tab, answered below.
      if (stored.esito !== 'created') return null;
      const risposta = stored.row;
      const row = await insertJolly(tx, {
        squadraId: squadra.row.id,
        problemaId: problema.id,
        rispostaId: risposta.id,
        createdAt: ora,
      });
      await auditAfter(tx, contesto.audit, 'jolly', row.id, null);
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
    if (replayed) return replayed;
    throw giaScelto();
  }
  annunciaConsegna(deps.modifiche, created.risposta);
  return { ...created, ripetuto: false };
}
