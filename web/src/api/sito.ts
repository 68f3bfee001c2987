// Site content (spec §1, §2): settings, sponsors, credits and the Albo d'oro.
import { useQuery } from '@tanstack/react-query';
import type { Collaboratore } from '@gas/contracts';
import { api, getList } from './client';
import { queryKeys } from './queries';

const CONTENT_STALE_MS = 5 * 60_000;

export function useSito() {
  return useQuery({
    queryKey: queryKeys.sito,
    queryFn: ({ signal }) => api.get('/api/gas/sito/', 'sito', undefined, { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useSponsor() {
  return useQuery({
    queryKey: queryKeys.sponsor,
    queryFn: ({ signal }) => getList('/api/gas/sponsor/', 'sponsor', undefined, { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useTopContributors() {
  return useQuery({
    queryKey: queryKeys.topContributors,
    queryFn: ({ signal }) =>
      getList('/api/top-contributors/', 'collaboratore', undefined, { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

/** The collaborators call answers a JSON string holding the JSON list (spec §7). */
export function parseCollaboratori(body: unknown): Collaboratore[] {
  const value: unknown = typeof body === 'string' ? JSON.parse(body) : body;
  if (!Array.isArray(value)) throw new Error('Elenco dei collaboratori non valido.');
  return value.filter(
    (item): item is Collaboratore =>
      typeof item === 'object' && item !== null && typeof (item as Collaboratore).nome === 'string',
  );
}

export function useCollaboratori() {
  return useQuery({
    queryKey: queryKeys.collaboratori,
    queryFn: async ({ signal }) =>
      parseCollaboratori(
        await api.get('/api/gas/collaboratori/', 'collaboratoriJson', undefined, { signal }),
      ),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useAlboDoro() {
  return useQuery({
    queryKey: queryKeys.alboDoro,
    queryFn: ({ signal }) => getList('/api/gas/albo-d-oro/', 'alboEvento', undefined, { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

/** The community chat server (server GAS_CHAT_URL), or null: then no chat link is shown. */
export function useChatUrl(): string | null {
  return useSito().data?.chat_url ?? null;
}
