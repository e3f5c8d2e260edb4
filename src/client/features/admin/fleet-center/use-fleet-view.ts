import { useSubTab } from '@client/lib/use-sub-tab';

/** The four sub-tabs, in order; Customer Fleet is the default and has no `view`. */
export const FLEET_VIEWS = ['customers', 'analytics', 'monitoring', 'crm'] as const;
export type FleetView = (typeof FLEET_VIEWS)[number];

/** The selected sub-tab, in the address (`/admin?tab=fleet&view=analytics`), as `useSubTab` keeps it. */
export const useFleetView = (): [FleetView, (view: FleetView) => void] => useSubTab(FLEET_VIEWS);
