// Names, summaries and security of the API's operations, derived from method
// and path so that 250-odd routes need no hand-written ids and a new route
// gets one by itself (docs/architecture.md, "The typed client and the OpenAPI document"). A route
// may still set its own `operationId` or `summary` in its schema: it wins.
//
//   GET    /api/gas/evento/            listEvento        "Elenco degli eventi"
//   GET    /api/gas/evento/{id}/       getEvento         "Dettaglio di un evento"
//   POST   /api/admin/sessione/        createAdminSessione  "Crea una sessione (back office)"
//   PATCH  /api/gas/sessione/{id}/     updateSessione    "Modifica una sessione"
//   GET    /api/admin/polo/{id}/dipendenze/  getAdminPoloDipendenze  "Record che dipendono da un polo (back office)"
//   GET    /api/gas/sessione/{id}/eventi/{blocco}/  getSessioneEventiByBlocco
//
// `gas/` (the DRF application's prefix) is left out of ids; `admin/` stays, so
// the back office's `listAdminEvento` differs from the public `listEvento`.
// Summaries name the resource by the Italian labels of the back office's
// descriptions (@gas/contracts RISORSE_ADMIN); a route whose path names
// something else says what it does in its own `summary` (openapi.test.ts
// fails when an operation has none).
import { CSRF_COOKIE, CSRF_HEADER, RISORSE_ADMIN } from '@gas/contracts';
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

/** A GET is `list` or `get` (verbOf); the other methods are their own verb. */
type Verb = 'list' | 'get' | 'post' | 'put' | 'patch' | 'delete';
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

/** A resource's Italian names, lower case: 'sessione', 'sessioni'. */
type Nomi = { singolare: string; plurale: string };

/**
 * The resources of the back office by the segment of their paths, and the
 * public paths that name one of them otherwise.
 */
const NOMI = new Map<string, Nomi>(
  RISORSE_ADMIN.map((r) => [
    r.nome,
    { singolare: r.singolare.toLowerCase(), plurale: r.etichetta.toLowerCase() },
  ]),
);
const ALIAS: Record<string, string> = {
  'messaggi-importanti': 'messaggio-importante',
  country: 'paese',
  region: 'regione',
  city: 'citta',
};

// The articles the labels take: feminine by the noun's ending (-a but not
// the Greek -ma of 'problema', -à, -ione), 'uno'/'degli' before s + consonant,
// z, gn, ps, x, y, and before a vowel 'degli' and the elided "un'".
const nome = (parole: string) => parole.split(' ')[0]!;
const femminile = (n: Nomi) => /(?<!m)a$|à$|ione$/.test(nome(n.singolare));
const impura = (parola: string) => /^(s[^aeiou]|z|gn|ps|x|y)/.test(parola);
const vocale = (parola: string) => /^[aeiouàèéìòù]/.test(parola);

/** 'un evento', 'uno sponsor', 'una sessione'. */
function un(n: Nomi): string {
  const w = n.singolare;
  if (femminile(n)) return vocale(w) ? `un'${w}` : `una ${w}`;
  return impura(w) ? `uno ${w}` : `un ${w}`;
}

/** 'degli eventi', 'dei poli', 'delle squadre'. */
function degli(n: Nomi): string {
  const w = n.plurale;
  if (femminile(n)) return `delle ${w}`;
  return vocale(w) || impura(w) ? `degli ${w}` : `dei ${w}`;
}

const CRUD: Record<Verb, (n: Nomi) => string> = {
  list: (n) => `Elenco ${degli(n)}`,
  get: (n) => `Dettaglio di ${un(n)}`,
  post: (n) => `Crea ${un(n)}`,
  put: (n) => `Sostituisce ${un(n)}`,
  patch: (n) => `Modifica ${un(n)}`,
  delete: (n) => `Elimina ${un(n)}`,
};

/** The back office's routes under each resource (api/admin/routes.ts, bulk.ts). */
const SOTTO: Record<string, { method: string; summary: (n: Nomi) => string }> = {
  titoli: { method: 'get', summary: (n) => `Titoli ${degli(n)}, come li nominano scelte e filtri` },
  csv: { method: 'get', summary: (n) => `Elenco ${degli(n)} in CSV` },
  permessi: {
    method: 'get',
    summary: (n) =>
      `Cosa l'utente può impostare in ${femminile(n) ? 'una nuova' : 'un nuovo'} ${n.singolare}`,
  },
  dipendenze: { method: 'get', summary: (n) => `Record che dipendono da ${un(n)}` },
  azioni: { method: 'post', summary: (n) => `Modifica o elimina più ${n.plurale}` },
};

/**
 * What the operation does, in Italian, from its method and the resource its
 * path names ('Elenco degli eventi', 'Crea una sessione (back office)');
 * undefined when the path names no resource of the back office or a route of
 * its own (the route then gives its summary).
 */
export function summaryOf(method: string, path: string, operation: Operation): string | undefined {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  const admin = segments[0] === 'admin';
  if (admin || segments[0] === 'gas' || segments[0] === 'ext-user') segments.shift();
  const [risorsa = '', ...resto] = segments.filter((s) => !isParam(s));
  const nomi = NOMI.get(ALIAS[risorsa] ?? risorsa);
  if (!nomi || resto.length > 1) return undefined;
  let summary: string;
  if (resto.length === 0) {
    summary = CRUD[verbOf(method, path, operation)](nomi);
  } else {
    const sotto = SOTTO[resto[0]!];
    if (!sotto || sotto.method !== method) return undefined;
    summary = sotto.summary(nomi);
  }
  return admin ? `${summary} (back office)` : summary;
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
      const summary = operation.summary ?? summaryOf(method, path, operation);
      if (summary !== undefined) operation.summary = summary;
      operation.security ??= securityOf(method, path);
    }
  }
}
