import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { COMMISSION_STATUSES } from '@shared/statuses';
import { statusFilter, type ListFilterSpec } from '@client/components/list/list-section';
import { salesUsersQuery } from '@client/lib/sales-users';
import { COMMISSION_STATUS_LABELS, recentMonths } from './team-format';

const STATUS_OPTIONS = COMMISSION_STATUSES.map((s) => ({
  value: s,
  label: COMMISSION_STATUS_LABELS[s] ?? s,
}));
const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
const isId = (value: string) => value.length > 0 && value.length <= 100;

/** What the commission history's address may filter by: a sales user, a status, a month. */
export const COMMISSION_HISTORY_FILTERS = {
  salesUserId: isId,
  status: COMMISSION_STATUSES,
  month: isMonth,
};

/**
 * The commission history's filters: the sales users (and one no longer listed that the address names),
 * the statuses, and the recent months (and an older one the address names).
 */
export function useCommissionHistoryFilters(filters: {
  salesUserId?: string;
  month?: string;
}): ListFilterSpec<'salesUserId' | 'status' | 'month'>[] {
  const salesUsers = useQuery(salesUsersQuery);
  const monthOptions = useMemo(() => {
    const months = recentMonths(new Date());
    const current = filters.month;
    return current && !months.some((m) => m.value === current)
      ? [...months, { value: current, label: current }]
      : months;
  }, [filters.month]);
  const userOptions = (salesUsers.data ?? []).map((u) => ({ value: u.id, label: u.name }));
  if (filters.salesUserId && !userOptions.some((o) => o.value === filters.salesUserId)) {
    userOptions.push({ value: filters.salesUserId, label: 'A former sales user' });
  }
  return [
    {
      name: 'salesUserId',
      label: 'Filter by sales user',
      allLabel: 'All sales users',
      options: userOptions,
      className: 'sm:w-48',
    },
    statusFilter(STATUS_OPTIONS, 'sm:w-36'),
    {
      name: 'month',
      label: 'Filter by month',
      allLabel: 'All months',
      options: monthOptions,
      className: 'sm:w-44',
    },
  ];
}
