// Flip-clock countdown (spec §2): days only when more than 0, then hours,
// minutes and seconds; each changing figure flips in 0.6 s (styles.css).
import { useEffect, useRef } from 'react';
import { secondsLeft, useServerNow } from '../lib/serverNow';

export const FLIP_MS = 600;

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function splitCountdown(ms: number): Countdown {
  const total = secondsLeft(ms, 0);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

function FlipUnit({ value, label }: { value: string; label: string }) {
  return (
    <div className="flip-unit">
      <div className="flip-card">
        {/* A new key restarts the flip animation each time the figure changes. */}
        <span key={value} className="flip-card__value">
          {value}
        </span>
      </div>
      <div className="flip-unit__label">{label}</div>
    </div>
  );
}

interface FlipClockProps {
  /** Target instant, epoch ms. */
  to: number;
  /** server - local clock, ms. */
  offset?: number;
  onEnd?(): void;
  label?: string;
}

export function FlipClock({ to, offset = 0, onEnd, label = 'Tempo rimanente' }: FlipClockProps) {
  // The page's one clock: a live tile or a 'now' beside this countdown shows
  // the same second.
  const now = useServerNow(offset);
  const remaining = to - now;
  const ended = remaining <= 0;
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });
  useEffect(() => {
    if (ended) onEndRef.current?.();
  }, [ended]);
  const { days, hours, minutes, seconds } = splitCountdown(remaining);
  return (
    <div className="flip-clock" role="timer" aria-label={label}>
      {days > 0 && <FlipUnit value={String(days)} label={days === 1 ? 'giorno' : 'giorni'} />}
      <FlipUnit value={pad(hours)} label="ore" />
      <FlipUnit value={pad(minutes)} label="minuti" />
      <FlipUnit value={pad(seconds)} label="secondi" />
    </div>
  );
}
