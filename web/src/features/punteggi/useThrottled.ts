import { useEffect, useState } from 'react';

/** The value, updated at most once per `ms` (the last change always lands). */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const [last, setLast] = useState(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = Math.max(0, last + ms - Date.now());
    const id = setTimeout(() => {
      setShown(value);
      setLast(Date.now());
    }, wait);
    return () => clearTimeout(id);
  }, [value, shown, last, ms]);
  return shown;
}
