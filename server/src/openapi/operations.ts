// Names, summaries and security of the API's operations, derived from method
// and path so that 250-odd routes need no hand-written ids and a new route
// gets one by itself (docs/architecture.md, "The typed client and the OpenAPI document"). A route
// may still set its own `operationId` or `summary` in its schema: it wins.
//
//   GET    /api/gas/evento/            listEvento        "Elenco: evento"
//   GET    /api/gas/evento/{id}/       getEvento         "Dettaglio: evento"
//   POST   /api/gas/evento/{id}/invita/ createEventoInvita
//   PATCH  /api/gas/sessione/{id}/     updateSessione
//   GET    /api/gas/sessione/{id}/eventi/{blocco}/  getSessioneEventiByBlocco
//
// `gas/` (the DRF application's prefix) is left out; `admin/` stays, so the
// back office's `listAdminEvento` differs from the public `listEvento`.
import { CSRF_COOKIE, CSRF_HEADER } from '@gas/contracts';
import { CSRF_EXEMPT_ROUTES, SESSION_COOKIE } from '../plugins/auth/session';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  [key: string]: unknown;
};
type JsonSchema = { type?: string; properties?: Record<string, unknown> };
type PathItem = Record<string, Operation>;

const VERBS = {
  list: 'Elenco',
  get: 'Dettaglio',
  post: 'Crea',
  put: 'Sostituisce',
  patch: 'Modifica',
  delete: 'Elimina',
} as const;
type Verb = keyof typeof VERBS;
const VERB_IDS: Record<Verb, string> = {
  list: 'list',
  get: 'get',
  post: 'create',
  put: 'replace',
  patch: 'update',
  delete: 'delete',
};

export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'Sessione del login (POST /api/auth/login/), HttpOnly.',
  },
  csrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: CSRF_COOKIE,
    description: 'Token CSRF, posto dal server su ogni risposta che non lo ha.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: 'Lo stesso valore del cookie `csrftoken`, su POST/PUT/PATCH/DELETE.',
  },
  chatBot: {
    type: 'http',
    scheme: 'bearer',
    description: 'Il segreto GAS_CHAT_BOT_SECRET: solo il bot della chat (api/chat-token).',
  },
} as const;

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

const pascal = (segment: string) =>
  segment
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** The path's segments after `/api/` and the application prefix `gas/`. */
function segmentsOf(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  if (segments[0] === 'gas') segments.shift();
  return segments;
}

/** A GET answering an array or a DRF page is a list; any other is one thing. */
function answersList(operation: Operation): boolean {
  const ok = operation.responses?.['200']?.content?.['application/json']?.schema;
  return ok?.type === 'array' || (ok?.type === 'object' && 'results' in (ok.properties ?? {}));
}

function verbOf(method: string, path: string, operation: Operation): Verb {
  if (method !== 'get') return method as Verb;
  const last = segmentsOf(path).at(-1) ?? '';
  return !isParam(last) && answersList(operation) ? 'list' : 'get';
}

export function operationIdOf(method: string, path: string, operation: Operation): string {
  const segments = segmentsOf(path);
  const nouns = segments.filter((s) => !isParam(s)).map(pascal);
  const last = segments.at(-1) ?? '';
  // `{id}` is what every detail route takes; another trailing parameter names
  // a second key of the same resource (a block, a setting's key).
  const by = isParam(last) && last !== '{id}' ? `By${pascal(last.slice(1, -1))}` : '';
  return `${VERB_IDS[verbOf(method, path, operation)]}${nouns.join('')}${by}`;
}

export function summaryOf(method: string, path: string, operation: Operation): string {
  const nouns = segmentsOf(path).filter((s) => !isParam(s));
  return `${VERBS[verbOf(method, path, operation)]}: ${nouns.join(' ')}`;
}

/**
 * Who may call: reads are open to anonymous visitors unless the handler's
 * policy says otherwise (a 403 then), writes need the CSRF pair, and the
 * back office (`/api/admin/`, api/admin/routes.ts `requireStaff`) needs a
 * staff session for both. A route exempt from CSRF (a server calling
 * without cookies) declares its own scheme in its schema.
 */
export function securityOf(method: string, path: string): Record<string, string[]>[] {
  const session = { sessionCookie: [] };
  const csrf = { csrfCookie: [], csrfHeader: [] };
  const staffOnly = path.startsWith('/api/admin/');
  if (UNSAFE.has(method) && !CSRF_EXEMPT_ROUTES.has(path)) {
    return staffOnly ? [{ ...session, ...csrf }] : [{ ...session, ...csrf }, csrf];
  }
  return staffOnly ? [session] : [session, {}];
}

/** Gives every operation of `paths` its id, summary and security (in place). */
export function describeOperations(paths: Record<string, PathItem>): void {
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operation.operationId ??= operationIdOf(method, path, operation);
      operation.summary ??= summaryOf(method, path, operation);
      operation.security ??= securityOf(method, path);
    }
  }
}
