import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ActivityIcon, BadgeCheckIcon, GaugeIcon, HistoryIcon, TruckIcon, UsersIcon } from 'lucide-react';
import type { CustomerProfile } from '@shared/contracts/portal';
import { Badge } from '@client/components/ui/badge';
import { QueryView } from '@client/components/query-view';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Progress } from '@client/components/ui/progress';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton, Skeletons } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';
import { profileQuery } from '../api';
import { formatDateTime, humanize, statusTextClass } from '@client/lib/format';
import { CancelsOnBadge, cancellationDate } from '../plans/cancellation-badge';

/** Utilization thresholds: above 70 Excellent, above 40 Good, otherwise Low. */
export function utilizationLabel(percent: number): 'Excellent' | 'Good' | 'Low' {
  if (percent > 70) return 'Excellent';
  if (percent > 40) return 'Good';
  return 'Low';
}

function StatCard({
  title,
  icon: Icon,
  children,
  testId,
}: {
  title: string;
  icon: typeof TruckIcon;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId} className="flex flex-col">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle asHeading="h3" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-2">{children}</CardContent>
    </Card>
  );
}

function UsageFigure({ used, limit, noun }: { used: number; limit: number | null; noun: string }) {
  return (
    <p className="text-2xl font-bold tracking-tight">
      {used}{' '}
      <span className="text-base font-normal text-muted-foreground">
        of {limit === null ? 'Unlimited' : limit} {noun}
      </span>
    </p>
  );
}

function UsageBar({ used, limit, label }: { used: number; limit: number | null; label: string }) {
  if (limit === null) return <p className="text-xs text-muted-foreground">No limit on your plan</p>;
  const share = limit > 0 ? Math.round((used / limit) * 100) : 0;
  return (
    <>
      <Progress
        value={Math.min(used, limit)}
        max={limit}
        aria-label={label}
        aria-valuetext={`${used} of ${limit}`}
        indicatorClassName={share >= 100 ? 'bg-destructive' : share >= 80 ? 'bg-warning' : undefined}
      />
      <p className="text-xs text-muted-foreground">
        {used >= limit ? 'Limit reached: a bigger plan adds more' : `${limit - used} remaining`}
      </p>
    </>
  );
}

function OverviewCards({ profile }: { profile: CustomerProfile }) {
  const { vehicleUtilization, totalVehicles, activeVehicles } = profile.usageStats;
  const cancelsOn = cancellationDate(profile);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard title="Vehicle Usage" icon={TruckIcon} testId="overview-vehicles">
        <UsageFigure used={profile.currentCars} limit={profile.carLimit} noun="vehicles" />
        <UsageBar used={profile.currentCars} limit={profile.carLimit} label="Vehicle usage" />
      </StatCard>
      <StatCard title="Team Members" icon={UsersIcon} testId="overview-team">
        <UsageFigure used={profile.currentUsers} limit={profile.userLimit} noun="users" />
        <UsageBar used={profile.currentUsers} limit={profile.userLimit} label="Team members" />
      </StatCard>
      <StatCard title="Account Status" icon={BadgeCheckIcon} testId="overview-status">
        {cancelsOn ? (
          <>
            <p>
              <CancelsOnBadge date={cancelsOn} className="px-2.5 py-1 text-sm" />
            </p>
            <p className="text-xs text-muted-foreground">
              Full access until then{profile.planName ? ` · ${profile.planName} plan` : ''}. Resume it on the
              Plans tab to keep it.
            </p>
          </>
        ) : (
          <>
            <p className={cn('text-2xl font-bold tracking-tight', statusTextClass(profile.status))}>
              {humanize(profile.status)}
            </p>
            <p className="text-xs text-muted-foreground">
              Subscription: {humanize(profile.subscriptionStatus)}
              {profile.planName ? ` · ${profile.planName} plan` : ''}
            </p>
          </>
        )}
      </StatCard>
      <StatCard title="Performance" icon={GaugeIcon} testId="overview-performance">
        {totalVehicles === 0 ? (
          <>
            <p className="text-2xl font-bold tracking-tight">No vehicles yet</p>
            <p className="text-xs text-muted-foreground">
              Fleet utilization appears once you{' '}
              <Link
                href="/fleet-management"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                add vehicles
              </Link>
              .
            </p>
          </>
        ) : (
          <>
            <p className="flex flex-wrap items-baseline gap-2 text-2xl font-bold tracking-tight">
              {Math.round(vehicleUtilization)}%
              <Badge
                variant={
                  utilizationLabel(vehicleUtilization) === 'Excellent'
                    ? 'success'
                    : utilizationLabel(vehicleUtilization) === 'Good'
                      ? 'secondary'
                      : 'warning'
                }
              >
                {utilizationLabel(vehicleUtilization)}
              </Badge>
            </p>
            <p className="text-xs text-muted-foreground">
              Fleet utilization: {activeVehicles} of {totalVehicles} vehicles active
            </p>
          </>
        )}
      </StatCard>
    </div>
  );
}

function RecentActivity({ profile }: { profile: CustomerProfile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asHeading="h3" className="flex items-center gap-2">
          <HistoryIcon className="size-5 text-muted-foreground" aria-hidden="true" />
          Recent Activity
        </CardTitle>
        <CardDescription>The latest changes to your account.</CardDescription>
      </CardHeader>
      <CardContent>
        {profile.recentActivity.length === 0 ? (
          <EmptyState
            icon={ActivityIcon}
            headingLevel="h4"
            title="No activity yet"
            text="Payments, plan changes and account updates will be listed here."
            className="py-8"
          />
        ) : (
          <ol className="divide-y" aria-label="Recent activity">
            {profile.recentActivity.map((item) => (
              <li
                key={item.id}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium">{humanize(item.action)}</p>
                  <p className="text-sm break-words text-muted-foreground">{item.description}</p>
                </div>
                <time dateTime={item.createdAt} className="shrink-0 text-xs text-muted-foreground sm:pt-0.5">
                  {formatDateTime(item.createdAt)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function OverviewSkeleton() {
  return (
    <LoadingBlock label="Loading your overview">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Skeletons count={4} className="h-36 rounded-xl" />
      </div>
      <Skeleton className="h-64 rounded-xl" />
    </LoadingBlock>
  );
}

/** The Overview tab: usage against the plan's limits, status, utilization and activity. */
export default function OverviewTab({ email }: { email: string }) {
  const profile = useQuery(profileQuery(email));
  return (
    <QueryView
      query={profile}
      noun="your overview"
      skeleton={<OverviewSkeleton />}
      failure={{ icon: ActivityIcon }}
    >
      {(data) => (
        <div className="grid gap-6">
          <OverviewCards profile={data} />
          <RecentActivity profile={data} />
        </div>
      )}
    </QueryView>
  );
}
