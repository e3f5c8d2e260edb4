import { useQuery } from '@tanstack/react-query';
import { ScreenFrame } from '@client/components/screen-frame';
import { ScreenSections } from '@client/components/screen-sections';
import { REVENUE_PERIODS, PERIOD_LABELS, type RevenuePeriod } from '@shared/contracts/revenue';
import { NeedsPermission } from '@client/components/needs-permission';
import { QueryView } from '@client/components/query-view';
import { StatTilesSkeleton } from '@client/components/stat-tile';
import { Button } from '@client/components/ui/button';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { useSubTab } from '@client/lib/use-sub-tab';
import { revenueQuery } from './revenue-api';
import RevenueViews from './revenue-views';

const VIEW_LABELS = {
  overview: 'Overview',
  growth: 'Growth',
  cohorts: 'Cohorts',
  plans: 'Plans',
} as const;
/** 30 days first: the default when the address names no period. */
const PERIOD_CHOICES = ['30d', '7d', '90d', '1y'] as const satisfies readonly RevenuePeriod[];

/**
 * Revenue Analytics (tab `revenue`; docs/revenue.md): every figure computed from the MRR ledger,
 * subscriptions, payments and refunds, for the period chosen. Needs `canViewAnalytics`.
 */
export default function RevenueScreen() {
  return (
    <NeedsPermission flag="canViewAnalytics" label="Loading revenue analytics">
      <RevenueAnalyticsScreen />
    </NeedsPermission>
  );
}

function RevenueAnalyticsScreen() {
  const [period, setPeriod] = useSubTab(PERIOD_CHOICES, 'period');
  const query = useQuery(revenueQuery(period));
  return (
    <TooltipProvider>
      <ScreenFrame
        title="Revenue Analytics"
        description="Recurring revenue, its movements, cohorts and plans, from the billing engine’s own records."
        actions={
          <div role="group" aria-label="Period" className="inline-flex gap-1 rounded-lg bg-muted p-1">
            {REVENUE_PERIODS.map((p) => (
              <Button
                key={p}
                size="sm"
                variant={p === period ? 'default' : 'ghost'}
                aria-pressed={p === period}
                title={PERIOD_LABELS[p]}
                onClick={() => setPeriod(p)}
              >
                {p}
              </Button>
            ))}
          </div>
        }
      >
        <ScreenSections sections={VIEW_LABELS} label="Revenue Analytics sections">
          {(view) => (
            <QueryView
              query={query}
              noun="revenue analytics"
              skeleton={<StatTilesSkeleton label="Loading revenue analytics" />}
            >
              {(data) => <RevenueViews view={view} data={data} />}
            </QueryView>
          )}
        </ScreenSections>
      </ScreenFrame>
    </TooltipProvider>
  );
}
