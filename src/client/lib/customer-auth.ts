import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerAuthState, type SessionCustomer } from '@shared/contracts/auth';
import type { z } from 'zod';
import { getJson, type CallOptions } from './api';
import { readCustomerToken } from './customer-session';

/*
 * GET /api/auth/customer: who is signed in as a customer. One key, one fetcher, shared by the portal,
 * the fleet app, checkout and the landing page's header.
 */

export const customerAuthKey = ['/api/auth/customer'] as const;
export type CustomerAuthState = z.infer<typeof customerAuthState>;

/**
 * The key's one fetcher. The HttpOnly cookie authenticates; the stored token goes along as Bearer for
 * browsers that drop it. Called directly only where there is no query client (the landing page).
 */
export function fetchCustomerAuth(
  context: Pick<CallOptions, 'signal' | 'queryKey'> = {},
): Promise<CustomerAuthState> {
  const token = readCustomerToken();
  return getJson(customerAuthKey[0], customerAuthState, {
    ...context,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

/** No retry, always stale, no refetch on focus: it is checked again on every visit. */
export const customerAuthQuery = queryOptions({
  queryKey: customerAuthKey,
  queryFn: ({ signal, queryKey }) => fetchCustomerAuth({ signal, queryKey }),
  retry: false,
  staleTime: 0,
  refetchOnMount: 'always',
  refetchOnWindowFocus: false,
});

/**
 * The signed-in customer, decided only on a fresh answer, never on a cached one from before a sign-in
 * or sign-out. A failed check is logged and counts as signed out (docs/product-rules.md).
 */
export function useCustomerSession(): { customer: SessionCustomer | null; isChecking: boolean } {
  const query = useQuery(customerAuthQuery);
  useEffect(() => {
    if (query.error) console.warn('Customer session check failed', query.error);
  }, [query.error]);
  const customer = query.data?.isAuthenticated ? query.data.customer : null;
  return { customer: query.isFetching ? null : customer, isChecking: query.isFetching };
}
