// The security headers of every answer (helmet), in one place so that the one
// page other sites may frame (the school widget, issue 28) differs from the
// rest only in who may frame it.
//
// helmet itself, not @fastify/helmet: the wrapper builds helmet's middleware
// again on every request (parsing the Content-Security-Policy each time:
// 4 % of an instance's CPU in the opening-minute storm, docs/performance.md).
// The two sets of headers are built once here and applied by one hook.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A page any site may put in an iframe (the school widget). */
    incorporabile?: boolean;
  }
}

type Directives = Record<string, string[] | null>;

/** The Content-Security-Policy of the site. */
function cspDirectives(sentryDsn: string | undefined): Directives {
  return {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    frameSrc: ['https://www.youtube-nocookie.com'],
    // The error reports of the web app go to Sentry's host when a DSN is set.
    connectSrc: ["'self'", 'ws:', 'wss:', ...(sentryDsn ? [new URL(sentryDsn).origin] : [])],
    upgradeInsecureRequests: null,
  };
}

/**
 * Helmet's options: for every answer, or (`incorporabile`) for a page any
 * site may put in an iframe: the same policy with `frame-ancestors *` and no
 * X-Frame-Options (which knows no "anyone" and would override nothing in
 * browsers that read CSP, but DENY or SAMEORIGIN would still block the older
 * ones). Everything else keeps helmet's `frame-ancestors 'self'` and
 * `X-Frame-Options: SAMEORIGIN` (clickjacking).
 */
function opzioni(sentryDsn: string | undefined, incorporabile: boolean): HelmetOptions {
  const directives = cspDirectives(sentryDsn);
  return {
    contentSecurityPolicy: {
      directives: incorporabile ? { ...directives, frameAncestors: ['*'] } : directives,
    },
    crossOriginEmbedderPolicy: false,
    frameguard: !incorporabile,
  };
}

async function securityHeaders(
  app: FastifyInstance,
  { sentryDsn }: { sentryDsn: string | undefined },
): Promise<void> {
  const ogni = helmet(opzioni(sentryDsn, false));
  const incorporabile = helmet(opzioni(sentryDsn, true));
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.routeOptions.config.incorporabile ? incorporabile : ogni;
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export const registerSecurityHeaders = fp(securityHeaders, {
  name: 'gas-security-headers',
  dependencies: [],
});
