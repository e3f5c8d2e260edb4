import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsResponse, type CustomerSettings } from '@shared/contracts/portal';
import { getJson } from '@client/lib/api';
import { useCustomerSession } from '@client/lib/customer-auth';

/**
 * The account's settings (GET /api/customer/settings/{email}): one key and one fetcher for the portal's
 * Settings tab, which edits them, and the fleet app, which follows them (refresh, distance unit).
 */
export const settingsKey = ['/api/customer/settings'] as const;

export const settingsQuery = (email: string) =>
  queryOptions({
    queryKey: [...settingsKey, { email }],
    queryFn: (context) =>
      getJson(`${settingsKey[0]}/${encodeURIComponent(email)}`, settingsResponse, context),
  });

/** The signed-in person's account settings, or undefined while they load (or when nobody is signed in). */
export function useCustomerSettings(): CustomerSettings | undefined {
  const { customer } = useCustomerSession();
  const email = customer?.email ?? '';
  return useQuery({ ...settingsQuery(email), enabled: !!email }).data?.settings;
}
