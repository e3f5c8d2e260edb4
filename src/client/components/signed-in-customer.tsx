import { useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { SessionCustomer } from '@shared/contracts/auth';
import { PageSpinner } from '@client/components/ui/spinner';
import { useCustomerSession } from '@client/lib/customer-auth';
import { useCustomerSessionWatch } from '@client/lib/use-customer-session-watch';

/**
 * A page only for a signed-in customer or team member (portal, fleet app): a spinner while the session
 * is checked, /customer-login without one. A background re-check (after a plan change, on focus) must
 * not unmount the page and lose an open dialog: while it runs, the customer last confirmed by the server
 * stays on screen.
 */
export function SignedInCustomer({ children }: { children: (customer: SessionCustomer) => ReactNode }) {
  useCustomerSessionWatch();
  const { customer: fresh, isChecking } = useCustomerSession();
  const [known, setKnown] = useState<SessionCustomer | null>(null);
  if (fresh && fresh !== known) setKnown(fresh);
  const customer = fresh ?? (isChecking ? known : null);

  if (!customer && isChecking) return <PageSpinner label="Checking your session" />;
  if (!customer) return <Redirect to="/customer-login" replace />;
  return children(customer);
}
