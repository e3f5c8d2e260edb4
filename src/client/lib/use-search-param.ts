import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * One free-valued parameter kept in the address beside the others (the outbox's open `message`), so a
 * link can open a screen on one item and Back closes it. Null when absent; setting null removes it.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const value = new URLSearchParams(search).get(name);
  const setValue = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(search);
      if (next === null) params.delete(name);
      else params.set(name, next);
      const qs = params.toString();
      navigate(qs ? `${path}?${qs}` : path);
    },
    [navigate, path, search, name],
  );
  return [value, setValue];
}
