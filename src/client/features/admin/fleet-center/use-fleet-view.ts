import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/** The four sub-tabs of spec 2 §2, in order; Customer Fleet is the default and has no `view`. */
export const FLEET_VIEWS = ['customers', 'analytics', 'monitoring', 'crm'] as const;
export type FleetView = (typeof FLEET_VIEWS)[number];
export const DEFAULT_FLEET_VIEW: FleetView = 'customers';

const isFleetView = (value: string | null): value is FleetView =>
  (FLEET_VIEWS as readonly string[]).includes(value ?? '');

/**
 * The selected sub-tab, kept in the address (`/admin?tab=fleet&view=analytics`) as the tabs are, so
 * a reload, a bookmark and Back bring it again. Other parameters (the customer list's) are kept.
 */
export function useFleetView(): [FleetView, (view: FleetView) => void] {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const requested = new URLSearchParams(search).get('view');
  const view = isFleetView(requested) ? requested : DEFAULT_FLEET_VIEW;
  const setView = useCallback(
    (next: FleetView) => {
      const params = new URLSearchParams(search);
      if (next === DEFAULT_FLEET_VIEW) params.delete('view');
      else params.set('view', next);
      const qs = params.toString();
      navigate(qs ? `${path}?${qs}` : path);
    },
    [navigate, path, search],
  );
  return [view, setView];
}
