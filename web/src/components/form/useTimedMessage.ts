import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  variant: 'success' | 'danger' | 'warning' | 'info';
  text: string;
}

/**
 * A notice that clears itself after `ms` (answer form 15 s, admin actions
 * 10 s: spec §9). Showing a new one restarts the clock.
 */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  const show = useCallback(
    (next: TimedMessage) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
