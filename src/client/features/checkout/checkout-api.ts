import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createSubscriptionResponse } from '@shared/contracts/portal';
import type { SessionCustomer } from '@shared/contracts/auth';
import { apiJsonUnchecked } from '@client/lib/api';

/** The checkout's calls (spec 1 §7 "Registration, plans, checkout"). */

export type CheckoutIntent = z.infer<typeof createSubscriptionResponse>;

/**
 * POST /api/create-subscription {customerId, link?} -> the client secret and the provider's card form
 * config. Paying needs the customer's own session or a payment link the product issued (`link`);
 * anyone else gets 401 and is sent to sign in. A query (not a mutation) so a remount or React's double
 * effects reuse one answer; the server gives the same intent for the same subscription state anyway.
 * Never cached past this page.
 */
export function useCheckoutIntent(customerId: string | null, link: string | null) {
  return useQuery({
    queryKey: ['/api/create-subscription', customerId, link],
    queryFn: () =>
      apiJsonUnchecked<CheckoutIntent>('POST', '/api/create-subscription', {
        customerId,
        ...(link ? { link } : {}),
      }),
    enabled: !!customerId,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** GET /api/auth/customer: who is signed in on this browser (null when nobody, or when the check fails). */
export async function signedInCustomer(): Promise<SessionCustomer | null> {
  try {
    const state = await apiJsonUnchecked<{ isAuthenticated: boolean; customer: SessionCustomer | null }>(
      'GET',
      '/api/auth/customer',
    );
    return state.isAuthenticated ? state.customer : null;
  } catch {
    return null;
  }
}
