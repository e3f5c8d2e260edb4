import type { ReactNode } from 'react';
import { ScreenFrame } from '@client/components/screen-frame';
import { useQuery } from '@tanstack/react-query';
import { CarIcon, LogInIcon, TrendingUpIcon, UsersIcon, WrenchIcon } from 'lucide-react';
import {
  ACTIVE_SIGN_IN_DAYS,
  NEAR_LIMIT_SHARE,
  usageAnalyticsQuery as usageAnalyticsQuerySchema,
  type NearLimitCustomer,
  type UsageAnalytics,
} from '@shared/contracts/usage-analytics';
import { NeedsPermission } from '@client/components/needs-permission';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column, ColumnWidth } from '@client/components/list/columns';
import { ListStatePager } from '@client/components/list/list-pager';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { QueryView } from '@client/components/query-view';
import { StatTilesSkeleton } from '@client/components/stat-tile';
import { StatTileRow } from '@client/components/stat-tile-row';
import { EmptyState } from '@client/components/ui/empty-state';
import { usageAnalyticsQuery } from './api';
import { HeadedSection } from '@client/components/section-heading';
import { TwoLineCell } from '@client/components/list/two-line-cell';

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const counted = (n: number, one: string, more: string) => `${count.format(n)} ${n === 1 ? one : more}`;
const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
const limitText = (used: number, limit: number | null, share: number | null) =>
  limit === null
    ? `${count.format(used)} (no limit)`
    : `${count.format(used)} of ${count.format(limit)} (${percent.format(share ?? 0)})`;

/** A count column on the right; on a narrow list, the count and its noun ("3 drivers") in the detail. */
function countColumn<T>(
  key: string,
  label: string,
  value: (row: T) => number,
  narrow?: { from: ColumnWidth; noun: string },
): Column<T> {
  return {
    key,
    label,
    from: narrow?.from,
    numeric: true,
    cell: (row) => count.format(value(row)),
    narrow: narrow ? (row) => `${count.format(value(row))} ${narrow.noun}` : undefined,
  };
}

type PlanUsage = UsageAnalytics['byPlan'][number];

const PLAN_COLUMNS: readonly Column<PlanUsage>[] = [
  {
    key: 'plan',
    label: 'Plan',
    cell: (p) => (
      <TwoLineCell
        main={p.planName}
        detail={
          <>
            {p.vehicleLimit === null ? 'No vehicle limit' : `${count.format(p.vehicleLimit)} vehicles`}
            {', '}
            {p.userLimit === null ? 'no user limit' : `${count.format(p.userLimit)} users`}
          </>
        }
      />
    ),
  },
  countColumn<PlanUsage>('customers', 'Customers', (p) => p.customers),
  countColumn<PlanUsage>('vehicles', 'Vehicles', (p) => p.vehicles),
  countColumn<PlanUsage>('drivers', 'Drivers', (p) => p.drivers, { from: 'md', noun: 'drivers' }),
  countColumn<PlanUsage>('users', 'Users', (p) => p.users, { from: 'lg', noun: 'users' }),
  countColumn<PlanUsage>('active', 'Active accounts', (p) => p.activeAccounts, {
    from: 'xl',
    noun: 'active',
  }),
  countColumn<PlanUsage>('maintenance', 'Maintenance', (p) => p.maintenance, {
    from: '2xl',
    noun: 'maintenance',
  }),
];

const vehiclesOf = (c: NearLimitCustomer) => limitText(c.vehicles, c.vehicleLimit, c.vehicleShare);
const usersOf = (c: NearLimitCustomer) => limitText(c.users, c.userLimit, c.userShare);

const CANDIDATE_COLUMNS: readonly Column<NearLimitCustomer>[] = [
  {
    key: 'customer',
    label: 'Customer',
    cell: (c) => <TwoLineCell main={c.companyName} detail={c.email} />,
  },
  { key: 'plan', label: 'Plan', from: 'md', cell: (c) => c.planName },
  {
    key: 'vehicles',
    label: 'Vehicles',
    from: 'lg',
    cellClassName: 'tabular-nums',
    cell: vehiclesOf,
    narrowLabel: true,
  },
  {
    key: 'users',
    label: 'Users',
    from: 'xl',
    cellClassName: 'tabular-nums',
    cell: usersOf,
    narrowLabel: true,
  },
];

type MonthUsage = UsageAnalytics['monthly'][number];

const MONTH_COLUMNS: readonly Column<MonthUsage>[] = [
  { key: 'month', label: 'Month', cell: (m) => <span className="font-medium">{formatMonth(m.month)}</span> },
  countColumn<MonthUsage>('customers', 'New customers', (m) => m.customers),
  countColumn<MonthUsage>('vehicles', 'Vehicles', (m) => m.vehicles),
  countColumn<MonthUsage>('drivers', 'Drivers', (m) => m.drivers, { from: 'md', noun: 'drivers' }),
  countColumn<MonthUsage>('teamMembers', 'Team members', (m) => m.teamMembers, {
    from: 'lg',
    noun: 'team members',
  }),
  countColumn<MonthUsage>('maintenance', 'Maintenance', (m) => m.maintenance, {
    from: 'xl',
    noun: 'maintenance',
  }),
];

/**
 * Advanced Analytics (tab `analytics`, docs/usage-analytics.md): how customers use the product, from their own
 * records (vehicles, drivers, users, sign-ins, maintenance) by plan and by month, and the accounts near
 * a plan limit, as upgrade candidates. Needs `canViewAnalytics`, as the server does.
 */
export default function AnalyticsScreen() {
  return (
    <NeedsPermission flag="canViewAnalytics" label="Loading analytics">
      <ScreenFrame
        title="Advanced Analytics"
        description="Usage across customers from their fleet records, and who is close to outgrowing their plan."
      >
        <UsageView />
      </ScreenFrame>
    </NeedsPermission>
  );
}

function UsageView() {
  const state = useListState({ sorts: ['fullest'], defaultSort: 'fullest', pageSize: 10, scope: 'near' });
  const usage = useQuery(usageAnalyticsQuery(usageAnalyticsQuerySchema.parse(state.query)));
  useKeepPageInRange(state, usage.data?.nearLimits, usage.isPlaceholderData);
  return (
    <QueryView
      query={usage}
      noun="usage analytics"
      skeleton={<StatTilesSkeleton label="Loading usage analytics" />}
    >
      {(data) => (
        <div className="space-y-8">
          <Totals data={data} />
          <ByPlan data={data} />
          <NearLimits
            data={data}
            pager={
              <ListStatePager
                state={state}
                query={{ data: data.nearLimits, isFetching: usage.isFetching }}
                label="Upgrade candidate pages"
                noun={['customer', 'customers']}
              />
            }
          />
          <OverTime data={data} />
        </div>
      )}
    </QueryView>
  );
}

function Totals({ data: { totals: t } }: { data: UsageAnalytics }) {
  return (
    <StatTileRow
      tiles={[
        {
          icon: CarIcon,
          label: 'Vehicles',
          value: count.format(t.vehicles),
          hint: `Not retired; in ${count.format(t.accountsWithVehicles)} of ${counted(t.customers, 'customer account', 'customer accounts')}`,
        },
        {
          icon: UsersIcon,
          label: 'Drivers',
          value: count.format(t.drivers),
          hint: `In ${count.format(t.accountsWithDrivers)} of ${counted(t.customers, 'customer account', 'customer accounts')}`,
        },
        {
          icon: LogInIcon,
          label: 'Active accounts',
          value: count.format(t.activeAccounts),
          hint: `Of ${counted(t.customers, 'customer account', 'customer accounts')}: signed in within ${ACTIVE_SIGN_IN_DAYS} days`,
        },
        {
          icon: WrenchIcon,
          label: 'Maintenance records',
          value: count.format(t.maintenance),
          hint: 'Scheduled and completed',
        },
      ]}
    />
  );
}

function ByPlan({ data }: { data: UsageAnalytics }) {
  return (
    <HeadedSection
      id="usage-by-plan-heading"
      title="Usage by plan"
      description="Vehicles that count against the plan (all but retired ones); users are account owners and their team members, as the plan limits count them."
      className="space-y-3"
    >
      <ColumnTable
        label="Usage by plan"
        columns={PLAN_COLUMNS}
        rows={data.byPlan}
        rowKey={(p) => p.planId ?? 'none'}
        rowProps={{ 'data-testid': 'plan-usage-row' }}
      />
    </HeadedSection>
  );
}

function NearLimits({ data, pager }: { data: UsageAnalytics; pager: ReactNode }) {
  const items = data.nearLimits.items;
  return (
    <HeadedSection
      id="near-limits-heading"
      title="Upgrade candidates"
      className="space-y-3"
      description={
        <>
          Customers using {percent.format(NEAR_LIMIT_SHARE)} or more of their plan&rsquo;s vehicle or user
          limit, fullest first. Cancelled accounts are left out.
        </>
      }
    >
      {items.length === 0 ? (
        <EmptyState
          icon={TrendingUpIcon}
          title="No customer is near a limit"
          text={`Nobody uses ${percent.format(NEAR_LIMIT_SHARE)} of a plan limit yet.`}
          headingLevel="h3"
        />
      ) : (
        <>
          <ColumnTable
            label="Upgrade candidates"
            columns={CANDIDATE_COLUMNS}
            rows={items}
            rowKey={(c) => c.customerId}
            rowProps={{ 'data-testid': 'near-limit-row' }}
          />
          {pager}
        </>
      )}
    </HeadedSection>
  );
}

function OverTime({ data }: { data: UsageAnalytics }) {
  const newestFirst = [...data.monthly].reverse();
  return (
    <HeadedSection
      id="usage-over-time-heading"
      title="Over time"
      className="space-y-3"
      description="What customers added each month, the last 12 months."
    >
      <ColumnTable
        label="Usage added by month"
        columns={MONTH_COLUMNS}
        rows={newestFirst}
        rowKey={(m) => m.month}
      />
    </HeadedSection>
  );
}
