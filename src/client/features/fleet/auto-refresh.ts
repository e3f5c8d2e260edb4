import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCustomerSettings } from '@client/lib/customer-settings';
import { driversKey, fleetOverviewKey, maintenanceKey, teamKey, vehiclesKey } from './api';
import { fleetRefreshInterval } from './refresh-interval';

const FLEET_KEYS = [fleetOverviewKey, vehiclesKey, driversKey, maintenanceKey, teamKey];

/**
 * Follows the Settings tab's "Auto refresh" and "Refresh interval" while the fleet app is open: every
 * fleet query reloads on that interval (only while the page is visible), and stops when it is turned off.
 */
export function useFleetAutoRefresh(): void {
  const queryClient = useQueryClient();
  const interval = fleetRefreshInterval(useCustomerSettings());
  // Set while rendering, not in an effect: the screens below read their query options in this same
  // render, and an effect would leave them on the old interval until something else re-rendered them.
  // Setting the same defaults twice is harmless.
  setFleetDefaults(queryClient, interval);
  useEffect(() => () => setFleetDefaults(queryClient, false), [queryClient]);
}

function setFleetDefaults(queryClient: ReturnType<typeof useQueryClient>, interval: number | false) {
  for (const key of FLEET_KEYS) queryClient.setQueryDefaults(key, { refetchInterval: interval });
}
