// The compact blocks of a session's scoring events (issue 18), built from the
// score snapshot's own events (no query of their own) and kept ready to send:
// the JSON once per snapshot, each encoding once per block version. A closed
// window's block keeps its version from one snapshot to the next, so its
// bytes are compressed once however many pages load it.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bloccoDi, colonne, FINESTRA_BLOCCHI_MS } from '@gas/contracts';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import type { ScoringEvent } from '@gas/scoring';
import type { SessioneSnapshot } from '../../scores/build';

export type BloccoPronto = { blocco: number; eventi: number; versione: string; json: string };

export type Blocchi = { inizio: number; perNumero: Map<number, BloccoPronto> };

const perSnapshot = new WeakMap<SessioneSnapshot, Blocchi>();

/** A session's last blocks with the events each was made of, by block number. */
type Ultimi = {
  inizio: number;
  blocchi: Map<number, Ultimo>;
};

type Ultimo = {
  /** The block's events as the snapshot holds them (in time order). */
  membri: readonly ScoringEvent[];
  /** The same by id, as the block is written (raggruppaInBlocchi's order). */
  eventi: ScoringEvent[];
  pronto: BloccoPronto;
};

/**
 * Each session's last built blocks: a snapshot is made again after every
 * answer, and all but the block of the answer's time are the same events
 * again, so their JSON and version are kept rather than made and hashed anew.
 */
const ultimiPerSessione = new LRUCache<number, Ultimi>({ max: 1000 });

/**
 * A snapshot's events in time order, cut into blocks: each block is a run of
 * them, found by its end's time (ISO texts of one format compare as times),
 * so a 40,000-event session is not read event by event at every answer.
 */
function* corse(eventi: readonly ScoringEvent[], inizio: number) {
  let da = 0;
  while (da < eventi.length) {
    const n = bloccoDi(Date.parse(eventi[da]!.d), inizio);
    const fine = new Date(inizio + (n + 1) * FINESTRA_BLOCCHI_MS).toISOString();
    let lo = da + 1;
    let hi = eventi.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (eventi[mid]!.d < fine) lo = mid + 1;
      else hi = mid;
    }
    yield { n, da, a: lo };
    da = lo;
  }
}

/** Whether the run [da, a) of `eventi` is exactly `membri`, object by object. */
const stessaCorsa = (
  membri: readonly ScoringEvent[],
  eventi: readonly ScoringEvent[],
  da: number,
  a: number,
) => membri.length === a - da && membri.every((x, i) => x === eventi[da + i]);

const stessiEventi = (a: readonly ScoringEvent[], b: readonly ScoringEvent[]) =>
  a.length === b.length &&
  a.every((x, i) => {
    const y = b[i]!;
    return x.id === y.id && x.k === y.k && x.s === y.s && x.p === y.p && x.c === y.c && x.d === y.d;
  });

function pronto(sessione: number, n: number, inizio: number, eventi: ScoringEvent[]): BloccoPronto {
  const cols = colonne(sessione, n, inizio, eventi);
  const corpo = JSON.stringify(cols);
  const versione = createHash('sha256').update(corpo).digest('base64url').slice(0, 22);
  const json = JSON.stringify({ ...cols, versione });
  return { blocco: n, eventi: eventi.length, versione, json };
}

/**
 * The blocks of a snapshot, built the first time they are asked for: the
 * same blocks as raggruppaInBlocchi gives (blocchi.test.ts holds them to
 * it), each made anew only when its events changed. The snapshot's events
 * are in time order (scores/queries.ts reads them so, scores/stato.ts
 * inserts so).
 */
export function blocchiDi(snapshot: SessioneSnapshot): Blocchi {
  const giaFatti = perSnapshot.get(snapshot);
  if (giaFatti) return giaFatti;
  const { sessioneId } = snapshot;
  const inizio = Date.parse(snapshot.punteggi.inizio);
  const ultimi = ultimiPerSessione.get(sessioneId);
  const precedenti = ultimi?.inizio === inizio ? ultimi.blocchi : new Map<number, Ultimo>();
  const blocchi: Ultimi['blocchi'] = new Map();
  const perNumero = new Map<number, BloccoPronto>();
  for (const { n, da, a } of corse(snapshot.eventi, inizio)) {
    const prima = precedenti.get(n);
    let ultimo: Ultimo;
    if (prima && stessaCorsa(prima.membri, snapshot.eventi, da, a)) {
      ultimo = prima;
    } else {
      const membri = snapshot.eventi.slice(da, a);
      const eventi = [...membri].sort((x, y) => x.id - y.id);
      const fatto =
        prima && stessiEventi(prima.eventi, eventi)
          ? prima.pronto
          : pronto(sessioneId, n, inizio, eventi);
      ultimo = { membri, eventi, pronto: fatto };
    }
    blocchi.set(n, ultimo);
    perNumero.set(n, ultimo.pronto);
  }
  ultimiPerSessione.set(sessioneId, { inizio, blocchi });
  const out = { inizio, perNumero };
  perSnapshot.set(snapshot, out);
  return out;
}

export type Codifica = 'br' | 'gzip' | 'identity';

/** The encoded bytes of block versions, shared by every snapshot and session. */
const codificati = new LRUCache<string, Buffer>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (b) => b.length || 1,
});

/** A block's bytes in an encoding, compressed at most once per version. */
export function bytesDi(sessione: number, b: BloccoPronto, codifica: Codifica): Buffer {
  const chiave = `${sessione}:${b.blocco}:${b.versione}:${codifica}`;
  let bytes = codificati.get(chiave);
  if (!bytes) {
    const raw = Buffer.from(b.json);
    bytes =
      codifica === 'br'
        ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : codifica === 'gzip'
          ? gzipSync(raw, { level: 9 })
          : raw;
    codificati.set(chiave, bytes);
  }
  return bytes;
}

const negoziatore = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/** The encoding to send for an Accept-Encoding header (@fastify/compress's own negotiator). */
export function codificaPer(accept: string | undefined): Codifica {
  return accept ? (negoziatore.negotiate(accept) ?? 'identity') : 'identity';
}
