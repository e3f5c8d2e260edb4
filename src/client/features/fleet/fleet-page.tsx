import { SignedInCustomer } from '@client/components/signed-in-customer';
import { usePageTitle } from '@client/lib/use-page-title';
import { useFleetAutoRefresh } from './auto-refresh';
import { FleetAccountProvider } from './shell/fleet-account';
import { FleetShell } from './shell/fleet-shell';
import { useStaffArrival } from './shell/staff-banner';
import { FLEET_TAB_LABELS, useFleetParams } from './shell/use-fleet-params';

/**
 * `/fleet-management`: the customer's fleet app (docs/fleet.md). Only for a
 * signed-in customer or team member; anyone else goes to /customer-login.
 */
export default function FleetPage() {
  useStaffArrival();
  const { tab } = useFleetParams();
  usePageTitle(`Fleet Management - ${FLEET_TAB_LABELS[tab]}`);
  useFleetAutoRefresh();
  return (
    <SignedInCustomer>
      {(customer) => (
        <FleetAccountProvider
          value={{
            customer,
            canManageAccount: customer.role !== 'fleet_user' && !customer.impersonator,
            staffViewer: customer.impersonator,
          }}
        >
          <FleetShell />
        </FleetAccountProvider>
      )}
    </SignedInCustomer>
  );
}
