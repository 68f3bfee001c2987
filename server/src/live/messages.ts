// The frames the live feeds send (spec §7 "Live connections"), and which feed
// each bus message goes to. Every frame is one JSON object with a `type`:
//
// /ws/gas/sessione/{id}/punteggi_eventi/
//   {"type":"npe","id":812,"k":"r","s":31,"p":7,"c":true,"d":"2026-04-15T09:12:03.120Z"}
//   {"type":"npe","id":813,"k":"j","s":32,"p":4,"d":"..."}        (joker: no `c`)
//   {"type":"npe_delete","id":812}      an answer or joker was deleted: drop that id
//   {"type":"refresh_page"}             reload the page now
//   {"type":"refresh_page_delayed","interval":30}  reload after a random delay ≤ interval s
// /ws/gas/sessione/{id}/punteggi_last/
//   {"type":"new_json","json":{"ora":"...","json":{...}}}  the /punteggi/ item (at most 1/s)
// /ws/gas/messaggi-importanti/{eventoId}/
//   {"type":"new_message","message":{"id":5,"testo":"...","data":"...","evento":3}}
// Any feed, in answer to a client's {"type":"ping"}: {"type":"pong"}.
//
// Frames are encoded once per message (Buffer), then written to every socket
// of the feed: the per-client cost is a frame header and a write.
import type { LiveMessage } from './bus';

export type FeedKind = 'eventi' | 'last' | 'messaggi';

/** Key of one feed of one session (eventi, last) or event (messaggi). */
export function feedKey(kind: FeedKind, id: number): string {
  return `${kind}:${id}`;
}

/** The feed a bus message goes to, or null (snapshot_invalidated drives punteggi_last). */
export function feedKeyOf(message: LiveMessage): string | null {
  switch (message.type) {
    case 'npe':
    case 'npe_delete':
    case 'refresh_page':
    case 'refresh_page_delayed':
      return feedKey('eventi', message.sessioneId);
    case 'new_message':
      return feedKey('messaggi', message.eventoId);
    case 'snapshot_invalidated':
    case 'snapshot_cleared':
      return null;
  }
}

export function encodeJson(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

/** The frame of a bus message that feedKeyOf sends somewhere. */
export function encodeMessage(message: LiveMessage): Buffer {
  switch (message.type) {
    case 'npe':
      return encodeJson({ type: 'npe', ...message.event });
    case 'npe_delete':
      return encodeJson({ type: 'npe_delete', id: message.id });
    case 'refresh_page':
      return encodeJson({ type: 'refresh_page' });
    case 'refresh_page_delayed':
      return encodeJson({ type: 'refresh_page_delayed', interval: message.interval });
    case 'new_message':
      return encodeJson({
        type: 'new_message',
        message: { ...message.message, evento: message.eventoId },
      });
    case 'snapshot_invalidated':
    case 'snapshot_cleared':
      return encodeJson({ type: message.type });
  }
}

/** The punteggi_last frame of a snapshot: the /punteggi/ item `{ora, json}`. */
export function newJsonFrame(ora: Date, json: unknown): Buffer {
  return encodeJson({ type: 'new_json', json: { ora: ora.toISOString(), json } });
}

export const PONG_FRAME = encodeJson({ type: 'pong' });

/** Application close codes (4000-4999 are the application's range). */
export const CLOSE = {
  notFound: { code: 4404, reason: 'Non trovato' },
  forbidden: { code: 4403, reason: 'Permesso negato' },
  tooManyMessages: { code: 4429, reason: 'Troppi messaggi' },
  serverError: { code: 1011, reason: 'Errore interno del server' },
  shutdown: { code: 1001, reason: 'Server in arresto' },
} as const;
