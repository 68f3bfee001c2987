// Builds the Fastify application: plugins, API routes and the web app.
// main.ts starts it; tests build it and call `app.inject`.
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { validatorCompiler } from 'fastify-type-provider-zod';
import {
  configureZodItalian,
  FILTRO_EVENTI_NON_UFFICIALI,
  FILTRO_EVENTI_UFFICIALI,
} from '@gas/contracts';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { registerCacheHttp } from './plugins/cache-http';
import { registerCompressione } from './plugins/compressione';
import { registerMicrocache } from './plugins/microcache';
import { registerErrorHandler } from './plugins/errors';
import { senzaSegreti } from './util/segreti';
import { registerStartupGate } from './plugins/startup-gate';
import { registerMetriche } from './metrics/plugin';
import { generaRequestId, registerRequestIdHeader } from './plugins/request-id';
import { registerOpenApi } from './plugins/openapi';
import { registerResponses } from './plugins/responses';
import { sessionAuth } from './plugins/auth/session';
import { registerWebApp } from './plugins/static';
import { registerSecurityHeaders } from './plugins/security-headers';
import { opzioniConnessioni } from './plugins/connessioni';
import { apiRoutes } from './api';
import { creaAnteprime } from './api/anteprima/anteprime';
import { eventoPubblicoDellaSessione } from './gara/queries';
import { classificaVista, sessioneVista } from './api/sessione/routes';
import { squadreViste } from './api/squadra/routes';
import { poliVisti } from './api/polo/routes';
import { eventiVisti, eventoVisto } from './api/evento/routes';
import { sitoVisto, sponsorVisti } from './api/sito/routes';
import { ANONYMOUS } from './policies';
import { ApiError } from './errors';
import type { LiveBus } from './live/bus';
import { liveFeeds } from './live/feeds';
import { createServices, type Services } from './services';
import { registerListReads } from './plugins/list-reads';
import { registerRateLimit } from './plugins/rate-limit';

export type BuildAppOptions = {
  config: AppConfig;
  database: Database;
  /** Live event bus of the services; a new one when not given. */
  live?: LiveBus;
  /** Pino logger options, or false to silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Where the app's own logger writes (default stdout): tests read its lines. */
  logDestination?: { write(line: string): void };
  /**
   * false: the app answers only the probes (503 for the rest) until
   * `services.readiness.markStarted()`; main.ts listens before it migrates.
   * Tests and scripts build an app that is ready at once.
   */
  started?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's services (services.ts), closed with the app. */
    services: Services;
  }
}

/** The most teams the scores and results pages are painted with (their HTML carries them twice). */
const SQUADRE_DIPINTE_MAX = 2000;

/** The most events an event list is painted with (every season's: a few dozen a year). */
const EVENTI_DIPINTI_MAX = 500;

/** `read`'s answer, or null when it does not exist for the reader (404). */
async function seVisibile<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function buildApp({
  config,
  database,
  live,
  logger,
  logDestination,
  started = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  configureZodItalian();
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      ...(logDestination ? { stream: logDestination } : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrftoken"]'],
      // Secrets (the one-time link's token in a page's URL, credentials a
      // driver's message repeats) never reach a log line (util/segreti.ts).
      serializers: {
        req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
          method: req.method,
          url: senzaSegreti(req.url),
          hostname: req.hostname,
          remoteAddress: req.ip,
        }),
        err: (err: Error) => {
          const out = pino.stdSerializers.err(err);
          out.message = senzaSegreti(out.message);
          out.stack = senzaSegreti(out.stack);
          return out;
        },
      },
    },
    genReqId: generaRequestId(config.trustProxy),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Half-sent requests and idle connections are closed (plugins/connessioni.ts).
    ...opzioniConnessioni(config.http),
    // Django-style paths end with a slash; the form without it reaches the same route.
    routerOptions: { ignoreTrailingSlash: true },
  });
  // Absolute links (pagination) are built from it when set, not from Host.
  app.decorate('publicUrl', config.publicUrl);
  // Built once, handed to everything below, closed with the app.
  const services = createServices({ config, database, live, log: app.log, started });
  app.decorate('services', services);
  app.addHook('onClose', () => services.close());
  // First of the hooks: the id every later log line and answer carries, and
  // nothing but the probes until start-up is over.
  await app.register(registerRequestIdHeader);
  await app.register(registerStartupGate, { readiness: services.readiness });
  await app.register(registerMetriche, {
    metriche: services.metriche,
    token: config.metricsToken,
  });
  app.setValidatorCompiler(validatorCompiler);
  await app.register(registerResponses, { validate: config.checkResponses });
  await app.register(registerErrorHandler, { errori: services.errori });

  await app.register(registerSecurityHeaders, { sentryDsn: config.sentryDsn });

  // Before every route: its hook applies to the routes registered after it.
  await app.register(registerCompressione);
  // request.actor, which the cache headers, the rate limits and the live
  // feeds read (their `dependencies`): registered before them.
  await app.register(sessionAuth, {
    database,
    actors: services.actors,
    changes: services.actorChanges,
  });
  await app.register(registerCacheHttp);
  // After the cache headers' hooks (its onSend keeps what they set); a hit
  // (preHandler) skips validation, the handler, serialisation and compression.
  await app.register(registerMicrocache, { modifiche: services.modifiche });
  await app.register(registerOpenApi);
  await app.register(registerRateLimit, { config });
  // Before the routes: it gates the list reads' handlers as they are added.
  await app.register(registerListReads, { config });
  await app.register(liveFeeds, services);
  await apiRoutes(app, services);
  await app.register(registerWebApp, {
    webDist: config.webDist,
    sentryDsn: config.sentryDsn,
    publicUrl: config.publicUrl,
    // Link previews of the session pages (issue 28), from the cached snapshots.
    anteprima: creaAnteprime({ db: database.db, snapshots: services.snapshots }),
    // A public session's event, announced in its pages (plugins/anticipi.ts).
    eventoDellaSessione: (id) => eventoPubblicoDellaSessione(database.db, id),
    // Public pages' first screen, from the API's answers to an anonymous visitor.
    modifiche: services.modifiche,
    lettoriPagina: {
      home: async () => {
        const [sito, sponsor] = await Promise.all([
          sitoVisto({ database, config }),
          sponsorVisti(database.db),
        ]);
        return { sito, sponsor };
      },
      sessione: (id) =>
        seVisibile(async () => {
          const sessione = await sessioneVista(database.db, ANONYMOUS, id);
          return { sessione, evento: await eventoVisto(database.db, ANONYMOUS, sessione.evento) };
        }),
      evento: (id) =>
        seVisibile(async () => ({ evento: await eventoVisto(database.db, ANONYMOUS, id) })),
      conClassifica: (id) =>
        seVisibile(async () => {
          const sessione = await sessioneVista(database.db, ANONYMOUS, id);
          const [evento, classifica, squadre, poli, sito] = await Promise.all([
            eventoVisto(database.db, ANONYMOUS, sessione.evento),
            classificaVista(database.db, services.snapshots, ANONYMOUS, id),
            squadreViste(
              database.db,
              { actor: ANONYMOUS, sessione: id },
              { limit: SQUADRE_DIPINTE_MAX, offset: 0, style: 'limit' },
            ),
            sessione.poli.length > 0 ? poliVisti(database.db, ANONYMOUS, sessione.evento) : [],
            // The maps' tile server, for their background painted with the page.
            sitoVisto({ database, config }),
          ]);
          // A ranking longer than that is left to the app (the page stays whole).
          if (squadre.count > SQUADRE_DIPINTE_MAX) return null;
          return { sessione, evento, classifica, squadre: squadre.results, poli, sito };
        }),
      eventi: async (quali) => {
        const [filtro, tipologie] =
          quali === 'ufficiali'
            ? [FILTRO_EVENTI_UFFICIALI, { only: FILTRO_EVENTI_UFFICIALI.tipologia }]
            : [
                FILTRO_EVENTI_NON_UFFICIALI,
                { among: [...FILTRO_EVENTI_NON_UFFICIALI.tipologia__in] },
              ];
        const { count, results } = await eventiVisti(database.db, ANONYMOUS, tipologie, {
          limit: EVENTI_DIPINTI_MAX,
          offset: 0,
          style: 'limit',
        });
        // A list longer than that is left to the app.
        return count > EVENTI_DIPINTI_MAX ? null : { eventi: { filtro, lista: results } };
      },
    },
  });
  return app;
}
