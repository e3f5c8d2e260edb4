import { useLocation, useSearch } from 'wouter';
import { VEHICLE_SORTS, VEHICLE_STATUSES, type VehicleStatus } from '@shared/contracts/fleet';
import type { VehicleSort } from '../fleet-api';

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
 * The fleet app keeps its state in the address: the tab (`?tab=`) and the vehicle list's search, status,
 * sort and page. Bookmarks, reloads and the back button keep them, and the Import/Export tab exports
 * exactly what the Vehicles tab shows.
 */
export type VehicleFilter = { search: string; status: VehicleStatus | ''; sort: VehicleSort; page: number };

export function useFleetParams() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);

  const requestedTab = params.get('tab');
  const tab: FleetTab = isFleetTab(requestedTab) ? requestedTab : 'overview';

  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const filter: VehicleFilter = {
    search: (params.get('q') ?? '').slice(0, 100),
    status: (VEHICLE_STATUSES as readonly (string | null)[]).includes(status)
      ? (status as VehicleStatus)
      : '',
    sort: (VEHICLE_SORTS as readonly (string | null)[]).includes(sort)
      ? (sort as VehicleSort)
      : '-lastUpdate',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };

  /** Sets (or, with '' / null, removes) query parameters; `replace` for typing and paging noise. */
  const update = (changes: Record<string, string | number | null>, options: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    const qs = next.toString();
    navigate(qs ? `${path}?${qs}` : path, { replace: options.replace ?? false });
  };

  const setTab = (next: FleetTab) => update({ tab: next });

  /** A new search, status or sort starts again on page 1. */
  const setFilter = (changes: Partial<VehicleFilter>, options: { replace?: boolean } = {}) => {
    const out: Record<string, string | number | null> = {};
    if (changes.search !== undefined) out.q = changes.search;
    if (changes.status !== undefined) out.status = changes.status;
    if (changes.sort !== undefined) out.sort = changes.sort === '-lastUpdate' ? null : changes.sort;
    out.page = changes.page && changes.page > 1 ? changes.page : null;
    update(out, options);
  };

  return { tab, setTab, filter, setFilter, params, update };
}
