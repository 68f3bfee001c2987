// Configuration comes only from environment variables, read and validated
// here once at start. A wrong value stops the process with one line naming
// the variable (see main.ts), never with a stack trace.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { configureZodItalian } from '@gas/contracts';
import { ACCEPT_QUEUES } from './util/accept-queues';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// An IPv4/IPv6 address, optionally /prefix, or one of proxy-addr's names.
const proxyAddressPattern = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value),
    );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'deve essere un URL postgres://utente:password@host:porta/db')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GAS_DEMO: flag(true),
  GAS_DEMO_LIVE: flag(true),
  // Unset: on, except under NODE_ENV=test (HTTP tests fire hundreds of calls from one address).
  GAS_RATE_LIMIT: flag(true).optional(),
  // Unset: on, except under NODE_ENV=production (plugins/responses.ts).
  GAS_CHECK_RESPONSES: flag(true).optional(),
  GAS_RATE_LIMIT_READS: z.coerce.number().int().min(1).max(1_000_000).default(600),
  GAS_RATE_LIMIT_SUBMISSIONS: z.coerce.number().int().min(1).max(1_000_000).default(300),
  GAS_WS_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(256 * 1024 * 1024)
    .default(1024 * 1024),
  GAS_WS_PING_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  GAS_WARMUP_SECONDS: z.coerce.number().int().min(0).max(300).default(20),
  GAS_ACCEPT_QUEUES: z.coerce.number().int().min(1).max(64).default(ACCEPT_QUEUES),
  GAS_HTTP_HEADERS_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  GAS_HTTP_KEEPALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
  GAS_LIVE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'deve essere un URL postgres://utente:password@host:porta/db')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'web', 'dist')),
  // Off, or the trusted proxies' addresses/CIDRs (comma-separated, proxy-addr's
  // names loopback/linklocal/uniquelocal allowed); '1' = loopback, the usual
  // nginx on the same host. Only those hops' X-Forwarded-For is believed.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const v = (value ?? '').trim();
      if (['', '0', 'false', 'no', 'off'].includes(v)) return false as const;
      if (['1', 'true', 'yes', 'on'].includes(v)) return ['loopback'];
      const list = v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (!list.every((x) => proxyAddressPattern.test(x))) {
        ctx.addIssue({
          code: 'custom',
          message:
            'indirizzi o CIDR dei proxy fidati separati da virgole (es. 127.0.0.1,10.0.0.0/8)',
        });
        return z.NEVER;
      }
      return list;
    }),
  GAS_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+$/, "deve essere l'origine pubblica, es. https://gas.example.it")
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GAS_CHAT_URL: z
    .string()
    .regex(/^https:\/\/\S+$/, 'deve essere un URL https://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GAS_EVENTI_MAX_GIORNO: z.coerce.number().int().min(1).max(100_000).default(20),
  GAS_RESPONSABILI_MAX_GIORNO: z.coerce.number().int().min(1).max(100_000).default(20),
  GAS_WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(100),
  GAS_WS_MAX_TOTAL: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  // E-mail (issue 15): without an SMTP URL messages go to the log.
  GAS_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'deve essere un URL smtp:// o smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GAS_EMAIL_FROM: z.string().min(3).max(300).default('GaS <noreply@gas.invalid>'),
  // The scheduled sync with the external olympiad site (issue 15): off without a URL.
  GAS_SYNC_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'deve essere un URL http(s)://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GAS_SYNC_TOKEN: z
    .string()
    .max(4096)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GAS_SYNC_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  // Error reporting (issue 16): a Sentry-compatible DSN (Sentry, self-hosted
  // Sentry, GlitchTip); unset = only GaS's own error inbox.
  GAS_SENTRY_DSN: z
    .string()
    .regex(
      // The SDKs' own DSN grammar: key (and old secret) in word characters.
      /^https?:\/\/\w+(:\w*)?@[\w.-]+(:\d+)?\/([^\s?#]*\/)?\d+$/,
      'deve essere il DSN del progetto, es. https://chiave@sentry.example.it/12',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // /metrics (issue 16): with a token, scrapers send it as a bearer token;
  // without, only direct connections from this machine get the metrics.
  GAS_METRICS_TOKEN: z
    .string()
    .min(16, 'deve essere lungo almeno 16 caratteri')
    .max(512)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GAS_CHAT_BOT_SECRET: z
    .string()
    .min(16, 'deve essere lungo almeno 16 caratteri')
    .max(512)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seed demo data into an empty database (never in production). */
  demo: boolean;
  /** Run the built-in live-session simulator (only when demo is on). */
  demoLive: boolean;
  /** Check every JSON answer against its route's response schema (tests, development). */
  checkResponses: boolean;
  /** Rate limits (per instance, in memory); off for benchmarks. */
  rateLimit: { enabled: boolean; readsPerMinute: number; submissionsPerMinute: number };
  /**
   * HTTP connections (plugins/connessioni.ts): a request's headers must be
   * complete within `headersMs` of its first byte, the whole request within
   * `requestMs`; a connection idle between requests is closed after
   * `keepAliveMs`. Checked every `checkIntervalMs`.
   */
  http: { headersMs: number; requestMs: number; keepAliveMs: number; checkIntervalMs: number };
  /** Live feeds: per-socket send buffer bound and heartbeat period (0 = none). */
  ws: { maxBufferedBytes: number; pingIntervalMs: number };
  /** At start, the longest warm-up of the contests on before /readyz says yes (live/warmup.ts; 0 = none). */
  warmupMs: number;
  /** Sockets listening on the instance's port (util/accept-queues.ts); 1 = Node's single one. */
  acceptQueues: number;
  /** Direct connection for LISTEN/NOTIFY (defaults to DATABASE_URL; not through a transaction pooler). */
  liveListenUrl: string | undefined;
  logLevel: string;
  webDist: string;
  /** Trusted reverse proxies (Fastify's list form), or false: believe no X-Forwarded-For. */
  trustProxy: false | string[];
  /** Public origin (https://host): accepted WebSocket Origin, base of absolute links. */
  publicUrl: string | undefined;
  /** Link to the community chat server shown by the app; unset = no link. */
  chatUrl: string | undefined;
  /** Events one user (not staff/superuser) may create per day, with the accounts he created. */
  eventiMaxGiorno: number;
  /** Secondary managers one user (not staff/superuser) may create per day. */
  responsabiliMaxGiorno: number;
  /** Live connections: per client address, and in total on this instance. */
  wsLimits: { maxPerAddress: number; maxTotal: number };
  mapTileUrl: string;
  /** Shared secret of the chat bot (chat-token verify); unset = verify answers 503. */
  chatBotSecret: string | undefined;
  /** Outgoing e-mail: SMTP URL (unset: written to the log) and sender. */
  email: { smtpUrl: string | undefined; from: string };
  /** Pull the olympiad site's document every `minutes` (sent with `Authorization: Bearer token`); unset url = no sync. */
  sync: { url: string | undefined; token: string | undefined; minutes: number };
  /** Where unexpected errors go besides GaS's own inbox: a Sentry-compatible DSN, or none. */
  sentryDsn: string | undefined;
  /** Bearer token of /metrics; unset = loopback only. */
  metricsToken: string | undefined;
};

/**
 * A whole request (headers and body) must arrive within 5 minutes (Node's own
 * default, which Fastify turns off): a 25 MB import on a slow school line
 * fits, a body trickled a byte at a time does not hold a connection forever.
 */
const REQUEST_TIMEOUT_MS = 300_000;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  configureZodItalian();
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? '?';
    throw new ConfigError(`${variable}: valore non valido (${issue?.message ?? 'errore'})`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demo: e.GAS_DEMO && !production,
    demoLive: e.GAS_DEMO && e.GAS_DEMO_LIVE && !production,
    checkResponses: env.GAS_CHECK_RESPONSES
      ? e.GAS_CHECK_RESPONSES !== false
      : e.NODE_ENV !== 'production',
    rateLimit: {
      enabled: env.GAS_RATE_LIMIT ? e.GAS_RATE_LIMIT !== false : e.NODE_ENV !== 'test',
      readsPerMinute: e.GAS_RATE_LIMIT_READS,
      submissionsPerMinute: e.GAS_RATE_LIMIT_SUBMISSIONS,
    },
    http: {
      headersMs: e.GAS_HTTP_HEADERS_SECONDS * 1000,
      requestMs: REQUEST_TIMEOUT_MS,
      keepAliveMs: e.GAS_HTTP_KEEPALIVE_SECONDS * 1000,
      checkIntervalMs: 2000,
    },
    ws: {
      maxBufferedBytes: e.GAS_WS_MAX_BUFFERED_BYTES,
      pingIntervalMs: e.GAS_WS_PING_SECONDS * 1000,
    },
    warmupMs: e.GAS_WARMUP_SECONDS * 1000,
    acceptQueues: e.GAS_ACCEPT_QUEUES,
    liveListenUrl: e.GAS_LIVE_LISTEN_URL ?? e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.GAS_PUBLIC_URL,
    chatUrl: e.GAS_CHAT_URL,
    eventiMaxGiorno: e.GAS_EVENTI_MAX_GIORNO,
    responsabiliMaxGiorno: e.GAS_RESPONSABILI_MAX_GIORNO,
    wsLimits: {
      maxPerAddress: e.GAS_WS_MAX_PER_ADDRESS,
      maxTotal: e.GAS_WS_MAX_TOTAL ?? defaultMaxSockets(),
    },
    mapTileUrl: e.MAP_TILE_URL,
    chatBotSecret: e.GAS_CHAT_BOT_SECRET,
    email: { smtpUrl: e.GAS_SMTP_URL, from: e.GAS_EMAIL_FROM },
    sync: { url: e.GAS_SYNC_URL, token: e.GAS_SYNC_TOKEN, minutes: e.GAS_SYNC_MINUTES },
    sentryDsn: e.GAS_SENTRY_DSN,
    metricsToken: e.GAS_METRICS_TOKEN,
  };
}

/**
 * Live sockets allowed by default: the process's open-file limit less room
 * for HTTP requests, database connections and files (a quarter, at least 256).
 */
function defaultMaxSockets(): number {
  const limit = openFileLimit();
  return Math.max(64, limit - Math.max(256, Math.floor(limit / 4)));
}

function openFileLimit(): number {
  try {
    // Linux: the soft limit of this process.
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
    if (match) return match[1] === 'unlimited' ? 1_048_576 : Number(match[1]);
  } catch {
    // Not Linux: fall through to a conservative default.
  }
  return 1024;
}
