// An external store read as useSyncExternalStore reads it, except that each
// change is rendered in a transition. useSyncExternalStore's updates are
// always synchronous: on the live pages every answer, every rebuilt scoring
// and the first data after the page's first commit re-rendered the whole
// page in one task, 36 ms on the commentary without throttling and four
// times that on a mid-range phone (docs/performance.md, issue 29). In a
// transition React renders in slices and yields to the browser between them,
// so a tap or a scroll is never held behind a ranking being redrawn; what is
// on screen stays consistent, since the page reads one value per render.
//
// Two transitions in a row do not interrupt each other: a change that comes
// while one renders is rendered right after it, so a burst of answers cannot
// starve the page.
import { startTransition, useEffect, useState } from 'react';

type Read<T> = { getSnapshot: () => T; value: T };

export function useStoreInTransition<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const [read, setRead] = useState<Read<T>>(() => ({ getSnapshot, value: getSnapshot() }));
  useEffect(() => {
    const onChange = () =>
      startTransition(() =>
        setRead((previous) => {
          const value = getSnapshot();
          // The same value from the same store: React bails out, nothing renders.
          return previous.getSnapshot === getSnapshot && Object.is(previous.value, value)
            ? previous
            : { getSnapshot, value };
        }),
      );
    const unsubscribe = subscribe(onChange);
    // A change between the render and this subscription.
    onChange();
    return unsubscribe;
  }, [subscribe, getSnapshot]);
  // Another store than the one last read (a new session): its value now, not the old store's.
  return read.getSnapshot === getSnapshot ? read.value : getSnapshot();
}
