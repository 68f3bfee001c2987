// One clock for every display of the server's time: all the countdowns and
// 'now's of a page read the same ticking instant (one timer per offset and
// period, shared by every subscriber), so two displays never show times one
// second apart. Ticks fall on the server's whole seconds (or periods).
import { useCallback, useSyncExternalStore } from 'react';
import { useIstanteDipinto } from './idratazione';

interface Ticker {
  /** Server time of the last tick, epoch ms. */
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const tickers = new Map<string, Ticker>();

function tickerFor(offset: number, every: number): Ticker {
  const key = `${offset}:${every}`;
  let ticker = tickers.get(key);
  if (!ticker) {
    ticker = { now: Date.now() + offset, listeners: new Set(), timer: undefined };
    tickers.set(key, ticker);
  }
  return ticker;
}

function start(ticker: Ticker, offset: number, every: number) {
  const schedule = () => {
    const server = Date.now() + offset;
    ticker.timer = setTimeout(
      () => {
        ticker.now = Date.now() + offset;
        for (const listener of [...ticker.listeners]) listener();
        schedule();
      },
      every - (((server % every) + every) % every),
    );
  };
  ticker.now = Date.now() + offset;
  schedule();
}

/** Server time (this computer's clock + `offset`), ticking every `every` ms. */
export function useServerNow(offset: number, every = 1000): number {
  const subscribe = useCallback(
    (listener: () => void) => {
      const ticker = tickerFor(offset, every);
      ticker.listeners.add(listener);
      if (ticker.listeners.size === 1) {
        start(ticker, offset, every);
        // The instant may have moved since the first render read it.
        listener();
      }
      return () => {
        ticker.listeners.delete(listener);
        if (ticker.listeners.size === 0) {
          clearTimeout(ticker.timer);
          tickers.delete(`${offset}:${every}`);
        }
      };
    },
    [offset, every],
  );
  const snapshot = () => {
    const ticker = tickerFor(offset, every);
    // Not ticking yet (first render): do not hand out an old instant.
    if (ticker.listeners.size === 0 && Date.now() + offset - ticker.now >= every) {
      ticker.now = Date.now() + offset;
    }
    return ticker.now;
  };
  const now = useSyncExternalStore(subscribe, snapshot, snapshot);
  // On the server (shell/entry-server.tsx), and in the browser's render that
  // hydrates its page, the instant that page was painted at.
  return useIstanteDipinto() ?? now;
}

/** Whole seconds left until `to`, counted up (a countdown shows 1 until the end). */
export function secondsLeft(to: number, now: number): number {
  return Math.max(0, Math.ceil((to - now) / 1000));
}
