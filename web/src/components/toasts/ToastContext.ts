import { createContext, useContext } from 'react';

export type ToastVariant = 'info' | 'success' | 'warning' | 'danger';

export interface ToastInput {
  title: string;
  message: string;
  variant?: ToastVariant;
  /** Hide after this many ms; never when omitted. */
  autohideMs?: number;
  /** A toast with the key of a visible one replaces it (no pile of equal notices). */
  key?: string;
}

export interface ToastItem extends Required<Pick<ToastInput, 'title' | 'message' | 'variant'>> {
  id: number;
  key: string | undefined;
  autohideMs: number | undefined;
  createdAt: number;
}

export interface ToastApi {
  show(toast: ToastInput): number;
  dismiss(id: number): void;
  /** The toast on screen with this key now reads `message` (nothing when none is shown). */
  update(key: string, message: string): void;
  /** Takes away the toast on screen with this key, if any. */
  dismissKey(key: string): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToasts fuori da <ToastProvider>');
  return api;
}
