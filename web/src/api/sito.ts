// Site content (spec §1, §2): settings, sponsors, credits and the Albo d'oro.
import { useQuery } from '@tanstack/react-query';
import type { Collaboratore } from '@gas/contracts';
import { typedApi } from './typed';
import { queryKeys } from './queries';

const CONTENT_STALE_MS = 5 * 60_000;

export function useSito() {
  return useQuery({
    queryKey: queryKeys.sito,
    queryFn: ({ signal }) => typedApi.get('/api/gas/sito/', 'sito', { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useSponsor() {
  return useQuery({
    queryKey: queryKeys.sponsor,
    queryFn: ({ signal }) => typedApi.list('/api/gas/sponsor/', 'sponsor', { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useTopContributors() {
  return useQuery({
    queryKey: queryKeys.topContributors,
    queryFn: ({ signal }) => typedApi.list('/api/top-contributors/', 'collaboratore', { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

/** The collaborators call answers a JSON string holding the JSON list (spec §7). */
export function parseCollaboratori(body: unknown): Collaboratore[] {
  const value: unknown = typeof body === 'string' ? JSON.parse(body) : body;
  if (!Array.isArray(value)) throw new Error('Elenco dei collaboratori non valido.');
  return value.filter(
    (item): item is Collaboratore =>
      typeof item === 'object' && item !== null && 'nome' in item && typeof item.nome === 'string',
  );
}

export function useCollaboratori() {
  return useQuery({
    queryKey: queryKeys.collaboratori,
    queryFn: async ({ signal }) =>
      parseCollaboratori(
        await typedApi.get('/api/gas/collaboratori/', 'collaboratoriJson', { signal }),
      ),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useAlboDoro() {
  return useQuery({
    queryKey: queryKeys.alboDoro,
    queryFn: ({ signal }) => typedApi.list('/api/gas/albo-d-oro/', 'alboEvento', { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

/** The community chat server (server GAS_CHAT_URL), or null: then no chat link is shown. */
export function useChatUrl(): string | null {
  return useSito().data?.chat_url ?? null;
}
