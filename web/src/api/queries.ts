// react-query hooks over the API client. Keys live here so that later
// features invalidate the same caches.
import { useQuery } from '@tanstack/react-query';
import { ANONYMOUS_USER, fetchWhoami } from './auth';
import { getList } from './client';
import type { Evento, Tipologia, User } from './types';
import { findCurrentEvent } from '../lib/currentEvent';
import { reportError } from '../lib/reportError';

export interface EventiFilter {
  tipologia?: Tipologia;
  tipologia__in?: readonly Tipologia[];
}

export const queryKeys = {
  whoami: ['whoami'] as const,
  eventi: (filter: EventiFilter = {}) => ['eventi', filter] as const,
};

export function fetchEventi(filter: EventiFilter = {}, signal?: AbortSignal): Promise<Evento[]> {
  return getList<Evento>('/api/gas/evento/', { ...filter }, { signal });
}

/**
 * The logged-in user. On failure the app goes on with a logged-out user and
 * the error is reported (spec §7); `isPending` is true only on first load.
 */
export function useCurrentUser(): { user: User; isPending: boolean } {
  const query = useQuery({
    queryKey: queryKeys.whoami,
    queryFn: async ({ signal }) => {
      try {
        return await fetchWhoami(signal);
      } catch (error) {
        if (signal.aborted) throw error;
        reportError(error, 'whoami');
        return ANONYMOUS_USER;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { user: query.data ?? ANONYMOUS_USER, isPending: query.isPending };
}

export function useEventi(filter: EventiFilter = {}) {
  return useQuery({
    queryKey: queryKeys.eventi(filter),
    queryFn: ({ signal }) => fetchEventi(filter, signal),
    staleTime: 60_000,
  });
}

/** 'Evento corrente' of the navbar: null when none, while loading, or when the call fails. */
export function useEventoCorrente(): Evento | null {
  const { data } = useEventi();
  return data ? findCurrentEvent(data) : null;
}
