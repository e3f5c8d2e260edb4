import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  alertPage,
  resolveAlertResult,
  systemHealth,
  type AlertListQuery,
} from '@shared/contracts/system-health';
import { apiJson, getJson, searchParams, apiMutation } from '@client/lib/calls';

/** System Health's calls (docs/system-health.md); each key starts with its endpoint's path. */
export const systemHealthKey = ['/api/admin/system-health'] as const;
export const alertsKey = ['/api/admin/system-health/alerts'] as const;

/** The figures refresh every 3 seconds while the screen is open. */
export const REFRESH_MS = 3_000;

export const systemHealthQuery = queryOptions({
  queryKey: systemHealthKey,
  queryFn: (context) => getJson(systemHealthKey[0], systemHealth, context),
  refetchInterval: REFRESH_MS,
  placeholderData: keepPreviousData,
});

export const alertsQuery = (query: AlertListQuery) =>
  queryOptions({
    queryKey: [...alertsKey, query],
    queryFn: (context) => getJson(`${alertsKey[0]}?${searchParams(query)}`, alertPage, context),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** Resolving changes the alert list and the open counts of the figures. */
export const useResolveAlert = apiMutation((id: string) =>
  apiJson('POST', `${alertsKey[0]}/${encodeURIComponent(id)}/resolve`, resolveAlertResult),
);
