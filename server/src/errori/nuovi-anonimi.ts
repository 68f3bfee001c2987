// The new error groups an anonymous client may create (issue 26): a visitor
// who is not logged in can make distinct errors at will (the words of a
// message tell groups apart), and each new group was a new alert. Past
// NUOVI_GRUPPI_ANONIMI_ALL_ORA new groups in an hour from one client address
// (its /64 for IPv6, as every limit of the product counts), its reports are
// counted in one catch-all group instead (casella.ts), with their details
// among that group's last occurrences: nothing a real visitor reports is
// thrown away, and the flood costs one group and at most one alert an hour.
// Counted by each instance in its memory, like the ten reports a minute per
// address (api/errori/routes.ts): with several instances a client behind a
// balancer gets this many per instance, still a bound; the e-mails
// themselves are bounded across instances (avvisi.ts).
import { clientKey } from '../plugins/client-address';
import { LRUCache } from 'lru-cache';

/**
 * New groups an hour per anonymous client address. A page that breaks for a
 * visitor shows one or two distinct errors; five is room for a badly broken
 * release, and well under the alerts of an hour (avvisi.ts).
 */
export const NUOVI_GRUPPI_ANONIMI_ALL_ORA = 5;

const ORA_MS = 60 * 60_000;

export class NuoviGruppiAnonimi {
  private readonly conteggi = new LRUCache<string, number>({ ttl: ORA_MS, max: 50_000 });

  /** Counts one new group of `indirizzo` in the hour of `quando`; false past the bound. */
  consenti(indirizzo: string, quando: Date): boolean {
    const chiave = `${clientKey(indirizzo)}@${Math.floor(quando.getTime() / ORA_MS)}`;
    const fatti = this.conteggi.get(chiave) ?? 0;
    if (fatti >= NUOVI_GRUPPI_ANONIMI_ALL_ORA) return false;
    this.conteggi.set(chiave, fatti + 1);
    return true;
  }
}
