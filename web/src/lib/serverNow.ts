// One clock for every display of the server's time: all the countdowns and
// 'now's of a page read the same ticking instant (one timer per offset and
// period, shared by every subscriber), so two displays never show times one
// second apart. Ticks fall on the server's whole seconds (or periods).
import { useCallback, useSyncExternalStore } from 'react';
import { useIstanteDipinto } from './idratazione';
import { useStoreInTransition } from './useStoreInTransition';

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

/** The shared ticker of an offset and period, as a store: its subscription and its instant. */
function useTicker(offset: number, every: number) {
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
  const snapshot = useCallback(() => {
    const ticker = tickerFor(offset, every);
    // Not ticking yet (first render): do not hand out an old instant.
    if (ticker.listeners.size === 0 && Date.now() + offset - ticker.now >= every) {
      ticker.now = Date.now() + offset;
    }
    return ticker.now;
  }, [offset, every]);
  return { subscribe, snapshot };
}

/** Server time (this computer's clock + `offset`), ticking every `every` ms. */
export function useServerNow(offset: number, every = 1000): number {
  const { subscribe, snapshot } = useTicker(offset, every);
  const now = useSyncExternalStore(subscribe, snapshot, snapshot);
  // On the server (shell/entry-server.tsx), and in the browser's render that
  // hydrates its page, the instant that page was painted at.
  return useIstanteDipinto() ?? now;
}

/**
 * The same clock for a page's heavy render that needs the time but not to
 * the second (the scores page's and the commentary's minutes): each tick is
 * rendered in a transition, in slices. useSyncExternalStore renders a tick at
 * once, the whole page in one task: right after the page's first commit
 * (the ticker starts then, one instant later than the render read) and at
 * every tick after, 50 ms unthrottled on the live scores page, four times
 * that on a phone. A display that counts seconds keeps `useServerNow`, in a
 * component of its own.
 */
export function useServerNowInTransition(offset: number, every: number): number {
  const { subscribe, snapshot } = useTicker(offset, every);
  const now = useStoreInTransition(subscribe, snapshot);
  return useIstanteDipinto() ?? now;
}

/** Whole seconds left until `to`, counted up (a countdown shows 1 until the end). */
export function secondsLeft(to: number, now: number): number {
  return Math.max(0, Math.ceil((to - now) / 1000));
}
