import {
  CarIcon,
  CircleAlertIcon,
  CirclePauseIcon,
  HistoryIcon,
  WrenchIcon,
  ArchiveIcon,
  CircleCheckIcon,
  type LucideIcon,
} from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { FleetOverview, MaintenanceRecord } from '@shared/contracts/fleet';
import { AddButton } from '@client/components/list/add-button';
import { QueryView } from '@client/components/query-view';
import { LoadingBlock } from '@client/components/loading-block';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Progress } from '@client/components/ui/progress';
import { Skeleton, Skeletons } from '@client/components/ui/skeleton';
import { formatDistance, type DistanceUnit } from '@shared/distance';
import { cn } from '@client/lib/cn';
import { fleetOverviewQuery } from '../api';
import { pastDue } from '../maintenance/maintenance-format';
import { useDistanceUnit } from '../shell/distance-unit';
import { useFleetAccount } from '../shell/fleet-account';
import { daysSince, formatCalendarDate, formatDateTime, formatNumber, relativeTime } from '../shell/format';
import { UpgradePlanAction } from '../shell/upgrade-link';
import { useFleetParams } from '../shell/use-fleet-params';

/** Share of a limit from which the overview suggests an upgrade. */
const NEAR_LIMIT = 0.8;

/** The status breakdown's tiles, in order (reporting & analytics; null when that switch is off). */
const STATUS_TILES = [
  { key: 'active', label: 'Active', icon: CircleCheckIcon, tone: 'bg-success/15 text-success' },
  { key: 'maintenance', label: 'In maintenance', icon: WrenchIcon, tone: 'bg-warning/20 text-warning' },
  { key: 'inactive', label: 'Inactive', icon: CirclePauseIcon, tone: 'bg-muted text-muted-foreground' },
  { key: 'retired', label: 'Retired', icon: ArchiveIcon, tone: 'bg-muted text-muted-foreground' },
] as const;

function OverviewSkeleton() {
  return (
    <LoadingBlock label="Loading the overview" className="gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Skeletons count={5} className="h-24 rounded-xl" />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-64 rounded-xl lg:col-span-2" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </LoadingBlock>
  );
}

function CountTile({
  label,
  value,
  icon: Icon,
  tone,
  testId,
  className,
}: {
  className?: string;
  label: string;
  value: number;
  icon: LucideIcon;
  tone: string;
  testId: string;
}) {
  return (
    <Card className={className} data-testid={testId}>
      <CardContent className="flex items-center justify-between gap-3 p-4">
        <div className="min-w-0">
          <p className="truncate text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-semibold tabular-nums">{formatNumber(value)}</p>
        </div>
        <span className={cn('hidden size-9 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </CardContent>
    </Card>
  );
}

function UsageRow({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const share = limit ? used / limit : 0;
  const atLimit = limit !== null && used >= limit;
  const near = limit !== null && !atLimit && share >= NEAR_LIMIT;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {limit === null
            ? `${formatNumber(used)} (unlimited)`
            : `${formatNumber(used)} of ${formatNumber(limit)}`}
        </span>
      </div>
      {limit !== null ? (
        <Progress
          value={Math.min(used, limit)}
          max={limit}
          aria-label={`${label}: ${used} of ${limit}`}
          indicatorClassName={atLimit ? 'bg-destructive' : near ? 'bg-warning' : undefined}
        />
      ) : null}
      {atLimit ? (
        <p className="text-xs font-medium text-destructive">Limit reached</p>
      ) : near ? (
        <p className="text-xs font-medium text-warning">Near the limit</p>
      ) : null}
    </div>
  );
}

function PlanUsageCard({ usage, canManageAccount }: Pick<FleetOverview, 'usage' | 'canManageAccount'>) {
  const near = (used: number, limit: number | null) => limit !== null && used >= limit * NEAR_LIMIT;
  const suggestUpgrade = near(usage.vehicles, usage.vehicleLimit) || near(usage.users, usage.userLimit);
  return (
    <Card data-testid="fleet-plan-usage">
      <CardHeader>
        <CardTitle asHeading="h3">Plan usage</CardTitle>
        <CardDescription>
          {usage.planName ? `${usage.planName} plan` : 'No plan chosen yet'}. Retired vehicles do not count.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <UsageRow label="Vehicles" used={usage.vehicles} limit={usage.vehicleLimit} />
        <UsageRow label="Team members" used={usage.users} limit={usage.userLimit} />
        {suggestUpgrade ? <UpgradePlanAction canManageAccount={canManageAccount} className="w-fit" /> : null}
      </CardContent>
    </Card>
  );
}

/** How late an overdue item is: by date, by mileage, or both. */
function lateness(record: MaintenanceRecord, unit: DistanceUnit): string {
  const parts: string[] = [];
  if (record.dueDate) {
    const days = daysSince(record.dueDate);
    if (days > 0) parts.push(`${days} ${days === 1 ? 'day' : 'days'} overdue`);
  }
  if (record.dueMileage !== null && record.vehicle.mileage >= record.dueMileage) {
    const over = pastDue(record, unit);
    parts.push(over ? `${over} past due mileage` : 'due mileage reached');
  }
  return parts.join(', ') || 'Overdue';
}

function dueText(record: MaintenanceRecord, unit: DistanceUnit): string {
  const parts: string[] = [];
  if (record.dueDate) parts.push(`due ${formatCalendarDate(record.dueDate)}`);
  if (record.dueMileage !== null) parts.push(`at ${formatDistance(record.dueMileage, unit)}`);
  return parts.join(', ');
}

function DueMaintenanceCard({ items, overdueCount }: { items: MaintenanceRecord[]; overdueCount: number }) {
  const { setTab } = useFleetParams();
  const unit = useDistanceUnit();
  return (
    <Card className="lg:col-span-2" data-testid="fleet-due-maintenance">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle asHeading="h3">Due for maintenance</CardTitle>
          <CardDescription>
            {overdueCount > 0 ? `${overdueCount} overdue, shown first.` : 'Nothing is overdue.'}
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setTab('maintenance')}>
          All maintenance
        </Button>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No maintenance is scheduled.</p>
        ) : (
          <ul className="divide-y">
            {items.map((record) => {
              const overdue = record.state === 'overdue';
              return (
                <li
                  key={record.id}
                  className={cn(
                    'flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 first:pt-0 last:pb-0',
                    overdue && 'text-destructive',
                  )}
                  data-testid={overdue ? 'overdue-maintenance' : 'due-maintenance'}
                >
                  <div className="min-w-0">
                    <p className="font-medium">
                      {record.type}
                      <span className={cn('font-normal', !overdue && 'text-muted-foreground')}>
                        {' · '}
                        {record.vehicle.make} {record.vehicle.model} ({record.vehicle.licensePlate})
                      </span>
                    </p>
                    <p className={cn('text-sm', overdue ? 'text-destructive' : 'text-muted-foreground')}>
                      {dueText(record, unit)}
                    </p>
                  </div>
                  {overdue ? (
                    <Badge variant="destructive">
                      <CircleAlertIcon aria-hidden="true" />
                      {lateness(record, unit)}
                    </Badge>
                  ) : (
                    <Badge variant="outline">Scheduled</Badge>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DriversWithoutVehicleCard({
  drivers,
  count,
}: {
  drivers: NonNullable<FleetOverview['driversWithoutVehicle']>;
  count: number;
}) {
  const { setTab } = useFleetParams();
  const more = count - drivers.length;
  return (
    <Card data-testid="fleet-unassigned-drivers">
      <CardHeader>
        <CardTitle asHeading="h3">Drivers without a vehicle</CardTitle>
        <CardDescription>
          {count === 0 ? 'Every driver has a vehicle.' : `${count} ${count === 1 ? 'driver' : 'drivers'}`}
        </CardDescription>
      </CardHeader>
      {count > 0 ? (
        <CardContent className="grid gap-3">
          <ul className="flex flex-wrap gap-1.5">
            {drivers.map((d) => (
              <li key={d.id}>
                <Badge variant="secondary">{d.name}</Badge>
              </li>
            ))}
            {more > 0 ? (
              <li>
                <Badge variant="outline">and {more} more</Badge>
              </li>
            ) : null}
          </ul>
          <Button variant="outline" size="sm" className="w-fit" onClick={() => setTab('drivers')}>
            Assign vehicles
          </Button>
        </CardContent>
      ) : null}
    </Card>
  );
}

function RecentChangesCard({ changes }: { changes: NonNullable<FleetOverview['recentChanges']> }) {
  return (
    <Card className="lg:col-span-2" data-testid="fleet-recent-changes">
      <CardHeader>
        <CardTitle asHeading="h3">Recent changes</CardTitle>
        <CardDescription>Who changed what in your fleet.</CardDescription>
      </CardHeader>
      <CardContent>
        {changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No changes yet.</p>
        ) : (
          <ul className="divide-y">
            {changes.map((change) => (
              <li
                key={change.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2 first:pt-0 last:pb-0"
              >
                <div className="flex min-w-0 items-baseline gap-2">
                  <HistoryIcon
                    className="size-3.5 shrink-0 self-center text-muted-foreground"
                    aria-hidden="true"
                  />
                  <span className="min-w-0 break-words text-sm">{change.summary}</span>
                </div>
                <span className="text-xs text-muted-foreground">
                  {change.actorEmail ? `${change.actorEmail} · ` : ''}
                  <time dateTime={change.createdAt} title={formatDateTime(change.createdAt)}>
                    {relativeTime(change.createdAt)}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The fleet at a glance: counts, what needs attention, what changed, and the plan's room. */
export default function OverviewTab() {
  const overview = useQuery(fleetOverviewQuery);
  const { setTab } = useFleetParams();

  return (
    <QueryView query={overview} noun="the overview" skeleton={<OverviewSkeleton />}>
      {(data) => <OverviewBody data={data} setTab={setTab} />}
    </QueryView>
  );
}

function OverviewBody({
  data,
  setTab,
}: {
  data: FleetOverview;
  setTab: ReturnType<typeof useFleetParams>['setTab'];
}) {
  const counts = data.vehicles;
  // Adding vehicles is the Vehicles tab's: with vehicle tracking off the empty fleet offers nothing.
  const { featureAccess } = useFleetAccount().customer;
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="fleet-status-counts">
        <CountTile
          label="Total vehicles"
          className="col-span-2 sm:col-span-1"
          value={counts.total}
          icon={CarIcon}
          tone="bg-primary/10 text-primary"
          testId="count-total"
        />
        {/* The status breakdown is reporting & analytics; the total always shows. */}
        {counts.active !== null ? (
          <>
            {STATUS_TILES.map(({ key, label, icon, tone }) => (
              <CountTile
                key={key}
                label={label}
                value={counts[key] ?? 0}
                icon={icon}
                tone={tone}
                testId={`count-${key}`}
              />
            ))}
          </>
        ) : null}
      </div>

      {featureAccess.vehicleTracking && counts.total + (counts.retired ?? 0) === 0 ? (
        <EmptyState
          className="bg-background"
          icon={CarIcon}
          title="Add your first vehicle"
          text="Your fleet is empty. Add vehicles one by one, or import a CSV file of your whole fleet."
          action={
            <>
              <AddButton onClick={() => setTab('vehicles', { new: '1' })}>Add vehicle</AddButton>
              <Button variant="outline" onClick={() => setTab('import-export')}>
                Import from CSV
              </Button>
            </>
          }
        />
      ) : null}

      <div className="grid items-start gap-4 lg:grid-cols-3">
        {/* A section whose feature access switch is off is null: not shown (docs/feature-access.md). */}
        {data.dueMaintenance && data.overdueCount !== null ? (
          <DueMaintenanceCard items={data.dueMaintenance} overdueCount={data.overdueCount} />
        ) : null}
        <PlanUsageCard usage={data.usage} canManageAccount={data.canManageAccount} />
        {data.recentChanges ? <RecentChangesCard changes={data.recentChanges} /> : null}
        {data.driversWithoutVehicle && data.driversWithoutVehicleCount !== null ? (
          <DriversWithoutVehicleCard
            drivers={data.driversWithoutVehicle}
            count={data.driversWithoutVehicleCount}
          />
        ) : null}
      </div>
    </div>
  );
}
