// The three WebSocket feeds of spec §7 (frame shapes in messages.ts):
//   /ws/gas/sessione/{id}/punteggi_eventi/   npe, npe_delete, refresh_page(_delayed)
//   /ws/gas/sessione/{id}/punteggi_last/     new_json snapshots, at most 1/s
//   /ws/gas/messaggi-importanti/{eventoId}/  new_message
// The upgrade request goes through the session hook, so request.actor is the
// logged-in user: a private event's feeds are closed (4403) for those who may
// not see it, unknown ids with 4404. Broadcasts come from the LiveBus, which
// write paths publish to only after their commit (and the bridge, from other
// instances).
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type WebSocket from 'ws';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { canSeeEvento } from '../policies';
import type { EventoWithAccess } from '../api/shared/evento-access';
import type { LiveBus } from './bus';
import { FeedHub } from './hub';
import { CLOSE, encodeMessage, feedKey, feedKeyOf, PONG_FRAME, type FeedKind } from './messages';
import { SnapshotFeed } from './punteggi-last';
import { eventoById, eventoOfSessione } from './queries';
import { snapshotsFor } from './snapshots';

export type LiveFeedsOptions = { config: AppConfig; database: Database; live: LiveBus };

declare module 'fastify' {
  interface FastifyInstance {
    /** The sockets of the live feeds (stats for benchmarks and tests). */
    liveHub: FeedHub;
  }
}

/** Client frames are tiny ({"type":"ping"}); anything bigger closes the socket (1009). */
const MAX_CLIENT_FRAME = 4096;
/** More client frames than this in 10 s is a misbehaving client. */
const MAX_CLIENT_FRAMES = 50;

const ID = /^[1-9]\d{0,9}$/;

async function liveFeedsPlugin(app: FastifyInstance, deps: LiveFeedsOptions) {
  const { db } = deps.database;
  const hub = new FeedHub({
    maxBufferedBytes: deps.config.ws.maxBufferedBytes,
    pingIntervalMs: deps.config.ws.pingIntervalMs,
    onDrop: (reason, key) => app.log.info({ reason, feed: key }, 'live: connessione chiusa'),
  });
  const snapshots = snapshotsFor(deps);
  const last = new SnapshotFeed(hub, snapshots, {
    onError: (err, sessioneId) => app.log.error({ err, sessioneId }, 'live: snapshot fallito'),
  });
  app.decorate('liveHub', hub);

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
    const key = feedKeyOf(message);
    // Encoded once for all the sockets of the feed, and only if someone follows it.
    if (key !== null && hub.count(key) > 0) {
      let frames = outbox.get(key);
      if (!frames) outbox.set(key, (frames = []));
      frames.push(encodeMessage(message));
      flushing ??= setImmediate(flush);
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
  });

  type Lookup = (id: number) => Promise<EventoWithAccess | null>;
  const feed =
    (kind: FeedKind, lookup: Lookup, what: string) =>
    (socket: WebSocket, request: FastifyRequest) => {
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
      lookup(id)
        .then(async (evento) => {
          if (!evento || !canSeeEvento(request.actor, evento.access)) {
            hub.remove(socket);
            const close = evento ? CLOSE.forbidden : CLOSE.notFound;
            socket.close(close.code, evento ? close.reason : `${what} inesistente`);
            return;
          }
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
    let warned = false;
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
      // Once per connection: a buggy client must not flood the log.
      if (!warned) {
        warned = true;
        request.log.warn(
          { url: request.url, frame: data.toString('utf8', 0, 200) },
          'live: messaggio del client ignorato',
        );
      }
    });
  }

  const sessione = cached((id) => eventoOfSessione(db, id));
  const evento = cached((id) => eventoById(db, id));
  const hide = { schema: { hide: true } };
  app.get(
    '/ws/gas/sessione/:id/punteggi_eventi/',
    { websocket: true, ...hide },
    feed('eventi', sessione, 'Sessione'),
  );
  app.get(
    '/ws/gas/sessione/:id/punteggi_last/',
    { websocket: true, ...hide },
    feed('last', sessione, 'Sessione'),
  );
  app.get(
    '/ws/gas/messaggi-importanti/:id/',
    { websocket: true, ...hide },
    feed('messaggi', evento, 'Evento'),
  );
}

/**
 * The access lookup of a feed, shared for a few seconds: after a restart
 * thousands of pages reconnect at once and would otherwise each query the
 * same event. A visibility change applies to new connections within LOOKUP_TTL_MS.
 */
const LOOKUP_TTL_MS = 5000;
function cached(lookup: (id: number) => Promise<EventoWithAccess | null>) {
  const entries = new Map<number, { at: number; value: Promise<EventoWithAccess | null> }>();
  return (id: number) => {
    const now = Date.now();
    const hit = entries.get(id);
    if (hit && now - hit.at < LOOKUP_TTL_MS) return hit.value;
    if (entries.size > 10_000) entries.clear();
    const value = lookup(id);
    entries.set(id, { at: now, value });
    // A failed lookup is not remembered.
    value.catch(() => entries.delete(id));
    return value;
  };
}

/** Registered at the root: the WebSocket upgrade handling must cover every route. */
export const liveFeeds = fp(liveFeedsPlugin, {
  name: 'live-feeds',
  dependencies: ['session-auth'],
});
