import { useQuery } from '@tanstack/react-query';
import type { SessionCustomer } from '@shared/contracts/auth';
import { customerAuthQuery } from '@client/lib/customer-auth';
import { readStoredCustomerEmail } from '@client/lib/customer-password';

/**
 * The signed-in customer as the portal page's session check saw it (already cached, so no second
 * request), with the email falling back to the one kept in local storage. For the Settings tab
 * and the Change Password dialog, which are rendered inside the portal.
 */
export function usePortalCustomer(): { customer: SessionCustomer | null; email: string | null } {
  const session = useQuery({ ...customerAuthQuery, refetchOnMount: false, staleTime: Infinity });
  const customer = session.data?.isAuthenticated ? session.data.customer : null;
  return { customer, email: customer?.email ?? readStoredCustomerEmail() };
}
