import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  alertPage,
  resolveAlertResult,
  systemHealth,
  type AlertListQuery,
} from '@shared/contracts/system-health';
import { apiJson, getJson, searchParams } from '@client/lib/api';
import { useApiMutation } from '@client/lib/use-api-mutation';

/** System Health's calls (docs/system-health.md); every key starts with `['system-health']`. */
export const systemHealthKey = ['system-health'] as const;
const BASE = '/api/admin/system-health';

/** Spec 3 §5: the figures refresh every 3 seconds while the screen is open. */
export const REFRESH_MS = 3_000;

export const systemHealthQuery = queryOptions({
  queryKey: [...systemHealthKey, 'figures'],
  queryFn: ({ signal }) => getJson(BASE, systemHealth, { signal }),
  refetchInterval: REFRESH_MS,
  placeholderData: keepPreviousData,
});

export const alertsQuery = (query: AlertListQuery) =>
  queryOptions({
    queryKey: [...systemHealthKey, 'alerts', query],
    queryFn: ({ signal }) => getJson(`${BASE}/alerts?${searchParams(query)}`, alertPage, { signal }),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export function useResolveAlert() {
  return useApiMutation({
    mutationFn: (id: string) =>
      apiJson('POST', `${BASE}/alerts/${encodeURIComponent(id)}/resolve`, resolveAlertResult),
    invalidates: [systemHealthKey],
  });
}
