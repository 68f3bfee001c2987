// The three WebSocket feeds of spec §7 (frame shapes in messages.ts):
//   /ws/gas/sessione/{id}/punteggi_eventi/   npe, npe_delete, refresh_page(_delayed)
//   /ws/gas/sessione/{id}/punteggi_last/     new_json snapshots, at most 1/s
//   /ws/gas/messaggi-importanti/{eventoId}/  new_message, edit_message, delete_message
//   the event's and its sessions' feeds also:  tempi, modifica (modifiche-evento.ts)
// The upgrade request goes through the session hook, so request.actor is the
// logged-in user: a private event's feeds are closed (4403) for those who may
// not see it, unknown ids with 4404, and later, when the event or the viewer
// changes so that they may no longer see it, 4403 too (access-guard.ts).
// Before the upgrade, admission.ts refuses foreign origins (403) and clients
// over the connection caps (429). Broadcasts come from the LiveBus, which
// write paths publish to only after their commit (and the bridge, from other
// instances).
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type WebSocket from 'ws';
import type { AppConfig } from '../config';
import { canSeeEvento } from '../policies';
import type { SnapshotCache } from '../scores/cache';
import type { Metriche } from '../metrics/metriche';
import type { AccessGuard } from './access-guard';
import type { ModificheEvento } from '../gara/modifiche-evento';
import { admitUpgrade, ConnectionLimits, placeOf } from './admission';
import { ThrottledWarnings } from './client-log';
import type { LiveBus } from './bus';
import { FeedHub } from './hub';
import type { EventoLookup, EventoLookups } from '../access/lookups';
import {
  CLOSE,
  encodeMessage,
  feedKey,
  feedKeysOf,
  isFeedMessage,
  PONG_FRAME,
  type FeedKind,
} from './messages';
import { SnapshotFeed } from './punteggi-last';

/** From the app's services (services.ts). */
export type LiveFeedsOptions = {
  config: AppConfig;
  live: LiveBus;
  snapshots: SnapshotCache;
  /** The feeds' access lookups, emptied by the guard when an event changes. */
  lookups: EventoLookups;
  /** Closes feeds whose viewer may no longer see the event (started here, stopped by the services). */
  access: AccessGuard;
  /** Turns an event's committed changes into frames (started here, stopped by the services). */
  modificheEvento: ModificheEvento;
  /** The metrics read the hub's counts when scraped. */
  metriche: Pick<Metriche, 'fonti'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The sockets of the live feeds (stats for benchmarks and tests). */
    liveHub: FeedHub;
    /** Live connections counted per client address and in total. */
    liveLimits: ConnectionLimits;
    /** Closes feeds whose viewer may no longer see the event. */
    liveAccess: AccessGuard;
  }
}

/** Client frames are tiny ({"type":"ping"}); anything bigger closes the socket (1009). */
const MAX_CLIENT_FRAME = 4096;
/** More client frames than this in 10 s is a misbehaving client. */
const MAX_CLIENT_FRAMES = 50;

const ID = /^[1-9]\d{0,9}$/;

async function liveFeedsPlugin(app: FastifyInstance, deps: LiveFeedsOptions) {
  const hub = new FeedHub({
    maxBufferedBytes: deps.config.ws.maxBufferedBytes,
    pingIntervalMs: deps.config.ws.pingIntervalMs,
    onDrop: (reason, key) => app.log.info({ reason, feed: key }, 'live: connessione chiusa'),
  });
  const last = new SnapshotFeed(hub, deps.snapshots, {
    onError: (err, sessioneId) => app.log.error({ err, sessioneId }, 'live: snapshot fallito'),
  });
  app.decorate('liveHub', hub);
  deps.metriche.fonti.hub = () => hub.statsByType();
  const limits = new ConnectionLimits(deps.config.wsLimits);
  app.decorate('liveLimits', limits);
  // Misbehaving clients: one warning per address a minute, not one per frame.
  const clientWarnings = new ThrottledWarnings(app.log);

  const { sessione, evento } = deps.lookups;
  const guard = deps.access;
  app.decorate('liveAccess', guard);
  await guard.start();
  await deps.modificheEvento.start();

  // Frames go out on the next turn of the event loop, not inside publish():
  // the write path answers its client first, and everything published in the
  // same turn (a burst of submissions) reaches each socket in one write.
  const outbox = new Map<string, Buffer[]>();
  let flushing: NodeJS.Immediate | null = null;
  const flush = () => {
    flushing = null;
    for (const [key, frames] of outbox) hub.broadcast(key, frames);
    outbox.clear();
  };
  const unsubscribe = deps.live.subscribe((message) => {
    if (isFeedMessage(message)) {
      // Encoded once for all the sockets of its feeds, and only if someone follows one.
      let frame: Buffer | null = null;
      for (const key of feedKeysOf(message)) {
        if (hub.count(key) === 0) continue;
        frame ??= encodeMessage(message);
        let frames = outbox.get(key);
        if (!frames) outbox.set(key, (frames = []));
        frames.push(frame);
        flushing ??= setImmediate(flush);
      }
    }
    if (
      message.type === 'snapshot_invalidated' ||
      message.type === 'snapshot_cleared' ||
      message.type === 'npe' ||
      message.type === 'npe_delete'
    ) {
      last.changed(message.sessioneId);
    }
  });

  // Before @fastify/websocket's own preClose: clients learn why (1001) and reconnect elsewhere.
  app.addHook('preClose', async () => {
    unsubscribe();
    if (flushing) clearImmediate(flushing);
    flush();
    last.close();
    hub.close(CLOSE.shutdown.code, CLOSE.shutdown.reason);
  });

  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_FRAME, perMessageDeflate: false },
    // Protocol errors (invalid frames, invalid UTF-8, a frame over 4 KiB)
    // are the client's: ws has already closed with the right code (1002,
    // 1007, 1009); the default handler logs each at error level with a stack.
    errorHandler: (error: Error & { code?: string }, socket: WebSocket, request) => {
      clientWarnings.warn(
        `frame:${request.ip}`,
        { ip: request.ip, url: request.url, code: error.code, reason: error.message },
        'live: frame non valido dal client',
      );
      socket.terminate();
    },
  });

  const feed =
    (kind: FeedKind, lookup: EventoLookup, what: string) =>
    (socket: WebSocket, request: FastifyRequest) => {
      // The place admission took; given back on every close path.
      socket.once('close', placeOf(request));
      const raw = (request.params as { id?: string }).id ?? '';
      // Ids are int4: a larger number names nothing (and must not reach the database).
      if (!ID.test(raw) || Number(raw) > 2_147_483_647) {
        socket.close(CLOSE.notFound.code, `${what} inesistente`);
        return;
      }
      const id = Number(raw);
      const key = feedKey(kind, id);
      listenToClient(socket, request);
      hub.add(key, socket, { pending: true });
      const generation = guard.generation;
      lookup(id)
        .then(async (evento) => {
          if (!evento || !canSeeEvento(request.actor, evento.access)) {
            hub.remove(socket);
            const close = evento ? CLOSE.forbidden : CLOSE.notFound;
            socket.close(close.code, evento ? close.reason : `${what} inesistente`);
            return;
          }
          const viewer = { actor: request.actor, loginSessionId: request.loginSessionId };
          guard.watch(socket, evento.access, viewer, generation);
          if (kind === 'last') {
            // The current state at once, so a page never waits for the next
            // answer; it supersedes whatever was broadcast during the check.
            const frame = await last.current(id);
            hub.approve(socket, frame ? [frame] : []);
          } else hub.approve(socket);
        })
        .catch((err: unknown) => {
          request.log.error({ err, feed: key }, 'live: apertura del feed fallita');
          hub.remove(socket);
          socket.close(CLOSE.serverError.code, CLOSE.serverError.reason);
        });
    };

  /** Clients have nothing to say but an application ping; the rest is logged and ignored. */
  function listenToClient(socket: WebSocket, request: FastifyRequest) {
    let windowStart = Date.now();
    let frames = 0;
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const now = Date.now();
      if (now - windowStart > 10_000) {
        windowStart = now;
        frames = 0;
      }
      if (++frames > MAX_CLIENT_FRAMES) {
        hub.remove(socket);
        socket.close(CLOSE.tooManyMessages.code, CLOSE.tooManyMessages.reason);
        return;
      }
      let type: unknown;
      try {
        type = isBinary
          ? undefined
          : (JSON.parse(data.toString('utf8')) as { type?: unknown }).type;
      } catch {
        type = undefined;
      }
      if (type === 'ping') {
        hub.send(socket, PONG_FRAME);
        return;
      }
      clientWarnings.warn(
        `message:${request.ip}`,
        { ip: request.ip, url: request.url, frame: data.toString('utf8', 0, 200) },
        'live: messaggio del client ignorato',
      );
    });
  }

  // Hidden from the OpenAPI document; admitted (Origin, caps) before the upgrade.
  const wsRoute = {
    schema: { hide: true },
    onRequest: admitUpgrade(limits, deps.config.publicUrl, clientWarnings),
  };
  app.get(
    '/ws/gas/sessione/:id/punteggi_eventi/',
    { websocket: true, ...wsRoute },
    feed('eventi', sessione, 'Sessione'),
  );
  app.get(
    '/ws/gas/sessione/:id/punteggi_last/',
    { websocket: true, ...wsRoute },
    feed('last', sessione, 'Sessione'),
  );
  app.get(
    '/ws/gas/messaggi-importanti/:id/',
    { websocket: true, ...wsRoute },
    feed('messaggi', evento, 'Evento'),
  );
}

/** Registered at the root: the WebSocket upgrade handling must cover every route. */
export const liveFeeds = fp(liveFeedsPlugin, {
  name: 'gas-live-feeds',
  // The upgrade request's request.actor and loginSessionId.
  dependencies: ['gas-session-auth'],
});
