import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { revenueAnalytics, type RevenuePeriod } from '@shared/contracts/revenue';
import { getJson } from '@client/lib/calls';

/** The Revenue Analytics tab's one call (docs/revenue.md): every figure of a period in one answer. */
export const revenueKey = ['/api/admin/revenue'] as const;

export const revenueQuery = (period: RevenuePeriod) =>
  queryOptions({
    queryKey: [...revenueKey, period],
    queryFn: (context) => getJson(`${revenueKey[0]}?period=${period}`, revenueAnalytics, context),
    // The figures of the period shown stay on screen while another period loads.
    placeholderData: keepPreviousData,
  });
