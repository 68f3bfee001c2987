// Flip-clock countdown (spec §2): days only when more than 0, then hours,
// minutes and seconds; each changing figure flips in 0.6 s (styles.css).
import { useEffect, useRef, useState } from 'react';

export const FLIP_MS = 600;

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function splitCountdown(ms: number): Countdown {
  const total = Math.max(0, Math.ceil(ms / 1000));
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
  const [now, setNow] = useState(() => Date.now() + offset);
  const remaining = to - now;
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });
  useEffect(() => {
    const left = to - now;
    if (left <= 0) {
      onEndRef.current?.();
      return;
    }
    // Wake up at the next whole second of the remaining time.
    const id = setTimeout(() => setNow(Date.now() + offset), left % 1000 || 1000);
    return () => clearTimeout(id);
  }, [to, now, offset]);
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
