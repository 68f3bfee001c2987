// What the open feed reads (docs/feed.md): the audit log after a token, up
// to the oldest running transaction, and the objects its entries name, as
// they are now.
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import {
  evento,
  jolly,
  messaggioImportante,
  problema,
  registro,
  risposta,
  sessione,
  squadra,
  type Evento,
  type ModificheRegistro,
} from '../../db/schema';
import { scoringEventColumns } from '../../scores/queries';
import { scoringParams, toScoringEvent } from '../../scores/rows';

/**
 * Where the feed is, in (xid, id) order: every audit entry up to it has been
 * read. (H, 0) stands before every entry of transaction H and those after it.
 * `da` (µs since the epoch, or null for a token of the first format): every
 * entry after the position that the reader has not seen yet was written at
 * or after it. The feed's read is bounded by the log's `momento` index from
 * there, so the answers' path needs no index on `xid` (docs/feed.md).
 */
export type Posizione = { xid: number; id: number; da: number | null };

/** The audit entries the feed turns into lines (other resources never touch a ranking). */
export const RISORSE_DEL_FEED = [
  'risposta',
  'jolly',
  'squadra',
  'evento',
  'sessione',
  'problema',
  'messaggio-importante',
] as const;

export type VoceRegistro = {
  id: number;
  xid: number;
  risorsa: string;
  oggettoId: number | null;
  modifiche: ModificheRegistro;
};

/**
 * Taken off every bound: a transaction's start time is published to
 * `pg_stat_activity` a moment after it is taken, and a read must never
 * start after an entry it has not seen.
 */
const MARGINE_US = 1_000_000;

/** µs since the epoch, exact (a bigint as text: a double would round). */
const microsecondi = (t: SQL) => sql`(extract(epoch from ${t}) * 1000000)::bigint::text`;
const istante = (us: number) => sql`('epoch'::timestamptz + ${us} * interval '1 microsecond')`;

/**
 * Before a read's snapshot: when the oldest transaction now running in this
 * database started (or this statement's own, if none is older), less a
 * margin. Every transaction that has not committed when the next snapshot
 * is taken writes its entries' `momento` (its start, `now()`) at or after
 * it. Not counted, as they never write the log: PostgreSQL's own workers
 * (autovacuum) and pg_dump, whose one long transaction would otherwise make
 * every read during a backup scan the log since the backup began.
 */
export async function inizioDeiRunning(db: DbOrTx): Promise<number> {
  const result = await db.execute(
    sql`select ${microsecondi(sql`least(now(), min(xact_start))`)} as us from pg_stat_activity
        where datname = current_database() and backend_type <> 'autovacuum worker'
          and application_name <> 'pg_dump'`,
  );
  return Number(rowsOf<{ us: string }>(result)[0]!.us) - MARGINE_US;
}

/**
 * The oldest transaction still running (or the next to start): the entries
 * of older transactions are final, nothing can commit among them any more.
 */
async function orizzonte(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as x`);
  return Number(rowsOf<{ x: string }>(result)[0]!.x);
}

const dopoLaPosizione = (p: Posizione) =>
  and(
    p.da === null ? undefined : gte(registro.momento, istante(p.da)),
    sql`(${registro.xid}, ${registro.id}) > (${p.xid}, ${p.id})`,
    inArray(registro.risorsa, [...RISORSE_DEL_FEED]),
  );

/**
 * The final audit entries after `dopo` (at most `limite`, in (xid, id)
 * order: an entry of a transaction still running is read once it ends,
 * together with everything older than it) and the position they reach.
 * One snapshot for the horizon, the entries and the next position's bound;
 * `inizio` (inizioDeiRunning) was read before it.
 */
export function vociDopo(
  db: Db,
  dopo: Posizione,
  inizio: number,
  limite: number,
): Promise<{ voci: VoceRegistro[]; posizione: Posizione; fine: boolean }> {
  return db.transaction(
    async (tx) => {
      const prima = await orizzonte(tx);
      const voci = await tx
        .select({
          id: registro.id,
          xid: registro.xid,
          risorsa: registro.risorsa,
          oggettoId: registro.oggettoId,
          modifiche: registro.modifiche,
        })
        .from(registro)
        .where(and(dopoLaPosizione(dopo), lt(registro.xid, prima)))
        .orderBy(asc(registro.xid), asc(registro.id))
        .limit(limite);
      const fine = voci.length < limite;
      const ultima = voci.at(-1);
      // Everything before the horizon has been read: go on from it, so that
      // a quiet session does not scan other sessions' entries again.
      const dove = !fine
        ? { xid: ultima!.xid, id: ultima!.id }
        : dopo.xid > prima
          ? dopo
          : { xid: prima, id: 0 };
      // The entries after it already committed (a transaction younger than
      // the horizon, or beyond the limit) may be older than `inizio`.
      const [restante] = await tx
        .select({ us: microsecondi(sql`min(${registro.momento})`) })
        .from(registro)
        .where(dopoLaPosizione({ ...dove, da: dopo.da }));
      const da = restante?.us == null ? inizio : Math.min(inizio, Number(restante.us));
      return { voci, posizione: { ...dove, da }, fine };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export function eventoFeed(e: Evento) {
  return {
    id: e.id,
    titolo: e.titolo,
    inizio: e.inizio.toISOString(),
    fine: e.fine.toISOString(),
    fine_consegna_jolly: e.fineConsegnaJolly?.toISOString() ?? null,
    parametri: scoringParams(e),
  };
}

const squadraColumns = {
  id: squadra.id,
  nome: squadra.nome,
  ospite: squadra.ospite,
  ordine_eta: squadra.ordineEta,
  penalita: squadra.penalita,
  scuola: squadra.scuolaId,
  polo: squadra.poloId,
  sessioneId: squadra.sessioneId,
};
const problemaColumns = {
  id: problema.id,
  nome: problema.nome,
  ordine: problema.ordine,
  eventoId: problema.eventoId,
};
const messaggioColumns = {
  id: messaggioImportante.id,
  testo: messaggioImportante.testo,
  data: messaggioImportante.data,
  eventoId: messaggioImportante.eventoId,
};

/** The session with its event, or null. */
export async function sessioneConEvento(db: DbOrTx, sessioneId: number) {
  const [row] = await db
    .select({ s: sessione, e: evento })
    .from(sessione)
    .innerJoin(evento, eq(evento.id, sessione.eventoId))
    .where(eq(sessione.id, sessioneId));
  return row ?? null;
}

/** The whole state of a session and the feed's position, read in one snapshot. */
export async function statoSessione(db: Db, sessioneId: number) {
  // Whatever has not committed when the state's snapshot is taken started after this.
  const inizio = await inizioDeiRunning(db);
  return db.transaction(
    async (tx) => {
      const head = await sessioneConEvento(tx, sessioneId);
      if (!head) return null;
      const { s, e } = head;
      const [xid, problemi, squadre, eventi, messaggi] = await Promise.all([
        // Read in the state's snapshot: everything older is in the state;
        // what is newer is read again from the feed (the lines are idempotent).
        orizzonte(tx),
        tx
          .select(problemaColumns)
          .from(problema)
          .where(eq(problema.eventoId, e.id))
          .orderBy(asc(problema.ordine), asc(problema.id)),
        tx
          .select(squadraColumns)
          .from(squadra)
          .where(eq(squadra.sessioneId, sessioneId))
          .orderBy(asc(squadra.id)),
        tx
          .select(scoringEventColumns)
          .from(risposta)
          .where(eq(risposta.sessioneId, sessioneId))
          .orderBy(asc(risposta.date), asc(risposta.id)),
        tx
          .select(messaggioColumns)
          .from(messaggioImportante)
          .where(eq(messaggioImportante.eventoId, e.id))
          .orderBy(asc(messaggioImportante.id)),
      ]);
      const posizione: Posizione = { xid, id: 0, da: inizio };
      return { s, e, posizione, problemi, squadre, eventi: eventi.map(toScoringEvent), messaggi };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The objects the entries name, as they are now (missing: deleted). */
export async function oggettiAttuali(
  db: DbOrTx,
  ids: { risposte: number[]; squadre: number[]; problemi: number[]; messaggi: number[] },
) {
  const none = <T>() => Promise.resolve([] as T[]);
  const [risposte, squadre, problemi, messaggi] = await Promise.all([
    ids.risposte.length
      ? db
          .select({ ...scoringEventColumns, sessioneId: risposta.sessioneId })
          .from(risposta)
          .where(inArray(risposta.id, ids.risposte))
      : none<never>(),
    ids.squadre.length
      ? db.select(squadraColumns).from(squadra).where(inArray(squadra.id, ids.squadre))
      : none<never>(),
    ids.problemi.length
      ? db.select(problemaColumns).from(problema).where(inArray(problema.id, ids.problemi))
      : none<never>(),
    ids.messaggi.length
      ? db
          .select(messaggioColumns)
          .from(messaggioImportante)
          .where(inArray(messaggioImportante.id, ids.messaggi))
      : none<never>(),
  ]);
  return { risposte, squadre, problemi, messaggi };
}

/** The joker answers (kind j) of these teams, now. */
export function jollyDelleSquadre(db: DbOrTx, squadre: number[]) {
  if (squadre.length === 0) return Promise.resolve([]);
  return db
    .select(scoringEventColumns)
    .from(risposta)
    .where(and(inArray(risposta.squadraId, squadre), eq(risposta.kind, 'j')));
}

/** The jokers' teams, by joker id (the audit names a joker by its own id). */
export async function squadreDeiJolly(
  db: DbOrTx,
  jollyIds: number[],
): Promise<Map<number, number>> {
  if (jollyIds.length === 0) return new Map();
  const rows = await db
    .select({ id: jolly.id, squadraId: jolly.squadraId })
    .from(jolly)
    .where(inArray(jolly.id, jollyIds));
  return new Map(rows.map((r) => [r.id, r.squadraId]));
}
