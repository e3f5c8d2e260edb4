import { useLocation, useSearch } from 'wouter';

export const FLEET_TABS = [
  'overview',
  'vehicles',
  'drivers',
  'maintenance',
  'team',
  'import-export',
] as const;
export type FleetTab = (typeof FLEET_TABS)[number];

export const FLEET_TAB_LABELS: Record<FleetTab, string> = {
  overview: 'Overview',
  vehicles: 'Vehicles',
  drivers: 'Drivers',
  maintenance: 'Maintenance',
  team: 'Team',
  'import-export': 'Import/Export',
};

function isFleetTab(value: string | null): value is FleetTab {
  return (FLEET_TABS as readonly (string | null)[]).includes(value);
}

/**
 * The fleet app's tab, kept in the address (`?tab=`) beside the lists' own parameters, which a tab switch
 * leaves as they are: the Import/Export tab exports what the Vehicles tab shows.
 */
export function useFleetParams() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const requested = new URLSearchParams(search).get('tab');
  const tab: FleetTab = isFleetTab(requested) ? requested : 'overview';

  /** Opens a tab; `params` sets (or, with null, removes) parameters of the tab it opens. */
  const setTab = (next: FleetTab, params: Record<string, string | null> = {}) => {
    const query = new URLSearchParams(search);
    query.set('tab', next);
    for (const [key, value] of Object.entries(params)) {
      if (value === null) query.delete(key);
      else query.set(key, value);
    }
    navigate(`${path}?${query.toString()}`);
  };

  return { tab, setTab };
}
