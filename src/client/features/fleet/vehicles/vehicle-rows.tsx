import { ArchiveIcon, MapPinIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { Vehicle } from '@shared/contracts/fleet';
import type { Column } from '@client/components/list/columns';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useDistance } from '../shell/distance-unit';
import { formatDateTime, relativeTime } from '../shell/format';
import { FuelBar, VehicleStatusBadge } from './vehicle-status';

/* The vehicle list's columns and row actions: one sortable table at every width, its columns by priority. */

export type RowHandlers = {
  onEdit: (v: Vehicle) => void;
  onRetire: (v: Vehicle) => void;
  onDelete: (v: Vehicle) => void;
};

/** Edit, retire and delete for one vehicle: one menu, with room to say what retiring does. */
export function VehicleActions({ vehicle, onEdit, onRetire, onDelete }: { vehicle: Vehicle } & RowHandlers) {
  const name = `${vehicle.make} ${vehicle.model} ${vehicle.licensePlate}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuItem onSelect={() => onEdit(vehicle)}>
          <PencilIcon aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        {vehicle.status !== 'retired' ? (
          <DropdownMenuItem onSelect={() => onRetire(vehicle)}>
            <ArchiveIcon aria-hidden="true" />
            <span className="grid">
              Retire
              <span className="text-xs text-muted-foreground">Stops counting against your plan</span>
            </span>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => onDelete(vehicle)}
          className="text-destructive focus:text-destructive"
        >
          <Trash2Icon aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function LastUpdate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className="whitespace-nowrap text-muted-foreground">
      {relativeTime(iso)}
    </time>
  );
}

/** The mileage as the list shows it, in the account's distance unit. */
function Mileage({ miles }: { miles: number }) {
  const { format } = useDistance();
  return <>{format(miles)}</>;
}

/**
 * The vehicle list's columns at every width: priority columns (components/list/columns). The vehicle,
 * its status and its actions always show; the other columns give way as the list narrows, and their
 * values move under the vehicle's name. `suffix` is the distance unit's (mi, km).
 */
export function vehicleColumns(suffix: string): Column<Vehicle>[] {
  return [
    {
      key: 'vehicle',
      label: 'Vehicle',
      sort: 'make',
      cell: (v) => (
        <>
          <div className="font-medium">
            {v.make} {v.model}
          </div>
          {v.driver ? <div className="text-xs text-muted-foreground">{v.driver.name}</div> : null}
        </>
      ),
    },
    {
      key: 'year',
      label: 'Year',
      sort: 'year',
      from: '3xl',
      cellClassName: 'tabular-nums',
      cell: (v) => v.year,
      narrowClassName: 'tabular-nums',
    },
    {
      key: 'plate',
      label: 'Plate',
      sort: 'licensePlate',
      from: 'md',
      cellClassName: 'whitespace-nowrap font-medium',
      cell: (v) => v.licensePlate,
      narrowClassName: 'font-medium text-foreground',
    },
    {
      key: 'vin',
      label: 'VIN',
      from: '5xl',
      cellClassName: 'font-mono text-xs text-muted-foreground',
      cell: (v) => v.vin,
      narrow: false,
    },
    {
      key: 'mileage',
      label: `Mileage (${suffix})`,
      sort: 'mileage',
      from: 'xl',
      numeric: true,
      cellClassName: 'whitespace-nowrap',
      cellProps: () => ({ 'data-testid': 'vehicle-mileage' }),
      cell: (v) => <Mileage miles={v.mileage} />,
      narrowClassName: 'tabular-nums',
    },
    { key: 'fuel', label: 'Fuel', from: '4xl', cell: (v) => <FuelBar level={v.fuelLevel} /> },
    { key: 'status', label: 'Status', sort: 'status', cell: (v) => <VehicleStatusBadge status={v.status} /> },
    {
      key: 'location',
      label: 'Location',
      from: '6xl',
      cellClassName: 'max-w-40 truncate text-muted-foreground',
      cellProps: (v) => ({ title: v.location ?? undefined }),
      cell: (v) => v.location || '—',
      narrow: (v) =>
        v.location ? (
          <>
            <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{v.location}</span>
          </>
        ) : null,
      narrowClassName: 'max-w-full',
    },
    {
      key: 'lastUpdate',
      label: 'Last update',
      sort: 'lastUpdate',
      newestFirst: true,
      from: '2xl',
      cell: (v) => <LastUpdate iso={v.lastUpdate} />,
    },
  ];
}

/** The order of the hidden columns' values under the vehicle's name. */
export const VEHICLE_NARROW_ORDER = ['plate', 'year', 'mileage', 'lastUpdate', 'fuel', 'location'];
