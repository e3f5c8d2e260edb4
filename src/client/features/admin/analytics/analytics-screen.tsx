import type { ReactNode } from 'react';
import { ScreenHeader } from '@client/components/screen-header';
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
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListStatePager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { QueryView } from '@client/components/query-view';
import { StatTile, StatTileGrid, StatTilesSkeleton } from '@client/components/stat-tile';
import { EmptyState } from '@client/components/ui/empty-state';
import { TableRow } from '@client/components/ui/table';
import { usageAnalyticsQuery } from './api';

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const counted = (n: number, one: string, more: string) => `${count.format(n)} ${n === 1 ? one : more}`;
const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
const limitText = (used: number, limit: number | null, share: number | null) =>
  limit === null
    ? `${count.format(used)} (no limit)`
    : `${count.format(used)} of ${count.format(limit)} (${percent.format(share ?? 0)})`;

/**
 * Advanced Analytics (tab `analytics`, docs/usage-analytics.md): how customers use the product, from their own
 * records (vehicles, drivers, users, sign-ins, maintenance) by plan and by month, and the accounts near
 * a plan limit, as upgrade candidates. Needs `canViewAnalytics`, as the server does.
 */
export default function AnalyticsScreen() {
  return (
    <NeedsPermission flag="canViewAnalytics" label="Loading analytics">
      <div className="space-y-6">
        <ScreenHeader
          title="Advanced Analytics"
          description="Usage across customers from their fleet records, and who is close to outgrowing their plan."
        />
        <UsageView />
      </div>
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
    <StatTileGrid>
      <StatTile
        icon={CarIcon}
        label="Vehicles"
        value={count.format(t.vehicles)}
        hint={`Not retired; in ${count.format(t.accountsWithVehicles)} of ${counted(t.customers, 'customer account', 'customer accounts')}`}
      />
      <StatTile
        icon={UsersIcon}
        label="Drivers"
        value={count.format(t.drivers)}
        hint={`In ${count.format(t.accountsWithDrivers)} of ${counted(t.customers, 'customer account', 'customer accounts')}`}
      />
      <StatTile
        icon={LogInIcon}
        label="Active accounts"
        value={count.format(t.activeAccounts)}
        hint={`Of ${counted(t.customers, 'customer account', 'customer accounts')}: signed in within ${ACTIVE_SIGN_IN_DAYS} days`}
      />
      <StatTile
        icon={WrenchIcon}
        label="Maintenance records"
        value={count.format(t.maintenance)}
        hint="Scheduled and completed"
      />
    </StatTileGrid>
  );
}

function ByPlan({ data }: { data: UsageAnalytics }) {
  return (
    <section aria-labelledby="usage-by-plan-heading" className="space-y-3">
      <div className="space-y-1">
        <h2 id="usage-by-plan-heading" className="text-lg font-semibold">
          Usage by plan
        </h2>
        <p className="text-sm text-muted-foreground">
          Vehicles that count against the plan (all but retired ones); users are account owners and their team
          members, as the plan limits count them.
        </p>
      </div>
      <ListTable
        label="Usage by plan"
        actions={false}
        head={
          <>
            <ListHead>Plan</ListHead>
            <ListHead className="text-right">Customers</ListHead>
            <ListHead className="text-right">Vehicles</ListHead>
            <ListHead from="md" className="text-right">
              Drivers
            </ListHead>
            <ListHead from="lg" className="text-right">
              Users
            </ListHead>
            <ListHead from="xl" className="text-right">
              Active accounts
            </ListHead>
            <ListHead from="2xl" className="text-right">
              Maintenance
            </ListHead>
          </>
        }
      >
        {data.byPlan.map((p) => (
          <TableRow key={p.planId ?? 'none'} data-testid="plan-usage-row">
            <ListCell>
              <span className="font-medium">{p.planName}</span>
              <span className="block text-xs text-muted-foreground">
                {p.vehicleLimit === null ? 'No vehicle limit' : `${count.format(p.vehicleLimit)} vehicles`}
                {', '}
                {p.userLimit === null ? 'no user limit' : `${count.format(p.userLimit)} users`}
              </span>
              <NarrowDetails until="2xl">
                <NarrowItem until="md">{count.format(p.drivers)} drivers</NarrowItem>
                <NarrowItem until="lg">{count.format(p.users)} users</NarrowItem>
                <NarrowItem until="xl">{count.format(p.activeAccounts)} active</NarrowItem>
                <NarrowItem until="2xl">{count.format(p.maintenance)} maintenance</NarrowItem>
              </NarrowDetails>
            </ListCell>
            <ListCell className="text-right tabular-nums">{count.format(p.customers)}</ListCell>
            <ListCell className="text-right tabular-nums">{count.format(p.vehicles)}</ListCell>
            <ListCell from="md" className="text-right tabular-nums">
              {count.format(p.drivers)}
            </ListCell>
            <ListCell from="lg" className="text-right tabular-nums">
              {count.format(p.users)}
            </ListCell>
            <ListCell from="xl" className="text-right tabular-nums">
              {count.format(p.activeAccounts)}
            </ListCell>
            <ListCell from="2xl" className="text-right tabular-nums">
              {count.format(p.maintenance)}
            </ListCell>
          </TableRow>
        ))}
      </ListTable>
    </section>
  );
}

function NearLimits({ data, pager }: { data: UsageAnalytics; pager: ReactNode }) {
  const items = data.nearLimits.items;
  return (
    <section aria-labelledby="near-limits-heading" className="space-y-3">
      <div className="space-y-1">
        <h2 id="near-limits-heading" className="text-lg font-semibold">
          Upgrade candidates
        </h2>
        <p className="text-sm text-muted-foreground">
          Customers using {percent.format(NEAR_LIMIT_SHARE)} or more of their plan&rsquo;s vehicle or user
          limit, fullest first. Cancelled accounts are left out.
        </p>
      </div>
      {items.length === 0 ? (
        <EmptyState
          icon={TrendingUpIcon}
          title="No customer is near a limit"
          text={`Nobody uses ${percent.format(NEAR_LIMIT_SHARE)} of a plan limit yet.`}
          headingLevel="h3"
        />
      ) : (
        <>
          <ListTable
            label="Upgrade candidates"
            actions={false}
            head={
              <>
                <ListHead>Customer</ListHead>
                <ListHead from="md">Plan</ListHead>
                <ListHead from="lg">Vehicles</ListHead>
                <ListHead from="xl">Users</ListHead>
              </>
            }
          >
            {items.map((c) => (
              <CandidateRow key={c.customerId} customer={c} />
            ))}
          </ListTable>
          {pager}
        </>
      )}
    </section>
  );
}

function CandidateRow({ customer: c }: { customer: NearLimitCustomer }) {
  const vehicles = limitText(c.vehicles, c.vehicleLimit, c.vehicleShare);
  const users = limitText(c.users, c.userLimit, c.userShare);
  return (
    <TableRow data-testid="near-limit-row">
      <ListCell>
        <span className="font-medium">{c.companyName}</span>
        <span className="block text-xs text-muted-foreground">{c.email}</span>
        <NarrowDetails until="xl">
          <NarrowItem until="md">{c.planName}</NarrowItem>
          <NarrowItem until="lg">Vehicles {vehicles}</NarrowItem>
          <NarrowItem until="xl">Users {users}</NarrowItem>
        </NarrowDetails>
      </ListCell>
      <ListCell from="md">{c.planName}</ListCell>
      <ListCell from="lg" className="tabular-nums">
        {vehicles}
      </ListCell>
      <ListCell from="xl" className="tabular-nums">
        {users}
      </ListCell>
    </TableRow>
  );
}

function OverTime({ data }: { data: UsageAnalytics }) {
  const newestFirst = [...data.monthly].reverse();
  return (
    <section aria-labelledby="usage-over-time-heading" className="space-y-3">
      <div className="space-y-1">
        <h2 id="usage-over-time-heading" className="text-lg font-semibold">
          Over time
        </h2>
        <p className="text-sm text-muted-foreground">What customers added each month, the last 12 months.</p>
      </div>
      <ListTable
        label="Usage added by month"
        actions={false}
        head={
          <>
            <ListHead>Month</ListHead>
            <ListHead className="text-right">New customers</ListHead>
            <ListHead className="text-right">Vehicles</ListHead>
            <ListHead from="md" className="text-right">
              Drivers
            </ListHead>
            <ListHead from="lg" className="text-right">
              Team members
            </ListHead>
            <ListHead from="xl" className="text-right">
              Maintenance
            </ListHead>
          </>
        }
      >
        {newestFirst.map((m) => (
          <TableRow key={m.month}>
            <ListCell>
              <span className="font-medium">{formatMonth(m.month)}</span>
              <NarrowDetails until="xl">
                <NarrowItem until="md">{count.format(m.drivers)} drivers</NarrowItem>
                <NarrowItem until="lg">{count.format(m.teamMembers)} team members</NarrowItem>
                <NarrowItem until="xl">{count.format(m.maintenance)} maintenance</NarrowItem>
              </NarrowDetails>
            </ListCell>
            <ListCell className="text-right tabular-nums">{count.format(m.customers)}</ListCell>
            <ListCell className="text-right tabular-nums">{count.format(m.vehicles)}</ListCell>
            <ListCell from="md" className="text-right tabular-nums">
              {count.format(m.drivers)}
            </ListCell>
            <ListCell from="lg" className="text-right tabular-nums">
              {count.format(m.teamMembers)}
            </ListCell>
            <ListCell from="xl" className="text-right tabular-nums">
              {count.format(m.maintenance)}
            </ListCell>
          </TableRow>
        ))}
      </ListTable>
    </section>
  );
}
