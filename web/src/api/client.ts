// Typed fetch client for the DRF-style API of spec §7: same-origin cookie
// session, JSON in and out, CSRF header on unsafe methods, multipart when a
// file is sent, list pages merged by following `next` links. Every call names
// the response schema of @gas/contracts it expects (`api.get(path, 'evento')`,
// the server declares the same one): the result's type comes from it, and in
// development and tests the answer is checked against it (`checkAnswer`).
// New calls go through `typedApi` (typed.ts), built on `request` here, whose
// paths, parameters and bodies are the OpenAPI document's; `api` with a
// hand-written URL remains only where docs/architecture.md lists it.
import { CSRF_COOKIE, CSRF_HEADER, NESTED_FILE_NON_SUPPORTATO } from '@gas/contracts';
import type { AnswerShape, Paginated, ResponseName, ResponseOf } from '@gas/contracts';
import { ApiError, errorFromResponse, networkError } from './errors';
import { emitApiNotice } from './events';
import { readCookie } from '../lib/cookies';
import { reportError } from '../lib/reportError';
import { yieldWhereCheap } from '../lib/yieldToBrowser';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: HttpMethod;
  /** Appended to the path; null/undefined are skipped, arrays are joined by commas (`pk__in=1,2`). */
  query?: Query;
  /** A plain object is sent as JSON, or as multipart when a top-level value is a File/Blob. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type { Paginated };
export { CSRF_COOKIE, CSRF_HEADER };
export const NESTED_FILE_MESSAGE = NESTED_FILE_NON_SUPPORTATO;
const UNSAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Guard against a server that keeps answering `next`. */
const MAX_PAGES = 1000;

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

function containsBlob(value: unknown): boolean {
  if (isBlob(value)) return true;
  if (Array.isArray(value)) return value.some(containsBlob);
  if (isRecord(value)) return Object.values(value).some(containsBlob);
  return false;
}

function formValue(value: unknown): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Multipart encoding of a flat object whose top-level values may be files. */
function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (isBlob(value)) {
      form.append(key, value);
    } else if (Array.isArray(value)) {
      for (const item of value) {
        if (isBlob(item)) form.append(key, item);
        else if (containsBlob(item)) throw new Error(NESTED_FILE_MESSAGE);
        else form.append(key, formValue(item));
      }
    } else {
      if (containsBlob(value)) throw new Error(NESTED_FILE_MESSAGE);
      form.append(key, formValue(value));
    }
  }
  return form;
}

export function encodeBody(body: unknown): { body: BodyInit; contentType: string | null } {
  if (body instanceof FormData) return { body, contentType: null };
  if (isRecord(body) && Object.values(body).some(containsBlob)) {
    // The browser sets the multipart boundary itself.
    return { body: toFormData(body), contentType: null };
  }
  if (containsBlob(body)) throw new Error(NESTED_FILE_MESSAGE);
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

/** Parsed JSON, the raw text when not JSON, undefined when empty or unreadable. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    const encoded = encodeBody(options.body);
    body = encoded.body;
    if (encoded.contentType) headers['Content-Type'] = encoded.contentType;
  }
  if (UNSAFE_METHODS.has(method)) {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }

  // Out of the caller's task: a page's first effects start a dozen of these.
  const pausa = yieldWhereCheap();
  if (pausa) await pausa;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error, options.signal)) throw error;
    throw networkError(error);
  }

  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 429) emitApiNotice('throttled');
    const error = errorFromResponse(response.status, data, response.headers.get('x-request-id'));
    // A 5xx is the server's bug or outage: reported where it happened, with
    // the call (not its query string, which may carry what is private).
    if (error.kind === 'server') reportError(error, `API ${method} ${path.split('?')[0]}`, 'api');
    throw error;
  }
  return data as T;
}

export function isPaginated(value: unknown): value is Paginated<unknown> {
  return isRecord(value) && Array.isArray(value.results) && 'next' in value;
}

/**
 * `next` links are absolute (DRF builds them from the Host header, which is
 * the backend's behind a dev proxy): keep only path and query so the call
 * stays same-origin.
 */
function sameOriginPath(next: string, current: string): string {
  const base = new URL(current, globalThis.location?.href ?? 'http://localhost/');
  const url = new URL(next, base);
  return `${url.pathname}${url.search}`;
}

/** GET a list, following DRF `next` links (page or offset/limit) and merging the results. */
export async function getList<N extends ResponseName>(
  path: string,
  item: N,
  query?: Query,
  options: { signal?: AbortSignal } = {},
): Promise<ResponseOf<N>[]> {
  let url = buildUrl(path, query);
  const first = await request<unknown>(url, { signal: options.signal });
  if (Array.isArray(first)) return checkAnswer(path, item, 'array', first);
  if (!isPaginated(first)) {
    throw new ApiError({
      kind: 'server',
      status: 200,
      detail: `Risposta inattesa da ${path}: manca l'elenco dei risultati.`,
      body: first,
    });
  }
  const results = [...(await checkAnswer(path, item, 'page', first)).results];
  const seen = new Set([url]);
  let next = first.next;
  for (let pages = 1; next && pages < MAX_PAGES; pages++) {
    url = sameOriginPath(next, url);
    if (seen.has(url)) break;
    seen.add(url);
    const more = await checkAnswer(
      path,
      item,
      'page',
      await request<unknown>(url, { signal: options.signal }),
    );
    results.push(...more.results);
    next = more.next;
  }
  return results;
}

/**
 * Answers are checked against their schema in development and tests, where a
 * drift between server and web app must fail loudly. Production trusts the
 * server, which checks every answer against the same schemas in its own
 * tests: the check would cost about 1 ms of the page's one thread per
 * 1,000-row risposta-all page, and zod with every schema ~35 kB (gzip) on
 * every page's start-up scripts (docs/performance.md). The schemas are loaded
 * only here, by a dynamic import that production builds drop.
 */
const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** What an answer of `shape` naming `N` is typed as. */
export type Answer<N extends ResponseName, S extends AnswerShape> = S extends 'one'
  ? ResponseOf<N>
  : S extends 'array'
    ? ResponseOf<N>[]
    : Paginated<ResponseOf<N>>;

/**
 * Throws when `data` does not match the schema: a server error with an
 * Italian message, reported once. Defined only in development and tests (a
 * constant condition), so production builds hold neither it nor the schemas
 * it loads.
 */
const assertAnswer = CHECK_ANSWERS
  ? async (path: string, name: ResponseName, shape: AnswerShape, data: unknown) => {
      const { answerSchema } = await import('@gas/contracts/responses');
      const result = answerSchema(name, shape).safeParse(data);
      if (result.success) return;
      const where = result.error.issues[0]?.path.join('.') || 'risposta';
      const error = new ApiError({
        kind: 'server',
        status: 200,
        detail: `Risposta inattesa da ${path} (${where}): il server e l’app non sono allineati.`,
        body: data,
        cause: result.error,
      });
      reportError(error, `risposta non conforme: ${path}`);
      throw error;
    }
  : null;

/** The answer as its schema types it; the object is the server's own (nothing stripped or copied). */
export async function checkAnswer<N extends ResponseName, S extends AnswerShape>(
  path: string,
  name: N,
  shape: S,
  data: unknown,
  check = CHECK_ANSWERS,
): Promise<Answer<N, S>> {
  if (check && assertAnswer) await assertAnswer(path, name, shape, data);
  return data as Answer<N, S>;
}

type Init = Omit<RequestOptions, 'method' | 'body' | 'query'>;

/**
 * Each call names the resource of its answer (a key of the contracts'
 * `responseSchemas`): `get`/`post`/`put`/`patch` answer one, `array` a JSON
 * array of them, `page` one DRF page, `list` every page merged; `delete`
 * answers nothing.
 */
/** A read answering `shape`. */
const read =
  <S extends AnswerShape>(shape: S) =>
  async <N extends ResponseName>(path: string, name: N, query?: Query, init?: Init) =>
    checkAnswer(path, name, shape, await request<unknown>(path, { ...init, query }));

/** A write answering one item. */
const write =
  (method: 'POST' | 'PUT' | 'PATCH') =>
  async <N extends ResponseName>(path: string, name: N, body?: unknown, init?: Init) =>
    checkAnswer(path, name, 'one', await request<unknown>(path, { ...init, method, body }));

export const api = {
  get: read('one'),
  array: read('array'),
  page: read('page'),
  list: getList,
  post: write('POST'),
  put: write('PUT'),
  patch: write('PATCH'),
  delete: async (path: string, init?: Init): Promise<void> => {
    await request<unknown>(path, { ...init, method: 'DELETE' });
  },
};
