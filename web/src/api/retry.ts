// Asking again after a failed read: the one rule of the app. A 4xx will not
// change by asking again; a network failure or a 5xx may (an instance being
// restarted or killed, a proxy's 502 while it moves to the next instance), so
// reads get two more tries, after 1 s and 2 s (react-query's own schedule,
// which the queries use through queryClient.ts).
import { isApiError } from './errors';

export const MAX_RETRIES = 2;

/** react-query's default delay before the (failureCount + 1)-th retry. */
export function retryDelayMs(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/** An error of the API that may pass by asking again: no answer at all, or a 5xx. */
export function isTransientApiError(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'server');
}

/**
 * `read()`, tried again on a transient API error at most MAX_RETRIES times;
 * any other error, or the last one, is thrown. Stops when `signal` aborts.
 */
export async function withRetries<T>(read: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await read();
    } catch (error) {
      if (failures >= MAX_RETRIES || !isTransientApiError(error) || signal?.aborted) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs(failures)));
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  }
}
