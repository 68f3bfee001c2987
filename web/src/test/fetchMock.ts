// Test double for `fetch`: routes by pathname to canned answers and records calls.
import { vi } from 'vitest';

export type HandlerFn = (url: URL, init: RequestInit) => Response | Promise<Response>;
/** A function building the response, or a body answered as 200 JSON. */
export type Handler = HandlerFn | object | string | number;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost/');
    const handler = handlers[url.pathname];
    if (handler === undefined) return jsonResponse({ detail: 'Non trovato.' }, 404);
    if (typeof handler === 'function') return handler(url, init);
    return jsonResponse(handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
