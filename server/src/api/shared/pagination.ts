// DRF-style list pagination: `{count, next, previous, results}`.
// Two styles, as DRF offers them: `?page=N[&page_size=M]` (default) and
// `?limit=M[&offset=K]`. `next`/`previous` are links that keep every other
// query parameter, so clients simply follow them: absolute from
// GAS_PUBLIC_URL when it is set, otherwise relative to the server's origin
// (`/api/…?page=2`, resolved against the URL just asked for). Never from the
// request's Host or X-Forwarded-Host: those are the client's to write, and a
// forged one would be served to everyone by the caches, which key answers by
// path (plugins/microcache.ts) and would not know the answer depended on it.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 5000;

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

import type { Window } from '../../db/window';

export type { Window };

export function pageWindow(query: PaginationQuery): Window {
  if (query.limit !== undefined || query.offset !== undefined) {
    return { limit: query.limit ?? DEFAULT_PAGE_SIZE, offset: query.offset ?? 0, style: 'limit' };
  }
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { limit: size, offset: ((query.page ?? 1) - 1) * size, style: 'page' };
}

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

declare module 'fastify' {
  interface FastifyInstance {
    /** GAS_PUBLIC_URL: the origin of absolute links; unset = links relative to the origin. */
    publicUrl: string | undefined;
  }
}

function linkWith(request: FastifyRequest, changes: Record<string, string | null>): string {
  // Concatenated to a fixed origin, not resolved: a request path starting
  // with `//` must stay a path. Only the path and query are kept.
  const url = new URL(`http://origine.invalid${request.url}`);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  // One leading slash: `//host/…` would be a link to another site.
  const path = `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
  return `${request.server.publicUrl ?? ''}${path}`;
}

export function pageOf<T>(
  request: FastifyRequest,
  window: Window,
  count: number,
  results: T[],
): Page<T> {
  const { limit, offset } = window;
  const hasNext = offset + limit < count;
  const hasPrevious = offset > 0;
  if (window.style === 'limit') {
    return {
      count,
      next: hasNext
        ? linkWith(request, { limit: String(limit), offset: String(offset + limit) })
        : null,
      previous: hasPrevious
        ? linkWith(request, {
            limit: String(limit),
            offset: offset - limit > 0 ? String(offset - limit) : null,
          })
        : null,
      results,
    };
  }
  const page = Math.floor(offset / limit) + 1;
  return {
    count,
    next: hasNext ? linkWith(request, { page: String(page + 1) }) : null,
    previous: hasPrevious
      ? linkWith(request, { page: page - 1 > 1 ? String(page - 1) : null })
      : null,
    results,
  };
}

/** Paginates an in-memory list (small lists filtered by permissions in code). */
export function paginateArray<T>(
  request: FastifyRequest,
  query: PaginationQuery,
  all: T[],
): Page<T> {
  const window = pageWindow(query);
  return pageOf(
    request,
    window,
    all.length,
    all.slice(window.offset, window.offset + window.limit),
  );
}
