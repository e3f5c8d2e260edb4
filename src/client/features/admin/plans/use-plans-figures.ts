import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { staffPlansQuery } from '@client/lib/staff-plans';
import { planStatsQuery } from './api';
import { summarize } from './plan-format';

/**
 * The plans and their figures for the plans manager: loading, the first error of either call, the
 * summary cards' totals and a retry of both.
 */
export function usePlansFigures(access: { canView: boolean; isLoading: boolean }) {
  // Disabled for staff who may not see plans, so they do not trigger a 403.
  const plansQuery = useQuery({ ...staffPlansQuery, enabled: access.canView });
  const statsQuery = useQuery({ ...planStatsQuery, enabled: access.canView });
  const plans = useMemo(() => plansQuery.data ?? [], [plansQuery.data]);
  const stats = statsQuery.data;
  // isPending, not isLoading: a query waiting for the session (disabled) still counts as loading here.
  const isLoading = access.isLoading || plansQuery.isPending || statsQuery.isPending;
  const error = plansQuery.error ?? statsQuery.error;
  const summary = useMemo(
    () => (isLoading || error ? null : summarize(plans, stats)),
    [isLoading, error, plans, stats],
  );
  const retry = () => {
    void plansQuery.refetch();
    void statsQuery.refetch();
  };
  return { plans, stats, isLoading, error, summary, retry };
}
