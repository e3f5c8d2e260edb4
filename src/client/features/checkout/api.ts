import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SessionCustomer } from '@shared/contracts/auth';
import { checkoutStart } from '@shared/contracts/checkout';
import { apiJson } from '@client/lib/calls';
import { customerAuthQuery } from '@client/lib/customer-auth';

/** The checkout's calls (docs/payments.md). */

export const checkoutIntentKey = ['/api/create-subscription'] as const;

/**
 * POST /api/create-subscription {customerId, link?} -> the client secret, the provider's card form
 * config and the payment's terms (plan, monthly price, today's charge, trial days kept). Paying needs the customer's own session or a payment link the product issued (`link`);
 * anyone else gets 401 and is sent to sign in. A query (not a mutation) so a remount or React's double
 * effects reuse one answer; the server gives the same intent for the same subscription state anyway.
 * Never cached past this page.
 */
export const checkoutIntentQuery = (customerId: string | null, link: string | null) =>
  queryOptions({
    queryKey: [...checkoutIntentKey, { customerId, link }],
    queryFn: () =>
      apiJson('POST', checkoutIntentKey[0], checkoutStart, {
        customerId,
        ...(link ? { link } : {}),
      }),
    enabled: !!customerId,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** Who is signed in on this browser, asked afresh (null when nobody, or when the check fails). */
export async function signedInCustomer(queryClient: QueryClient): Promise<SessionCustomer | null> {
  try {
    const state = await queryClient.fetchQuery(customerAuthQuery);
    return state.isAuthenticated ? state.customer : null;
  } catch {
    return null;
  }
}
