import { useEffect, useState } from 'react';
import { formatRelative, relativeRefreshInterval } from '../lib/durations';
import { useIstanteDipinto } from '../lib/idratazione';
import { formatDateTime, toDate, type DateInput } from '../lib/romeTime';

/** Delay until the label may change: the next boundary of its unit. */
export function nextRefreshDelay(target: number, now: number): number {
  const interval = relativeRefreshInterval(target, now);
  const rest = interval - (Math.abs(target - now) % interval);
  return rest > 0 ? rest : interval;
}

/**
 * 'Fra 3 minuti' / '2 ore fa', refreshed every second, minute, hour or day
 * depending on how far the instant is (spec §4). `offset` corrects for the
 * server clock.
 */
export function RelativeTime({ value, offset = 0 }: { value: DateInput; offset?: number }) {
  const target = toDate(value).getTime();
  const [now, setNow] = useState(() => Date.now() + offset);
  // A painted page's first render shows the server's label (lib/idratazione.ts).
  const dipinto = useIstanteDipinto();
  useEffect(() => {
    const id = setTimeout(
      () => setNow(Date.now() + offset),
      nextRefreshDelay(target, Date.now() + offset),
    );
    return () => clearTimeout(id);
  }, [target, offset, now]);
  return (
    <time dateTime={new Date(target).toISOString()} title={formatDateTime(target)}>
      {formatRelative(target, dipinto === null ? now : dipinto + offset)}
    </time>
  );
}
