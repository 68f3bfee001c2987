// How long the instance keeps an HTTP connection that is not doing its part
// (issue 26): 950 connections that sent half their headers once held every
// file descriptor of an instance. Node's own defaults do not bound them well
// under Fastify: Fastify turns Node's request timeout off (0), and Node
// checks the header deadline (60 s) only every 30 s.
//
// - headersMs: a request's headers must be complete within this time of its
//   first byte (also a connection that sends nothing at all: Node counts
//   from the connection's opening). Checked every checkIntervalMs, so such a
//   connection is closed at most checkIntervalMs after its deadline.
// - requestMs: the whole request, body included (a trickled upload).
// - keepAliveMs: a connection idle between two requests (Node's keep-alive
//   timeout). Must stay above the idle timeout of a proxy that keeps
//   connections to the instance open (deploy/nginx: 30 s), so the proxy,
//   not the instance, closes an idle one (docs/deploying.md).
//
// None of them touches a live feed: once a WebSocket upgrade is done the
// socket is no longer an HTTP request of Node's (checked in connessioni.test.ts).
// No idle timeout on the socket itself (Fastify's connectionTimeout): it
// would also cut a request whose handler is silent for long (an export).
import type { ServerOptions } from 'node:http';
import type { AppConfig } from '../config';

export function opzioniConnessioni(http: AppConfig['http']): {
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  return {
    keepAliveTimeout: http.keepAliveMs,
    requestTimeout: http.requestMs,
    // Read by Node when the server is created (setting them later on the
    // server object does not move the checking interval).
    http: {
      headersTimeout: http.headersMs,
      requestTimeout: http.requestMs,
      connectionsCheckingInterval: http.checkIntervalMs,
    },
  };
}
