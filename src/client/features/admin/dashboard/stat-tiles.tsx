import { Link } from 'wouter';
import { ArrowRightIcon, DollarSignIcon, TrendingUpIcon, UsersIcon, CreditCardIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { canOpenTab } from '@shared/roles';
import { QueryView } from '@client/components/query-view';
import { StatTilesSkeleton } from '@client/components/stat-tile';
import { StatTileRow } from '@client/components/stat-tile-row';
import { useStaffAuth } from '@client/lib/staff-auth';
import { useDashboardRefreshMs } from '@client/lib/use-staff-preferences';
import { formatMoney } from '@client/lib/format';
import { dashboardStatsQuery } from './api';
import { formatCount, formatDay, formatGrowth } from './dashboard-format';

/** The customers screen has no menu entry (docs/product-rules.md): the dashboard links to it. */
const CUSTOMERS_HREF = '/admin?tab=customers';

/** The four tiles from GET /api/admin/stats, their skeleton, and a retry on failure. */
export function StatTiles() {
  const stats = useQuery({ ...dashboardStatsQuery, refetchInterval: useDashboardRefreshMs() });
  const { user } = useStaffAuth();

  return (
    <QueryView
      query={stats}
      noun="dashboard figures"
      skeleton={<StatTilesSkeleton label="Loading the dashboard figures" />}
    >
      {(s) => (
        <StatTileRow
          tiles={[
            {
              label: 'Total Customers',
              value: formatCount(s.totalCustomers),
              hint: 'Every customer account, any status',
              icon: UsersIcon,
              testId: 'stat-total-customers',
              action:
                user && canOpenTab(user.role, 'customers') ? (
                  <Link
                    href={CUSTOMERS_HREF}
                    className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
                  >
                    View customers
                    <ArrowRightIcon className="size-3.5" aria-hidden="true" />
                  </Link>
                ) : null,
            },
            {
              label: 'Active Subscriptions',
              value: formatCount(s.activeSubscriptions),
              hint: 'Active or past due; trials not counted',
              icon: CreditCardIcon,
              testId: 'stat-active-subscriptions',
            },
            {
              label: 'Monthly Revenue',
              value: formatMoney(s.monthlyRevenue),
              hint: 'MRR: monthly price of every active or past-due subscription',
              icon: DollarSignIcon,
              testId: 'stat-monthly-revenue',
            },
            {
              label: 'Growth Rate',
              value: formatGrowth(s.growthRate),
              hint:
                s.growthRate === null || s.comparedWith === null
                  ? 'No monthly revenue 30 days ago'
                  : `MRR growth since ${formatDay(s.comparedWith)}, as Revenue Analytics' last 30 days`,
              icon: TrendingUpIcon,
              testId: 'stat-growth-rate',
            },
          ]}
        />
      )}
    </QueryView>
  );
}
