import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SessionCustomer } from '@shared/contracts/auth';
import { readJson, throwIfResNotOk } from '@client/lib/api';
import { readCustomerToken } from '@client/lib/customer-session';

/** The portal's calls (spec 1 §7). */

export const CUSTOMER_AUTH_QUERY_KEY = ['/api/auth/customer'] as const;

export type CustomerAuthState = { isAuthenticated: boolean; customer: SessionCustomer | null };

async function fetchCustomerAuth({ signal }: { signal: AbortSignal }): Promise<CustomerAuthState> {
  // The HttpOnly cookie authenticates; the stored token goes along as Bearer for browsers that drop it.
  const token = readCustomerToken();
  const res = await fetch(CUSTOMER_AUTH_QUERY_KEY[0], {
    credentials: 'include',
    signal,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  await throwIfResNotOk(res);
  return (await readJson(res)) as CustomerAuthState;
}

/**
 * GET /api/auth/customer: no retry, always stale, no refetch on focus (spec 1 §7). It is checked again
 * on every visit, so a session that ended elsewhere is noticed. A failed check is logged and counts as
 * signed out (spec 1 §8).
 */
export function useCustomerSession(): { customer: SessionCustomer | null; isChecking: boolean } {
  const query = useQuery({
    queryKey: CUSTOMER_AUTH_QUERY_KEY,
    queryFn: fetchCustomerAuth,
    retry: false,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (query.error) console.warn('Customer session check failed', query.error);
  }, [query.error]);
  const customer = query.data?.isAuthenticated ? query.data.customer : null;
  // Decide only on a fresh answer, never on a cached one from before a sign-in or sign-out.
  return { customer: query.isFetching ? null : customer, isChecking: query.isFetching };
}
