import { useQuery } from '@tanstack/react-query';
import type { SessionCustomer } from '@shared/contracts/auth';
import { getQueryFn } from '@client/lib/api';
import { readStoredCustomerEmail } from '@client/lib/customer-password';
import { CUSTOMER_AUTH_QUERY_KEY, type CustomerAuthState } from './api';

/**
 * The signed-in customer as the portal page's session check saw it (already cached, so no second
 * request), with the email falling back to local storage as the spec's portal does. For the Settings tab
 * and the Change Password dialog, which are rendered inside the portal.
 */
export function usePortalCustomer(): { customer: SessionCustomer | null; email: string | null } {
  const session = useQuery({
    queryKey: CUSTOMER_AUTH_QUERY_KEY,
    queryFn: getQueryFn<CustomerAuthState>({ on401: 'returnNull' }),
    staleTime: Infinity,
  });
  const customer = session.data?.isAuthenticated ? session.data.customer : null;
  return { customer, email: customer?.email ?? readStoredCustomerEmail() };
}
