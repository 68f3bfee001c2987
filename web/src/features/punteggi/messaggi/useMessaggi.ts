// Important messages of an event (spec §2, §4, §7): the list, and the feed
// /ws/gas/messaggi-importanti/{eventoId}/ opened for events running or
// starting within 24 hours, and kept for hours after the end (an end moved
// later reopens the contest: the page must hear it). A new message is added
// to the list and shown as a toast; an edit changes the toast already shown,
// a deletion takes it away. The event's own changes on this feed (`tempi`,
// `modifica`) go to api/modifiche-evento.ts. An unreadable frame or another
// type is reported as an error.
import type { MessaggiFrame, MessaggioImportante } from '@gas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { applicaModificaEvento, type ModificaEvento } from '../../../api/modifiche-evento';
import { useToasts } from '../../../components/toasts/ToastContext';
import { LiveSocket, type FeedStatus } from '../../../lib/live/LiveSocket';
import { wsUrl } from '../../../lib/live/reconnect';
import { reportError } from '../../../lib/reportError';
import { MAX_TIMER_MS } from '../../../lib/timers';
import { fetchMessaggi, punteggiKeys } from '../api';
import { checkFrame, MESSAGGI_TYPES, parseObject } from '../live/messages';

export const MESSAGES_FEED_BEFORE_MS = 24 * 3_600_000;
/** After the end the feed stays open this long: an end moved later must reach the page. */
export const MESSAGES_FEED_AFTER_MS = 6 * 3_600_000;

/** The key of a message's toast: an edit or a deletion finds it. */
export const toastKeyOfMessaggio = (id: number) => `messaggio-${id}`;

/** What a frame of the messages feed asks of the list. */
export type MessaggioChange =
  | { type: 'new_message' | 'edit_message'; message: MessaggioImportante }
  | { type: 'delete_message'; id: number };

/**
 * The change a frame of the messages feed carries (checked as the contracts'
 * messaggiFrame schema says), or an error text ('' for a pong, which is not
 * an error).
 */
export function parseMessaggioFrame(
  text: string,
): { change: MessaggioChange } | { evento: ModificaEvento } | { error: string } {
  const frame = parseObject(text);
  if (!frame) return { error: 'messaggio non leggibile' };
  const problems = checkFrame('messaggi', frame, MESSAGGI_TYPES, text);
  if (!problems) return { error: `tipo di messaggio inatteso: ${String(frame.type)}` };
  if (problems.length > 0) {
    return { error: `${String(frame.type)} senza id, testo o data (${problems.join('; ')})` };
  }
  const parsed = frame as MessaggiFrame;
  if (parsed.type === 'pong') return { error: '' };
  // The event's own changes: not this list's.
  if (parsed.type === 'tempi' || parsed.type === 'modifica') return { evento: parsed };
  return { change: parsed };
}

/** The list after a change: newest first, without duplicates. */
export function applyMessaggioChange(
  list: readonly MessaggioImportante[],
  change: MessaggioChange,
): MessaggioImportante[] {
  if (change.type === 'delete_message') return list.filter((m) => m.id !== change.id);
  return mergeMessaggi(list, change.message);
}

/** Newest first, without duplicates. */
export function mergeMessaggi(
  list: readonly MessaggioImportante[],
  message: MessaggioImportante,
): MessaggioImportante[] {
  return [message, ...list.filter((m) => m.id !== message.id)].sort((a, b) =>
    a.data < b.data ? 1 : a.data > b.data ? -1 : b.id - a.id,
  );
}

export function useMessaggi(
  eventoId: number,
  inizio: string,
  fine: string,
  offset: number,
  /** Toasts for new messages (not on the projector's clock). */
  { toasts: withToasts = true }: { toasts?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const key = punteggiKeys.messaggi(eventoId);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await fetchMessaggi(eventoId, signal)).sort((a, b) => (a.data < b.data ? 1 : -1)),
    staleTime: 60_000,
  });
  const open = Date.parse(inizio) - MESSAGES_FEED_BEFORE_MS - offset;
  const close = Date.parse(fine) + MESSAGES_FEED_AFTER_MS - offset;
  const [inWindow, setInWindow] = useState(() => Date.now() >= open && Date.now() < close);
  useEffect(() => {
    const check = () => setInWindow(Date.now() >= open && Date.now() < close);
    check();
    const timers = [open, close]
      .map((at) => at - Date.now())
      .filter((d) => d > 0 && d <= MAX_TIMER_MS)
      .map((d) => setTimeout(check, d));
    return () => timers.forEach(clearTimeout);
  }, [open, close]);

  const [status, setStatus] = useState<FeedStatus>('never');
  useEffect(() => {
    if (!inWindow) return;
    const socket = new LiveSocket({
      url: wsUrl(`/ws/gas/messaggi-importanti/${eventoId}/`),
      onStatus: setStatus,
      onMessage: (text) => {
        const parsed = parseMessaggioFrame(text);
        if ('error' in parsed) {
          if (parsed.error) reportError(new Error(parsed.error), 'messaggi-importanti');
          return;
        }
        if ('evento' in parsed) {
          applicaModificaEvento(queryClient, parsed.evento);
          return;
        }
        const { change } = parsed;
        queryClient.setQueryData<MessaggioImportante[]>(key, (list) =>
          applyMessaggioChange(list ?? [], change),
        );
        // A new message is announced; an edit changes its toast if it is on
        // screen, a deletion takes it away.
        if (change.type === 'new_message' && withToasts) {
          toasts.show({
            key: toastKeyOfMessaggio(change.message.id),
            title: 'Messaggio importante',
            message: change.message.testo,
            variant: 'info',
          });
        } else if (change.type === 'edit_message') {
          toasts.update(toastKeyOfMessaggio(change.message.id), change.message.testo);
        } else if (change.type === 'delete_message') {
          toasts.dismissKey(toastKeyOfMessaggio(change.id));
        }
      },
      // After a loss, messages published meanwhile come with a refetch.
      onOpen: (reconnected) => {
        if (reconnected) void queryClient.invalidateQueries({ queryKey: key });
      },
    });
    socket.start();
    return () => {
      socket.stop();
      setStatus('never');
    };
    // `key` is derived from eventoId; toasts and queryClient are stable.
  }, [inWindow, eventoId, withToasts]);
  return { query, status, feedOpen: inWindow };
}
