// The frames the live feeds send (spec §7 "Live connections"), and which feed
// each bus message goes to. Every frame is one JSON object with a `type`:
//
// /ws/gas/sessione/{id}/punteggi_eventi/
//   {"type":"npe","id":812,"k":"r","s":31,"p":7,"c":true,"d":"2026-04-15T09:12:03.120Z"}
//   {"type":"npe","id":813,"k":"j","s":32,"p":4,"d":"..."}        (joker: no `c`)
//   {"type":"npe_delete","id":812}      an answer or joker was deleted: drop that id
//   {"type":"refresh_page"}             reload the page now
//   {"type":"refresh_page_delayed","interval":30}  reload after a random delay ≤ interval s
//   {"type":"proclamazione","passo":4,"passi":12}  the proclamation moved: read it again
// /ws/gas/sessione/{id}/punteggi_last/
//   {"type":"new_json","json":{"ora":"...","json":{...}}}  the /punteggi/ item (at most 1/s)
// /ws/gas/messaggi-importanti/{eventoId}/
//   {"type":"new_message","message":{"id":5,"testo":"...","data":"...","evento":3}}
//   {"type":"edit_message","message":{...same shape...}}   replace the message with that id
//   {"type":"delete_message","id":5}                        drop the message with that id
// Both punteggi_eventi of each session of an event and its messaggi-importanti:
//   {"type":"tempi","evento":3,"inizio":"...","fine":"...","fine_consegna_jolly":null}
//   {"type":"modifica","evento":3,"parti":["problemi","squadre"]}   read those again
// Any feed, in answer to a client's {"type":"ping"}: {"type":"pong"}.
//
// The frame types, their zod schemas and the close codes are those of
// @gas/contracts (packages/contracts/src/live.ts), the one definition the web
// app parses with. Frames are encoded once per message (Buffer), typed by
// those types but never parsed here (the hot path), then written to every
// socket of the feed: the per-client cost is a frame header and a write.
import {
  CLOSE_CODES,
  type EventiFrame,
  type LastFrame,
  type MessaggiFrame,
  type ProclamazioneFrame,
  type PunteggiJson,
} from '@gas/contracts';
import type { LiveMessage } from './bus';

/** Any frame a feed sends (the proclamation's too, on punteggi_eventi: contracts' live.ts). */
export type Frame = EventiFrame | ProclamazioneFrame | LastFrame | MessaggiFrame;

/** The messages of the bus that become frames (feedKeysOf gives them feeds). */
export type FeedMessage = Exclude<
  LiveMessage,
  { type: 'snapshot_invalidated' } | { type: 'snapshot_cleared' }
>;

export type FeedKind = 'eventi' | 'last' | 'messaggi';

/** Key of one feed of one session (eventi, last) or event (messaggi). */
export function feedKey(kind: FeedKind, id: number): string {
  return `${kind}:${id}`;
}

/** The feeds a bus message goes to (none: snapshot_invalidated drives punteggi_last). */
export function feedKeysOf(message: LiveMessage): string[] {
  switch (message.type) {
    case 'npe':
    case 'npe_delete':
    case 'refresh_page':
    case 'refresh_page_delayed':
    case 'proclamazione':
      return [feedKey('eventi', message.sessioneId)];
    case 'new_message':
    case 'edit_message':
    case 'delete_message':
      return [feedKey('messaggi', message.eventoId)];
    case 'tempi':
    case 'modifica':
      return [
        feedKey('messaggi', message.eventoId),
        ...message.sessioni.map((id) => feedKey('eventi', id)),
      ];
    case 'snapshot_invalidated':
    case 'snapshot_cleared':
      return [];
  }
}

/** One frame as UTF-8 JSON, to be written as is to every socket of its feed. */
export function encodeFrame(frame: Frame): Buffer {
  return Buffer.from(JSON.stringify(frame), 'utf8');
}

/** Whether a bus message becomes a frame (feedKeysOf gives it feeds). */
export function isFeedMessage(message: LiveMessage): message is FeedMessage {
  return message.type !== 'snapshot_invalidated' && message.type !== 'snapshot_cleared';
}

/** The frame of a bus message that feedKeysOf sends somewhere. */
export function messageFrame(message: FeedMessage): Frame {
  switch (message.type) {
    case 'npe':
      return { type: 'npe', ...message.event };
    case 'npe_delete':
      return { type: 'npe_delete', id: message.id };
    case 'refresh_page':
      return { type: 'refresh_page' };
    case 'refresh_page_delayed':
      return { type: 'refresh_page_delayed', interval: message.interval };
    case 'proclamazione':
      return { type: 'proclamazione', passo: message.passo, passi: message.passi };
    case 'new_message':
    case 'edit_message':
      return {
        type: message.type,
        message: { ...message.message, evento: message.eventoId },
      };
    case 'delete_message':
      return { type: 'delete_message', id: message.id };
    case 'tempi':
      return { type: 'tempi', evento: message.eventoId, ...message.tempi };
    case 'modifica':
      return { type: 'modifica', evento: message.eventoId, parti: message.parti };
  }
}

export function encodeMessage(message: FeedMessage): Buffer {
  return encodeFrame(messageFrame(message));
}

/** The punteggi_last frame of a snapshot: the /punteggi/ item `{ora, json}`. */
export function newJsonFrame(ora: Date, json: PunteggiJson): Buffer {
  return encodeFrame({ type: 'new_json', json: { ora: ora.toISOString(), json } });
}

export const PONG_FRAME = encodeFrame({ type: 'pong' });

/** Application close codes (4000-4999 are the application's range): @gas/contracts'. */
export const CLOSE = CLOSE_CODES;
