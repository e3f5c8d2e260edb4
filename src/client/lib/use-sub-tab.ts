import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * The selected sub-tab of a staff screen (the fleet control center's, the team screen's), kept in the
 * address as `view` beside the shell's `tab` (`/admin?tab=fleet&view=analytics`), so a reload, a
 * bookmark and Back bring it again. The first tab is the default and has no `view`; an unknown value
 * reads as the default. Other parameters (a list's) are kept.
 */
export function useSubTab<V extends string>(views: readonly [V, ...V[]]): [V, (view: V) => void] {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const [defaultView] = views;
  const requested = new URLSearchParams(search).get('view');
  const view = views.find((v) => v === requested) ?? defaultView;
  const setView = useCallback(
    (next: V) => {
      const params = new URLSearchParams(search);
      if (next === defaultView) params.delete('view');
      else params.set('view', next);
      const qs = params.toString();
      navigate(qs ? `${path}?${qs}` : path);
    },
    [navigate, path, search, defaultView],
  );
  return [view, setView];
}
