// What the score snapshots read: everything a session's snapshot is built
// from, in one repeatable-read transaction, and the fingerprint that tells
// whether a cached snapshot is still current; and the stored snapshots
// (punteggi_cache) that 'delete_cache' empties.
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client';
import { countsForScores } from '../db/contest-window';
import { evento, problema, punteggiCache, risposta, sessione, squadra } from '../db/schema';
import type { SessionData } from './build';
import { MODULO_IMPRONTE } from './impronte';
import { scoringParams, toScoringEvent, type ScoreEvent, type ScoringEventRow } from './rows';

/** A risposta row in the short form toScoringEvent (rows.ts) reads. */
export const scoringEventColumns = {
  id: risposta.id,
  k: risposta.kind,
  s: risposta.squadraId,
  p: risposta.problemaId,
  c: risposta.corretto,
  d: risposta.date,
};

/** The hash of the current `risposta` row, as improntaEvento (impronte.ts) computes it. */
const improntaSql = sql`('x' || substr(md5(concat_ws(':', ${risposta.id}, ${risposta.kind},
    ${risposta.squadraId}, ${risposta.problemaId},
    case when ${risposta.kind} = 'j' then '' when ${risposta.corretto} then '1' else '0' end,
    floor(extract(epoch from ${risposta.date}) * 1000)::bigint)), 1, 13))::bit(52)::bigint`;

// Row texts (`row(...)::text`) keep NULL and '' apart, unlike concat_ws.
// The answers' part is not a hash of them in order but their count and the sum
// of each counted answer's own hash (impronte.ts): the snapshot cache keeps it
// up to date answer by answer and checks it against this without a rebuild.
function fingerprintQuery(sessioneId: number) {
  return sql`select concat(md5(concat(
    (select row(e.inizio, e.fine, e.fine_consegna_jolly, e.pti_tolti_errore,
        e.pti_base_montepremi, e.max_errori_raise_montepremi, e.errore_punteggi_raise,
        e.punteggio_base_problemi, e.bonus_velocita, e.scaling_bonus_velocita,
        e.scaling_bonus_montepremi, s.nome, s.numero_qualificati)::text
      from sessione s join evento e on e.id = s.evento_id where s.id = ${sessioneId}),
    '|', (select string_agg(row(p.id, p.nome, p.ordine)::text, ';' order by p.ordine, p.id)
      from problema p join sessione s on s.evento_id = p.evento_id where s.id = ${sessioneId}),
    '|', (select string_agg(row(q.id, q.nome, q.ospite, q.ordine_eta, q.penalita, q.scuola_id,
        q.polo_id)::text, ';' order by q.id)
      from squadra q where q.sessione_id = ${sessioneId})
  )), '|', (select count(*) || ':' || coalesce(sum(${improntaSql}) % ${MODULO_IMPRONTE}, 0)
      from ${risposta}
      where ${risposta.sessioneId} = ${sessioneId} and ${countsForScores(sessioneId)})
  ) as fp`;
}

/** Of everything a snapshot is built from (answers, teams, problems, parameters). */
export async function sessionFingerprint(db: DbOrTx, sessioneId: number): Promise<string> {
  return rowsOf<{ fp: string }>(await db.execute(fingerprintQuery(sessioneId)))[0]!.fp;
}

/**
 * Everything a snapshot needs, read in one repeatable-read transaction so that
 * the rows and their fingerprint describe the same moment.
 */
export async function loadSessionData(
  database: DbOrTx,
  sessioneId: number,
): Promise<SessionData | null> {
  return database.transaction(
    async (tx) => {
      const [head] = await tx
        .select({ s: sessione, e: evento })
        .from(sessione)
        .innerJoin(evento, eq(evento.id, sessione.eventoId))
        .where(eq(sessione.id, sessioneId));
      if (!head) return null;
      const { s, e } = head;
      const problemi = await tx
        .select({ id: problema.id, nome: problema.nome })
        .from(problema)
        .where(eq(problema.eventoId, e.id))
        .orderBy(asc(problema.ordine), asc(problema.id));
      const squadre = await tx
        .select()
        .from(squadra)
        .where(eq(squadra.sessioneId, sessioneId))
        .orderBy(asc(squadra.id));
      return {
        sessione: { id: s.id, nome: s.nome, numeroQualificati: s.numeroQualificati },
        evento: {
          id: e.id,
          inizio: e.inizio,
          fine: e.fine,
          fineConsegnaJolly: e.fineConsegnaJolly,
          params: scoringParams(e),
        },
        problemi,
        squadre,
        eventi: await eventiDellaSessione(tx, sessioneId),
        fingerprint: await sessionFingerprint(tx, sessioneId),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The session's scoring events in the replay's order, as toScoringEvent
 * (rows.ts) writes them. Read as plain rows with the date already in
 * JavaScript's ISO form (milliseconds cut, as a Date cuts them): a
 * snapshot of 40,000 answers is rebuilt after every answer, and mapping
 * each row through the ORM and a Date cost more than the query
 * (docs/performance.md, the storm). snapshots.test.ts holds it to the
 * same events as the ORM's path, microseconds included.
 */
export async function eventiDellaSessione(db: DbOrTx, sessioneId: number): Promise<ScoreEvent[]> {
  const rows = rowsOf<ScoringEventRow & { d: string }>(
    await db.execute(sql`select ${risposta.id} as id, ${risposta.kind} as k,
        ${risposta.squadraId} as s, ${risposta.problemaId} as p, ${risposta.corretto} as c,
        to_char(${risposta.date} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as d
      from ${risposta}
      where ${risposta.sessioneId} = ${sessioneId} and ${countsForScores(sessioneId)}
      order by ${risposta.date}, ${risposta.id}`),
  );
  return rows.map(toScoringEvent);
}

/** The session's snapshots stored by an import or an older version. */
export async function deleteStoredSnapshots(db: DbOrTx, sessioneId: number): Promise<void> {
  await db.delete(punteggiCache).where(eq(punteggiCache.sessioneId, sessioneId));
}
