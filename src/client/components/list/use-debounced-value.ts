import { useEffect, useState } from 'react';

/** How long a search box waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value once it has stopped changing for `delay` ms: search boxes ask the server once per pause. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
