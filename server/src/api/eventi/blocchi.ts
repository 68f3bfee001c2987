// The compact blocks of a session's scoring events (issue 18), built from the
// score snapshot's own events (no query of their own) and kept ready to send:
// the JSON once per snapshot, each encoding once per block version. A closed
// window's block keeps its version from one snapshot to the next, so its
// bytes are compressed once however many pages load it.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { colonne, raggruppaInBlocchi } from '@gas/contracts';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import type { SessioneSnapshot } from '../../scores/build';

export type BloccoPronto = { blocco: number; eventi: number; versione: string; json: string };

export type Blocchi = { inizio: number; perNumero: Map<number, BloccoPronto> };

const perSnapshot = new WeakMap<SessioneSnapshot, Blocchi>();

/** The blocks of a snapshot, built the first time they are asked for. */
export function blocchiDi(snapshot: SessioneSnapshot): Blocchi {
  const pronti = perSnapshot.get(snapshot);
  if (pronti) return pronti;
  const inizio = Date.parse(snapshot.punteggi.inizio);
  const perNumero = new Map<number, BloccoPronto>();
  for (const [n, eventi] of raggruppaInBlocchi(snapshot.eventi, inizio)) {
    const cols = colonne(snapshot.sessioneId, n, inizio, eventi);
    const corpo = JSON.stringify(cols);
    const versione = createHash('sha256').update(corpo).digest('base64url').slice(0, 22);
    const json = JSON.stringify({ ...cols, versione });
    perNumero.set(n, { blocco: n, eventi: eventi.length, versione, json });
  }
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
