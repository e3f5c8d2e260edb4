import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following changes. Lists render either the table or the phone cards
 * (not both hidden by CSS), so each row exists once for screen readers and for the DOM's size.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
