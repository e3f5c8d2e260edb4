import { useState } from 'react';
import { Redirect } from 'wouter';
import type { SessionCustomer } from '@shared/contracts/auth';
import { PageSpinner } from '@client/components/ui/spinner';
import { useCustomerSession } from '@client/lib/customer-auth';
import { useCustomerSessionWatch } from '@client/lib/use-customer-session-watch';
import { usePageTitle } from '@client/lib/use-page-title';
import { FleetAccountProvider } from './shell/fleet-account';
import { FleetShell } from './shell/fleet-shell';
import { FLEET_TAB_LABELS, useFleetParams } from './shell/use-fleet-params';

/**
 * `/fleet-management`: the customer's fleet app (DECISIONS.md "The fleet app is real"). Only for a
 * signed-in customer or team member; anyone else goes to /customer-login.
 */
export default function FleetPage() {
  const { tab } = useFleetParams();
  usePageTitle(`Fleet Management - ${FLEET_TAB_LABELS[tab]}`);
  useCustomerSessionWatch();
  const { customer: fresh, isChecking } = useCustomerSession();
  // A background re-check of the session must not unmount the app (and lose an open dialog).
  const [known, setKnown] = useState<SessionCustomer | null>(null);
  if (fresh && fresh !== known) setKnown(fresh);
  const customer = fresh ?? (isChecking ? known : null);

  if (!customer && isChecking) return <PageSpinner label="Checking your session" />;
  if (!customer) return <Redirect to="/customer-login" replace />;
  return (
    <FleetAccountProvider value={{ customer, canManageAccount: customer.role !== 'fleet_user' }}>
      <FleetShell />
    </FleetAccountProvider>
  );
}
