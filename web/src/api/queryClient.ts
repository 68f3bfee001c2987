import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';
import { MAX_RETRIES } from './retry';

/** A 4xx will not change by asking again; network and 5xx errors get two more tries (retry.ts). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status !== null && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
