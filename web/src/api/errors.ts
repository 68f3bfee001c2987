// Errors of the HTTP API mapped to the kinds of spec §8. Every failed call of
// the client rejects with an ApiError, so pages and forms switch on `kind`
// instead of on raw status codes.

export type ApiErrorKind =
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'throttled' // 429
  | 'bad_request' // 400
  | 'client' // any other 4xx
  | 'server' // 5xx
  | 'network'; // no response at all

/** Field errors flattened to dotted paths (`problemi.0.soluzione`), as react-hook-form names them. */
export type FieldErrors = Record<string, string[]>;

export const NETWORK_ERROR_MESSAGE =
  'Errore di rete, non sono riuscito a contattare il server, riprova.';
export const INTERNAL_SERVER_ERROR_DETAIL = 'Internal server error';

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 400) return 'bad_request';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'throttled';
  if (status >= 500) return 'server';
  return 'client';
}

interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number | null;
  detail: string;
  body?: unknown;
  fieldErrors?: FieldErrors;
  nonFieldErrors?: string[];
  cause?: unknown;
  /** The answer's X-Request-Id: shown on the error page and sent with reports. */
  requestId?: string | null;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or null for a network failure. */
  readonly status: number | null;
  /** The server's `detail`, else a readable summary of the body. */
  readonly detail: string;
  readonly body: unknown;
  readonly fieldErrors: FieldErrors;
  readonly nonFieldErrors: string[];
  /** The server's id of the failed call (X-Request-Id), to find it in its log. */
  readonly requestId: string | null;

  constructor(init: ApiErrorInit) {
    super(init.detail, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.detail = init.detail;
    this.body = init.body;
    this.fieldErrors = init.fieldErrors ?? {};
    this.nonFieldErrors = init.nonFieldErrors ?? [];
    this.requestId = init.requestId ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Title of the error page for an error (spec §8). */
export function errorTitle(error: unknown): string {
  if (!isApiError(error)) return "L'applicazione è crashata";
  switch (error.kind) {
    case 'forbidden':
      return '403: Permesso negato';
    case 'server':
      return 'Internal Server error';
    case 'bad_request':
      return '400: Bad request';
    case 'not_found':
      return '404: Oggetto non trovato';
    default:
      return 'Errore generico';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messagesOf(value: unknown): string[] | null {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item): item is string => typeof item === 'string')) {
    return value;
  }
  return null;
}

/** Walks a DRF validation body: `{field: [msgs]}`, nested objects and lists of objects. */
function collectFieldErrors(value: unknown, prefix: string, out: FieldErrors): void {
  const messages = messagesOf(value);
  if (messages) {
    if (messages.length > 0) out[prefix] = messages;
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => collectFieldErrors(item, `${prefix}.${index}`, out));
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value))
      collectFieldErrors(item, `${prefix}.${key}`, out);
  }
}

function parseValidationBody(body: unknown): {
  fieldErrors: FieldErrors;
  nonFieldErrors: string[];
} {
  const fieldErrors: FieldErrors = {};
  const nonFieldErrors: string[] = [];
  if (Array.isArray(body)) {
    // DRF answers a bare list for `raise ValidationError(['...'])`.
    nonFieldErrors.push(...(messagesOf(body) ?? []));
  } else if (isRecord(body)) {
    for (const [key, value] of Object.entries(body)) {
      if (key === 'detail') continue;
      if (key === 'non_field_errors') nonFieldErrors.push(...(messagesOf(value) ?? []));
      else collectFieldErrors(value, key, fieldErrors);
    }
  }
  return { fieldErrors, nonFieldErrors };
}

/**
 * Builds the ApiError for a non-2xx response. `body` is the parsed JSON, the
 * raw text when it was not JSON, or undefined when it could not be read.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  requestId: string | null = null,
): ApiError {
  const kind = kindForStatus(status);
  const { fieldErrors, nonFieldErrors } =
    kind === 'bad_request' ? parseValidationBody(body) : { fieldErrors: {}, nonFieldErrors: [] };

  let detail: string;
  if (isRecord(body) && typeof body.detail === 'string') {
    detail = body.detail;
  } else if (kind === 'server' && (body === undefined || typeof body === 'string')) {
    // A proxy's HTML page or an empty body says nothing useful to a user.
    detail = INTERNAL_SERVER_ERROR_DETAIL;
  } else if (nonFieldErrors.length > 0) {
    detail = joinMessages(nonFieldErrors);
  } else if (Object.keys(fieldErrors).length > 0) {
    // Pages that show one message (no form fields) read the sentences, not JSON.
    detail = joinMessages(Object.values(fieldErrors).flat());
  } else if (typeof body === 'string' && body.trim() !== '') {
    detail = body.trim().slice(0, 500);
  } else if (body !== undefined) {
    detail = JSON.stringify(body);
  } else {
    detail = `Errore HTTP ${status}`;
  }
  return new ApiError({ kind, status, detail, body, fieldErrors, nonFieldErrors, requestId });
}

/**
 * Several messages as one text, joined by '. ' (spec §5) without doubling the
 * full stop the server's sentences already end with.
 */
export function joinMessages(messages: readonly string[]): string {
  return messages
    .map((m, i) => (i < messages.length - 1 ? m.trim().replace(/\.$/, '') : m.trim()))
    .join('. ');
}

export function networkError(cause: unknown): ApiError {
  return new ApiError({ kind: 'network', status: null, detail: NETWORK_ERROR_MESSAGE, cause });
}
