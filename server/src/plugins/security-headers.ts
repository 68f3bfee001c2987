// The security headers of every answer (helmet), in one place so that the one
// page other sites may frame (the school widget, issue 28) differs from the
// rest only in who may frame it.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
 * A route's helmet options for a page any site may put in an iframe: the same
 * policy with `frame-ancestors *` and no X-Frame-Options (which knows no
 * "anyone" and would override nothing in browsers that read CSP, but DENY or
 * SAMEORIGIN would still block the older ones). Everything else keeps helmet's
 * `frame-ancestors 'self'` and `X-Frame-Options: SAMEORIGIN` (clickjacking).
 */
export function incorporabile(sentryDsn: string | undefined): Omit<FastifyHelmetOptions, 'global'> {
  return {
    frameguard: false,
    contentSecurityPolicy: {
      directives: { ...cspDirectives(sentryDsn), frameAncestors: ['*'] },
    },
  };
}

async function securityHeaders(
  app: FastifyInstance,
  { sentryDsn }: { sentryDsn: string | undefined },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { directives: cspDirectives(sentryDsn) },
    crossOriginEmbedderPolicy: false,
  });
}

export const registerSecurityHeaders = fp(securityHeaders, { name: 'gas-security-headers' });
