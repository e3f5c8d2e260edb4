import { DownloadIcon } from 'lucide-react';
import { type VehicleStatus } from '@shared/statuses';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { exportUrl } from '../api';
import { useFleetAccount } from '../shell/fleet-account';
import { useVehicleListState } from '../vehicles/vehicle-list-state';
import { VEHICLE_STATUS_LABELS } from '../vehicles/vehicle-status';
import { CsvMilesNote } from './preview-table';

function filterText(search: string, status: VehicleStatus | undefined): string | null {
  const parts = [
    search ? `matching “${search}”` : null,
    status ? `with status ${VEHICLE_STATUS_LABELS[status]}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : null;
}

/** CSV export of vehicles (as the Vehicles tab filters them) and of drivers. */
export function ExportCard() {
  const { featureAccess } = useFleetAccount().customer;
  const { query } = useVehicleListState();
  const filter = { search: query.search ?? '', status: query.status };
  const description = filterText(filter.search, filter.status);
  return (
    <Card>
      <CardHeader>
        <CardTitle asHeading="h3">Export to CSV</CardTitle>
        <CardDescription>
          {description
            ? `Vehicles ${description}, as filtered on the Vehicles tab: every matching row, not just one page.`
            : 'Every vehicle and every driver of your fleet. Filter the Vehicles tab first to export part of it.'}{' '}
          <CsvMilesNote />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {/* Each list exports only while its own switch is on too (docs/feature-access.md). */}
        {featureAccess.vehicleTracking ? (
          <Button asChild>
            <a href={exportUrl('vehicles', filter)} download>
              <DownloadIcon aria-hidden="true" />
              Export vehicles
            </a>
          </Button>
        ) : null}
        {featureAccess.driverManagement ? (
          <Button asChild variant="outline">
            <a href={exportUrl('drivers', {})} download>
              <DownloadIcon aria-hidden="true" />
              Export drivers
            </a>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
