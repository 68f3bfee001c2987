// Who may open a live connection, decided before the WebSocket upgrade (an
// HTTP answer the client can read, and no socket kept):
//
// - Origin: a browser always sends it, so a page of another site cannot open
//   a feed with the visitor's cookies (403). Accepted: none at all (scripts,
//   other servers: they carry no visitor's cookies), the request's own origin
//   (same host) and GAS_PUBLIC_URL.
// - Caps: at most `maxPerAddress` live connections per client address and
//   `maxTotal` on this instance (429), so that one client cannot take the
//   file-descriptor budget every other request needs. The address is
//   request.ip, the real client behind a trusted proxy (TRUST_PROXY), or
//   for IPv6 its /64 (plugins/client-address.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../plugins/client-address';
import type { ThrottledWarnings } from './client-log';

export type ConnectionCaps = { maxPerAddress: number; maxTotal: number };

export type Refusal = 'address' | 'total';

/** Live connections counted per client address and in total. */
export class ConnectionLimits {
  private readonly perAddress = new Map<string, number>();
  private total = 0;

  constructor(private readonly caps: ConnectionCaps) {}

  /**
   * Takes a place for `address`: a release function (safe to call more than
   * once, only the first call counts), or why there is none.
   */
  acquire(address: string): (() => void) | Refusal {
    if (this.total >= this.caps.maxTotal) return 'total';
    const current = this.perAddress.get(address) ?? 0;
    if (current >= this.caps.maxPerAddress) return 'address';
    this.perAddress.set(address, current + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    };
  }

  /** Connections counted now, in total or for one address. */
  count(address?: string): number {
    return address === undefined ? this.total : (this.perAddress.get(address) ?? 0);
  }
}

/**
 * Whether a WebSocket upgrade with this Origin may proceed. `host` is the
 * host (and port) the request was sent to, as the server sees it.
 */
export function originAllowed(
  origin: string | undefined,
  host: string,
  publicUrl: string | undefined,
): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    // "null" (sandboxed frames, file: pages) or garbage.
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (publicUrl !== undefined && parsed.origin === new URL(publicUrl).origin) return true;
  return parsed.host.toLowerCase() === host.toLowerCase();
}

const RETRY_AFTER_S = 30;

export const REFUSED = {
  origin: 'Origine non consentita per le connessioni in diretta.',
  address: 'Troppe connessioni in diretta da questo indirizzo: chiudi qualche pagina e riprova.',
  total: 'Il server ha troppe connessioni in diretta: riprova tra poco.',
} as const;

/** Releases of the places taken by upgrade requests, until their socket exists. */
const places = new WeakMap<object, () => void>();

/**
 * The onRequest hook of the WebSocket routes: refuses with 403 or 429, or
 * takes a place that is given back when the connection's TCP socket closes
 * (whatever closes it: the client, the server, a failed handshake).
 */
export function admitUpgrade(
  limits: ConnectionLimits,
  publicUrl: string | undefined,
  /** Refusals are worth a line for operators, not one per attempt. */
  warnings: ThrottledWarnings,
) {
  return async function admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // A plain HTTP request to a feed path gets its 404 and holds nothing: a
    // place tied to its socket would stay taken for the whole keep-alive.
    if (!request.ws) return;
    const origin = request.headers.origin;
    if (!originAllowed(origin, request.host, publicUrl)) {
      warnings.warn(
        `origin:${request.ip}`,
        { ip: request.ip, origin, url: request.url },
        'live: origine rifiutata',
      );
      return reply.code(403).send({ detail: REFUSED.origin });
    }
    const place = limits.acquire(clientKey(request.ip));
    if (typeof place !== 'function') {
      warnings.warn(
        `cap:${request.ip}`,
        { ip: request.ip, cap: place, connections: limits.count(clientKey(request.ip)) },
        'live: troppe connessioni, upgrade rifiutato',
      );
      return reply
        .code(429)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({ detail: REFUSED[place] });
    }
    places.set(request.raw, place);
    const raw = request.raw.socket as typeof request.raw.socket | undefined;
    if (raw) {
      if (raw.destroyed) place();
      else raw.once('close', place);
    }
  };
}

/**
 * The place taken for this upgrade request: the feed releases it when the
 * WebSocket closes too (a no-op after the TCP socket's close released it).
 */
export function placeOf(request: FastifyRequest): () => void {
  return places.get(request.raw) ?? (() => undefined);
}
