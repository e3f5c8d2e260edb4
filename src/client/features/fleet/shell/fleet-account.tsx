import { createContext, useContext } from 'react';
import type { SessionCustomer } from '@shared/contracts/auth';

export type FleetAccount = {
  customer: SessionCustomer;
  /** Only a fleet_admin manages team, billing and plan; a fleet_user is pointed to their admin. */
  canManageAccount: boolean;
};

const FleetAccountContext = createContext<FleetAccount | null>(null);

export const FleetAccountProvider = FleetAccountContext.Provider;

/** The signed-in person of the fleet app (the shell checked the session before rendering any tab). */
export function useFleetAccount(): FleetAccount {
  const account = useContext(FleetAccountContext);
  if (!account) throw new Error('useFleetAccount is used outside the fleet shell');
  return account;
}
