import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * The selected sub-tab of a staff screen (the fleet control center's, the team screen's), kept in the
 * address as `view` beside the shell's `tab` (`/admin?tab=fleet&view=analytics`), so a reload, a
 * bookmark and Back bring it again. The first tab is the default and has no `view`; an unknown value
 * reads as the default. Other parameters (a list's) are kept. `param` names another choice kept the
 * same way beside it (the revenue screen's `period`).
 */
export function useSubTab<V extends string>(
  views: readonly [V, ...V[]],
  param = 'view',
): [V, (view: V) => void] {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const [defaultView] = views;
  const requested = new URLSearchParams(search).get(param);
  const view = views.find((v) => v === requested) ?? defaultView;
  const setView = useCallback(
    (next: V) => {
      const params = new URLSearchParams(search);
      if (next === defaultView) params.delete(param);
      else params.set(param, next);
      const qs = params.toString();
      navigate(qs ? `${path}?${qs}` : path);
    },
    [navigate, path, search, defaultView, param],
  );
  return [view, setView];
}
