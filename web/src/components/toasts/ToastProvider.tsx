// Notifications at the top right, below the navbar (spec §2; on a phone at the bottom, where
// they do not cover the page title, issue 26): title, age ('Adesso', 'N secondi
// fa', 'N minuti fa'), message and a close button. Also shows the 'Calma'
// toast whenever the API answers 429 (spec §8).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { onApiNotice } from '../../api/events';
import './toasts.css';
import { elapsedLabel } from './elapsed';
import { ToastContext, type ToastApi, type ToastInput, type ToastItem } from './ToastContext';

export const THROTTLED_TITLE = 'Calma';
export const THROTTLED_MESSAGE =
  'Stai refreshando la pagina troppo spesso, la richiesta è stata limitata.';
export const THROTTLED_HIDE_MS = 10_000;

/** Re-renders every second while there are toasts, for their age labels. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

function ToastView({ toast, now, onClose }: { toast: ToastItem; now: number; onClose(): void }) {
  const dark = toast.variant === 'danger' || toast.variant === 'success';
  return (
    <Toast
      onClose={onClose}
      show
      autohide={toast.autohideMs !== undefined}
      delay={toast.autohideMs}
      bg={toast.variant === 'info' ? undefined : toast.variant}
    >
      <Toast.Header closeLabel="Chiudi">
        <strong className="me-auto">{toast.title}</strong>
        <small>{elapsedLabel(toast.createdAt, now)}</small>
      </Toast.Header>
      <Toast.Body className={dark ? 'text-white' : undefined}>{toast.message}</Toast.Body>
    </Toast>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const now = useNow(toasts.length > 0);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    const item: ToastItem = {
      id,
      key: input.key,
      title: input.title,
      message: input.message,
      variant: input.variant ?? 'info',
      autohideMs: input.autohideMs,
      createdAt: Date.now(),
    };
    setToasts((list) => [
      ...list.filter((t) => input.key === undefined || t.key !== input.key),
      item,
    ]);
    return id;
  }, []);

  useEffect(
    () =>
      onApiNotice((notice) => {
        if (notice !== 'throttled') return;
        show({
          key: 'throttled',
          title: THROTTLED_TITLE,
          message: THROTTLED_MESSAGE,
          variant: 'warning',
          autohideMs: THROTTLED_HIDE_MS,
        });
      }),
    [show],
  );

  const update = useCallback((key: string, message: string) => {
    setToasts((list) => list.map((t) => (t.key === key ? { ...t, message } : t)));
  }, []);

  const dismissKey = useCallback((key: string) => {
    setToasts((list) => list.filter((t) => t.key !== key));
  }, []);

  // On a phone the toasts are docked at the bottom: the page gets as much room
  // below its end (--toast-dock, styles.css), so nothing stays under them.
  const dock = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = dock.current;
    const root = document.documentElement;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--toast-dock', `${el.offsetHeight}px`),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-dock');
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ show, dismiss, update, dismissKey }),
    [show, dismiss, update, dismissKey],
  );
  return (
    <ToastContext value={api}>
      {children}
      <div aria-live="polite" aria-atomic="false" className="toast-region">
        <ToastContainer
          ref={dock}
          position="top-end"
          className="p-3 position-fixed toast-below-navbar"
        >
          {toasts.map((toast) => (
            <ToastView key={toast.id} toast={toast} now={now} onClose={() => dismiss(toast.id)} />
          ))}
        </ToastContainer>
      </div>
    </ToastContext>
  );
}
