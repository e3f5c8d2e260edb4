import { createContext, useContext } from 'react';
import type { SessionCustomer } from '@shared/contracts/auth';

export type FleetAccount = {
  customer: SessionCustomer;
  /**
   * Only a fleet_admin manages team, billing and plan; a fleet_user is pointed to their admin. Staff
   * viewing the account do not either (the server refuses them; docs/impersonation.md).
   */
  canManageAccount: boolean;
  /** The staff member viewing the account, or null when the customer is signed in themselves. */
  staffViewer: SessionCustomer['impersonator'];
};

const FleetAccountContext = createContext<FleetAccount | null>(null);

export const FleetAccountProvider = FleetAccountContext.Provider;

/** The signed-in person of the fleet app (the shell checked the session before rendering any tab). */
export function useFleetAccount(): FleetAccount {
  const account = useContext(FleetAccountContext);
  if (!account) throw new Error('useFleetAccount is used outside the fleet shell');
  return account;
}
