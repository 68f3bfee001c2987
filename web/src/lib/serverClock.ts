// Offset between the server clock and this computer's (spec §2 live clock,
// §9 clock-skew warning over 10 s), measured against GET /api/time/ with the
// round trip split in half.
import { conta } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import { typedApi } from '../api/typed';
import { queryKeys } from '../api/queries';

export const CLOCK_SKEW_WARNING_MS = 10_000;

/** server time - local time, in ms. */
export async function measureServerOffset(signal?: AbortSignal): Promise<number> {
  const sent = Date.now();
  const { epoch_ms } = await typedApi.get('/api/time/', 'oraServer', { signal });
  const received = Date.now();
  return epoch_ms - (sent + received) / 2;
}

/** The offset once measured (0 until then or when the call fails). */
export function useServerOffset(): { offset: number; measured: boolean } {
  const { data } = useQuery({
    queryKey: queryKeys.serverTime,
    queryFn: ({ signal }) => measureServerOffset(signal),
    staleTime: 10 * 60_000,
    retry: 1,
  });
  return { offset: data ?? 0, measured: data !== undefined };
}

/** 'Il tuo orologio è indietro di 12 secondi...' or null when within 10 s. */
export function skewWarning(offset: number): string | null {
  if (Math.abs(offset) <= CLOCK_SKEW_WARNING_MS) return null;
  const seconds = Math.round(Math.abs(offset) / 1000);
  // offset > 0: the server is ahead, so this computer is late.
  const verso = offset > 0 ? 'indietro' : 'avanti';
  return `Attenzione: l'orologio del tuo computer è ${verso} di ${conta(seconds, 'secondo', 'secondi')} rispetto a quello del server. Gli orari mostrati sono stati corretti.`;
}
