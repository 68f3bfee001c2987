// Timers that switch a page's state at a given instant (an event's start or
// end). Browsers overflow on delays past 2^31-1 ms and fire at once; the spec
// ignores anything longer than 2^30 ms (about 12 days): the page will be
// reloaded long before then (spec §4).
import { useEffect, useRef, useState } from 'react';

export const MAX_TIMER_MS = 1_073_741_824;

/**
 * Calls `callback` at `at` (epoch ms). Returns a cancel function. Instants in
 * the past or further than MAX_TIMER_MS away schedule nothing.
 */
export function scheduleAt(at: number, callback: () => void, now: number = Date.now()): () => void {
  const delay = at - now;
  if (!Number.isFinite(delay) || delay < 0 || delay > MAX_TIMER_MS) return () => {};
  const id = setTimeout(callback, delay);
  return () => clearTimeout(id);
}

/** before start, running, or concluded (spec §4 Event timing). */
export type Phase = 'prima' | 'durante' | 'dopo';

export function phaseAt(inizio: number, fine: number, now: number = Date.now()): Phase {
  if (now < inizio) return 'prima';
  if (now < fine) return 'durante';
  return 'dopo';
}

/**
 * The phase of an event, switched by timers at its start and end. `onStart`
 * runs when the page sees the event start (not when it opens on a running one).
 */
export function useEventPhase(
  inizio: string | number,
  fine: string | number,
  onStart?: () => void,
): Phase {
  const start = new Date(inizio).getTime();
  const end = new Date(fine).getTime();
  const [phase, setPhase] = useState<Phase>(() => phaseAt(start, end));
  const [key, setKey] = useState(`${start}-${end}`);
  // Read when the timer fires, so a new closure does not reschedule the timers.
  const onStartRef = useRef(onStart);
  useEffect(() => {
    onStartRef.current = onStart;
  });
  if (key !== `${start}-${end}`) {
    // New times (the event was edited): recompute at once.
    setKey(`${start}-${end}`);
    setPhase(phaseAt(start, end));
  }
  useEffect(() => {
    const cancelStart = scheduleAt(start, () => {
      setPhase(phaseAt(start, end));
      onStartRef.current?.();
    });
    const cancelEnd = scheduleAt(end, () => setPhase(phaseAt(start, end)));
    return () => {
      cancelStart();
      cancelEnd();
    };
  }, [start, end]);
  return phase;
}
