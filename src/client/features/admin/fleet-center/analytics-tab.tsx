import { useQuery } from '@tanstack/react-query';
import { BarChart3Icon, GaugeIcon, TruckIcon, UsersIcon, WrenchIcon } from 'lucide-react';
import { FLEET_WINDOW_DAYS, type FleetAnalytics } from '@shared/contracts/fleet-center';
import { StatTileRow } from '@client/components/stat-tile-row';
import { Badge } from '@client/components/ui/badge';
import { EmptyState } from '@client/components/ui/empty-state';
import { Progress } from '@client/components/ui/progress';
import { fleetAnalyticsQuery } from './api';
import { EmptyLine, FigureView, GeneratedAt, HonestNote, SectionCard } from './figure-parts';
import { formatCount, formatMiles, shareOf } from './fleet-format';

const STATUS_ROWS = [
  { key: 'active', label: 'Active', bar: 'bg-success' },
  { key: 'maintenance', label: 'In maintenance', bar: 'bg-warning' },
  { key: 'inactive', label: 'Inactive', bar: 'bg-muted-foreground' },
  { key: 'retired', label: 'Retired', bar: 'bg-muted-foreground/50' },
] as const;

/** Every vehicle recorded, retired ones included (Total Vehicles leaves those apart, docs/figures.md). */
const recordedOf = (vehicles: FleetAnalytics['vehicles']) =>
  Object.values(vehicles.byStatus).reduce((sum, n) => sum + n, 0);

function VehiclesByStatus({ vehicles }: { vehicles: FleetAnalytics['vehicles'] }) {
  const recorded = recordedOf(vehicles);
  return (
    <SectionCard
      title="Vehicles by status"
      description={`Shares of all ${formatCount(recorded)} recorded, retired included · ${formatCount(vehicles.addedRecently)} added in the last ${FLEET_WINDOW_DAYS} days`}
      testId="vehicles-by-status"
    >
      <ul className="space-y-3">
        {STATUS_ROWS.map(({ key, label, bar }) => {
          const n = vehicles.byStatus[key];
          const share = shareOf(n, recorded);
          return (
            <li key={key} className="space-y-1">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span>{label}</span>
                <span className="tabular-nums text-muted-foreground">
                  <span className="font-medium text-foreground">{formatCount(n)}</span> · {share}%
                </span>
              </div>
              <Progress
                value={share}
                aria-label={`${label}: ${share}% of vehicles`}
                indicatorClassName={bar}
              />
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}

function LargestFleets({ customers }: { customers: FleetAnalytics['topCustomers'] }) {
  return (
    <SectionCard title="Largest fleets" description="The customer accounts with the most vehicles">
      {customers.length === 0 ? (
        <EmptyLine>No customer has a vehicle yet.</EmptyLine>
      ) : (
        <ol className="divide-y" data-testid="largest-fleets">
          {customers.map((c, i) => (
            <li key={c.customerId} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <span className="w-4 shrink-0 text-muted-foreground tabular-nums">{i + 1}</span>
                <span className="truncate font-medium">{c.companyName}</span>
                {c.status !== 'active' ? (
                  <Badge variant="outline" className="capitalize">
                    {c.status}
                  </Badge>
                ) : null}
              </span>
              <span className="shrink-0 tabular-nums text-muted-foreground">
                {formatCount(c.vehicles)} {c.vehicles === 1 ? 'vehicle' : 'vehicles'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}

function AnalyticsFigures({ data }: { data: FleetAnalytics }) {
  const { vehicles, maintenance } = data;
  if (recordedOf(vehicles) === 0 && data.drivers === 0) {
    return (
      <EmptyState
        icon={BarChart3Icon}
        headingLevel="h3"
        title="No fleet records yet"
        text="No customer has added a vehicle or a driver. These figures fill in as customers add vehicles, drivers and maintenance in their fleet app."
      />
    );
  }
  return (
    <div className="space-y-6">
      <StatTileRow
        tiles={[
          {
            label: 'Total Vehicles',
            value: formatCount(vehicles.total),
            hint: `Not retired, as counted against plans; in ${formatCount(vehicles.customersWithVehicles)} customer ${vehicles.customersWithVehicles === 1 ? 'account' : 'accounts'}${vehicles.byStatus.retired > 0 ? ` · ${formatCount(vehicles.byStatus.retired)} retired apart` : ''}`,
            icon: TruckIcon,
            testId: 'fleet-total-vehicles',
          },
          {
            label: 'Drivers',
            value: formatCount(data.drivers),
            hint: 'Drivers recorded in customer fleets',
            icon: UsersIcon,
            testId: 'fleet-drivers',
          },
          {
            label: 'Recorded Mileage',
            value: formatMiles(data.totalMileage),
            hint: "The sum of every vehicle's odometer",
            icon: GaugeIcon,
            testId: 'fleet-mileage',
          },
          {
            label: 'Maintenance Due',
            value: formatCount(maintenance.dueSoon),
            hint: (
              <>
                In the next {FLEET_WINDOW_DAYS} days ·{' '}
                <span className={maintenance.overdue > 0 ? 'font-medium text-destructive' : undefined}>
                  {formatCount(maintenance.overdue)} overdue
                </span>
              </>
            ),
            icon: WrenchIcon,
            testId: 'fleet-maintenance-due',
          },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <VehiclesByStatus vehicles={vehicles} />
        <LargestFleets customers={data.topCustomers} />
      </div>
      <HonestNote>
        Fuel efficiency and routes are not shown: the fleet app records no fuel use or routes, so there is
        nothing real to compute them from.
      </HonestNote>
      <GeneratedAt iso={data.generatedAt} />
    </div>
  );
}

/** The Analytics sub-tab: vehicles, drivers, mileage and maintenance across every customer fleet. */
export function AnalyticsTab() {
  const query = useQuery(fleetAnalyticsQuery);
  return (
    <FigureView query={query} noun="fleet analytics">
      {(data) => <AnalyticsFigures data={data} />}
    </FigureView>
  );
}
