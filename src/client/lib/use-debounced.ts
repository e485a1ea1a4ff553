import { useEffect, useState } from 'react';

/** How long typing in a list's filter pauses before it searches: one request per word, not per key. */
export const FILTER_TYPING_PAUSE_MS = 300;

/** `value`, once it has stayed the same for `ms` milliseconds (the first value at once). */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
