// What per-client limits count by (login throttling, live connection caps,
// anonymous submissions). An IPv4 address is one client. An IPv6 client is
// given a whole /64 by its provider and may pick any address in it, so
// counting by address would let it multiply every budget: it is counted by
// its /64 prefix, as @fastify/rate-limit already counts the read limits (same
// library, same result). The address itself is request.ip (TRUST_PROXY
// decides which X-Forwarded-For hop that is).
import { isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  // IPv4-mapped (::ffff:a.b.c.d, from a dual-stack listener): the IPv4 client.
  if (address.isMapped4()) return address.to4().correctForm();
  return new Address6(`${address.correctForm()}/64`).startAddress().correctForm();
}
