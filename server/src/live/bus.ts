// In-process publish/subscribe of live events. Write paths publish here only
// after their transaction has committed; the WebSocket feeds (and, with
// PostgreSQL, the cross-instance LISTEN/NOTIFY bridge) subscribe.
import type { ParteEvento } from '@gas/contracts';
import type { LiveEvent as ScoringEvent } from './types';

export type LiveMessage =
  /** A committed answer or joker choice of a session (the `npe` feed message). */
  | { type: 'npe'; sessioneId: number; event: ScoringEvent }
  /** An answer (or joker choice) was deleted: clients drop that event id. */
  | { type: 'npe_delete'; sessioneId: number; id: number }
  /** Admin action: reload the page now, or after a random delay up to `interval` s. */
  | { type: 'refresh_page'; sessioneId: number }
  | { type: 'refresh_page_delayed'; sessioneId: number; interval: number }
  /** The session's proclamation moved to step `passo` of `passi` (gara/proclamazione/). */
  | { type: 'proclamazione'; sessioneId: number; passo: number; passi: number }
  /** The cached snapshot of a session is stale (answers changed, cache cleared). */
  | { type: 'snapshot_invalidated'; sessioneId: number }
  /**
   * Admin action 'delete_cache' on some instance: every instance drops the
   * session's snapshot (the bridge forwards this one; snapshot_invalidated
   * stays local).
   */
  | { type: 'snapshot_cleared'; sessioneId: number }
  /** An important message was posted or edited (spec §4; issue 14: edits reach open pages too). */
  | { type: 'new_message'; eventoId: number; message: MessaggioLive }
  | { type: 'edit_message'; eventoId: number; message: MessaggioLive }
  | { type: 'delete_message'; eventoId: number; id: number }
  /**
   * An event's changes, to the feeds of the event and of its `sessioni`
   * (modifiche-evento.ts): its times as committed, and which parts changed.
   * Each instance makes its own from the change feed; the bridge keeps them local.
   */
  | { type: 'tempi'; eventoId: number; sessioni: number[]; tempi: TempiEvento }
  | { type: 'modifica'; eventoId: number; sessioni: number[]; parti: ParteEvento[] };

/** The times of the `tempi` frame (ISO 8601). */
export type TempiEvento = { inizio: string; fine: string; fine_consegna_jolly: string | null };

/** An important message as the feed sends it (its event is the feed's). */
export type MessaggioLive = { id: number; testo: string; data: string };

export type LiveListener = (message: LiveMessage) => void;

export class LiveBus {
  private readonly listeners = new Set<LiveListener>();

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(message: LiveMessage): void {
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch {
        // A failing subscriber must never break the write path that published.
      }
    }
  }
}
