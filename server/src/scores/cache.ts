// Score snapshots of a session: the leaderboard JSON served by
// /sessione/{id}/punteggi/ and the score state of /sessione/{id}/stato/, both
// computed with @gas/scoring from the session's answers and cached in memory
// per session and per app instance.
//
//   const snapshots = snapshotsFor(deps);
//   await snapshots.get(id)    // cached or rebuilt; null = no such session
//   snapshots.invalidate(id)   // write paths, right after their commit
//   await snapshots.clear(id)  // admin 'delete_cache'
//
// Why memory and not the punteggi_cache table: a rebuild from the answers
// takes milliseconds, while writing a JSON blob per change would add a write to
// every submission. The rebuild is deterministic (same rows and same `ora`,
// same JSON), so a restart loses nothing. clear() still empties the table, so
// snapshots stored there by an import or an older version go too.
//
// Staleness is bounded two ways: write paths call invalidate() after commit
// (a cross-instance bridge should call it too for a remote npe/npe_delete, and
// keep snapshot_invalidated local); and an entry is re-checked at most every
// `freshnessMs` against a fingerprint of everything it was built from
// (answers, teams, problems, parameters), which also catches edits made by
// other endpoints or other instances.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  LiveScoring,
  NEW_WINDOW_MS,
  withHistory,
  type LeaderboardEntry,
  type ScoreSnapshot,
  type ScoringEvent,
  type SessionSetup,
} from '@gas/scoring';
import { rowsOf, type Database, type DbOrTx } from '../db/client';
import { countsForScores } from '../db/contest-window';
import {
  evento,
  problema,
  punteggiCache,
  risposta,
  sessione,
  squadra,
  type Evento,
  type Problema,
  type Sessione,
  type Squadra,
} from '../db/schema';
import type { LiveBus } from '../live/bus';
import type { LiveEvent } from '../live/types';

/** The spec keeps score histories only for sessions up to this many teams (§4, §9). */
export const HISTORY_MAX_TEAMS = 30;

export type ClassificaEntry = LeaderboardEntry & { polo: number | null };

/** `json` of a /punteggi/ item. */
export interface PunteggiJson {
  sessione: number;
  evento: number;
  nome: string;
  inizio: string;
  fine: string;
  numero_qualificati: number | null;
  /** When this was computed: `new` flags are relative to it. */
  ora: string;
  problemi: { id: number; nome: string }[];
  /** Current value of each problem, in problem order. */
  valori: number[];
  /** Ranking order; `classifica_tempo` only for sessions up to HISTORY_MAX_TEAMS teams. */
  classifica: ClassificaEntry[];
  /** Scoring events (answers and jokers) included. */
  numero_eventi: number;
}

export interface SessioneSnapshot {
  sessioneId: number;
  ora: Date;
  /** Of everything the snapshot was built from (see fingerprintQuery). */
  fingerprint: string;
  punteggi: PunteggiJson;
  stato: ScoreSnapshot & { sessione: number; ora: string };
}

/** What a snapshot is built from, as loaded from the database. */
export interface SessionData {
  sessione: Pick<Sessione, 'id' | 'nome' | 'numeroQualificati'>;
  evento: Pick<Evento, 'id' | 'inizio' | 'fine'> & { params: SessionSetup['params'] };
  problemi: Pick<Problema, 'id' | 'nome'>[];
  squadre: Pick<
    Squadra,
    'id' | 'nome' | 'ospite' | 'ordineEta' | 'penalita' | 'scuolaId' | 'poloId'
  >[];
  eventi: ScoringEvent[];
  fingerprint: string;
}

/** Pure and deterministic: the same data and `ora` give the same snapshot. */
export function buildSnapshot(data: SessionData, ora: Date): SessioneSnapshot {
  const { sessione, evento } = data;
  const setup: SessionSetup = {
    params: evento.params,
    inizio: evento.inizio.toISOString(),
    problemi: data.problemi,
    squadre: data.squadre.map((s) => ({
      id: s.id,
      nome: s.nome,
      ospite: s.ospite,
      ordine_eta: s.ordineEta,
      penalita: s.penalita,
      scuola: s.scuolaId,
    })),
  };
  const live = new LiveScoring(setup, data.eventi);
  let board = live.leaderboard(ora.getTime());
  if (data.squadre.length <= HISTORY_MAX_TEAMS) {
    // Up to the end at most: a concluded session would otherwise grow a sample a minute forever.
    const start = evento.inizio.getTime();
    const to = Math.max(start, Math.min(ora.getTime(), evento.fine.getTime()));
    board = withHistory(board, live.history({ to }));
  }
  const polo = new Map(data.squadre.map((s) => [s.id, s.poloId]));
  const oraIso = ora.toISOString();
  return {
    sessioneId: sessione.id,
    ora,
    fingerprint: data.fingerprint,
    punteggi: {
      sessione: sessione.id,
      evento: evento.id,
      nome: sessione.nome,
      inizio: evento.inizio.toISOString(),
      fine: evento.fine.toISOString(),
      numero_qualificati: sessione.numeroQualificati,
      ora: oraIso,
      problemi: data.problemi.map((p) => ({ id: p.id, nome: p.nome })),
      valori: board.valori,
      classifica: board.classifica.map((e) => ({ ...e, polo: polo.get(e.id) ?? null })),
      numero_eventi: live.eventCount,
    },
    stato: { sessione: sessione.id, ora: oraIso, ...live.snapshot() },
  };
}

// Row texts (`row(...)::text`) keep NULL and '' apart, unlike concat_ws.
function fingerprintQuery(sessioneId: number) {
  return sql`select md5(concat(
    (select row(e.inizio, e.fine, e.pti_tolti_errore, e.pti_base_montepremi,
        e.max_errori_raise_montepremi, e.errore_punteggi_raise, e.punteggio_base_problemi,
        e.bonus_velocita, e.scaling_bonus_velocita, e.scaling_bonus_montepremi,
        s.nome, s.numero_qualificati)::text
      from sessione s join evento e on e.id = s.evento_id where s.id = ${sessioneId}),
    '|', (select string_agg(row(p.id, p.nome, p.ordine)::text, ';' order by p.ordine, p.id)
      from problema p join sessione s on s.evento_id = p.evento_id where s.id = ${sessioneId}),
    '|', (select string_agg(row(q.id, q.nome, q.ospite, q.ordine_eta, q.penalita, q.scuola_id,
        q.polo_id)::text, ';' order by q.id)
      from squadra q where q.sessione_id = ${sessioneId}),
    '|', (select string_agg(row(r.id, r.kind, r.corretto, r.squadra_id, r.problema_id,
        r.date)::text, ';' order by r.id)
      from risposta r where r.sessione_id = ${sessioneId})
  )) as fp`;
}

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
      const rows = await tx
        .select({
          id: risposta.id,
          k: risposta.kind,
          s: risposta.squadraId,
          p: risposta.problemaId,
          c: risposta.corretto,
          d: risposta.date,
        })
        .from(risposta)
        .where(and(eq(risposta.sessioneId, sessioneId), countsForScores(sessioneId)))
        .orderBy(asc(risposta.date), asc(risposta.id));
      return {
        sessione: { id: s.id, nome: s.nome, numeroQualificati: s.numeroQualificati },
        evento: {
          id: e.id,
          inizio: e.inizio,
          fine: e.fine,
          params: {
            PTI_TOLTI_ERRORE: e.ptiToltiErrore,
            PTI_BASE_MONTEPREMI: e.ptiBaseMontepremi,
            MAX_ERRORI_RAISE_MONTEPREMI: e.maxErroriRaiseMontepremi,
            ERRORE_PUNTEGGI_RAISE: e.errorePunteggiRaise,
            PUNTEGGIO_BASE_PROBLEMI: e.punteggioBaseProblemi,
            BONUS_VELOCITA: e.bonusVelocita,
            SCALING_BONUS_VELOCITA: e.scalingBonusVelocita,
            SCALING_BONUS_MONTEPREMI: e.scalingBonusMontepremi,
          },
        },
        problemi,
        squadre,
        eventi: rows.map(toScoringEvent),
        fingerprint: await sessionFingerprint(tx, sessioneId),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A risposta row as a scoring event (the shape of risposta-all and of `npe`; `c` only on answers). */
export function toScoringEvent(row: {
  id: number;
  k: 'r' | 'j';
  s: number;
  p: number;
  c: boolean | null;
  d: Date;
}): LiveEvent {
  const d = row.d.toISOString();
  return row.k === 'j'
    ? { id: row.id, k: 'j', s: row.s, p: row.p, d }
    : { id: row.id, k: 'r', s: row.s, p: row.p, c: row.c === true, d };
}

type Slot = {
  value?: SessioneSnapshot;
  /** Clock time of the last successful fingerprint check (or build). */
  checkedAt: number;
  inflight?: Promise<SessioneSnapshot | null>;
};

export type SnapshotLoader = (db: DbOrTx, sessioneId: number) => Promise<SessionData | null>;

export type SnapshotCacheOptions = {
  /** How long an entry is trusted without a fingerprint check (default 2 s). */
  freshnessMs?: number;
  /** Rebuilt after this age anyway, so that `new` flags age (default 180 s). */
  maxAgeMs?: number;
  now?: () => number;
  /** Loads a session (default loadSessionData; tests count or delay loads). */
  load?: SnapshotLoader;
};

export class SnapshotCache {
  private readonly slots = new Map<number, Slot>();
  private readonly generations = new Map<number, number>();
  private readonly freshnessMs: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly load: SnapshotLoader;
  /** Full rebuilds done (tests and metrics). */
  builds = 0;

  constructor(
    private readonly database: Database,
    private readonly live: LiveBus | null,
    options: SnapshotCacheOptions = {},
  ) {
    this.freshnessMs = options.freshnessMs ?? 2000;
    this.maxAgeMs = options.maxAgeMs ?? NEW_WINDOW_MS;
    this.now = options.now ?? Date.now;
    this.load = options.load ?? loadSessionData;
  }

  /** The session's snapshot, cached or rebuilt; null when the session does not exist. */
  get(sessioneId: number): Promise<SessioneSnapshot | null> {
    const slot = this.slots.get(sessioneId);
    const now = this.now();
    const value = slot?.value;
    if (
      value &&
      now - value.ora.getTime() < this.maxAgeMs &&
      now - slot.checkedAt < this.freshnessMs
    ) {
      return Promise.resolve(value);
    }
    if (slot?.inflight) return slot.inflight;
    const generation = this.generation(sessioneId);
    const inflight = this.refresh(sessioneId, value, generation).finally(() => {
      const current = this.slots.get(sessioneId);
      if (current?.inflight === inflight) current.inflight = undefined;
    });
    this.slots.set(sessioneId, { ...(slot ?? { checkedAt: 0 }), inflight });
    return inflight;
  }

  /**
   * After a commit that changed the session's answers or jokers: drops the
   * entry and publishes `snapshot_invalidated` (a live feed rebuilds on it).
   */
  invalidate(sessioneId: number): void {
    this.drop(sessioneId);
    this.live?.publish({ type: 'snapshot_invalidated', sessioneId });
  }

  /** 'delete_cache': forgets the entry and the session's stored snapshots. */
  async clear(sessioneId: number): Promise<void> {
    this.drop(sessioneId);
    await this.database.db.delete(punteggiCache).where(eq(punteggiCache.sessioneId, sessioneId));
    // Here and, through the bridge, on the other instances.
    this.live?.publish({ type: 'snapshot_cleared', sessioneId });
  }

  private drop(sessioneId: number): void {
    // A build already running started before this change: its result must not be kept.
    this.generations.set(sessioneId, this.generation(sessioneId) + 1);
    this.slots.delete(sessioneId);
  }

  private generation(sessioneId: number): number {
    return this.generations.get(sessioneId) ?? 0;
  }

  private async refresh(
    sessioneId: number,
    previous: SessioneSnapshot | undefined,
    generation: number,
  ): Promise<SessioneSnapshot | null> {
    const started = this.now();
    const current = () => this.generation(sessioneId) === generation;
    if (previous && started - previous.ora.getTime() < this.maxAgeMs) {
      const fingerprint = await sessionFingerprint(this.database.db, sessioneId);
      if (fingerprint === previous.fingerprint) {
        if (current()) this.slots.set(sessioneId, { value: previous, checkedAt: started });
        return previous;
      }
    }
    const data = await this.load(this.database.db, sessioneId);
    this.builds += 1;
    if (data === null) {
      if (current()) this.slots.delete(sessioneId);
      return null;
    }
    const snapshot = buildSnapshot(data, new Date(started));
    if (current()) this.slots.set(sessioneId, { value: snapshot, checkedAt: started });
    return snapshot;
  }
}

// One cache per app instance: the write paths (risposta, jolly) and the
// readers (sessione) reach it through the deps every route plugin receives.
const caches = new WeakMap<LiveBus, WeakMap<Database, SnapshotCache>>();

export function snapshotsFor(deps: { database: Database; live: LiveBus }): SnapshotCache {
  let byDatabase = caches.get(deps.live);
  if (!byDatabase) caches.set(deps.live, (byDatabase = new WeakMap()));
  let cache = byDatabase.get(deps.database);
  if (!cache) byDatabase.set(deps.database, (cache = new SnapshotCache(deps.database, deps.live)));
  return cache;
}
