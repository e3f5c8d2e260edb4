import { ArchiveIcon, MapPinIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { Vehicle, VEHICLE_SORTS } from '@shared/contracts/fleet';
import { SortHeader } from '@client/components/list/sort-header';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatDateTime, formatNumber, relativeTime } from '../shell/format';
import { FuelBar, VehicleStatusBadge } from './vehicle-status';

type VehicleSort = (typeof VEHICLE_SORTS)[number];

/* The vehicle list's rows: a sortable table from `md` up, cards on phones. */

export type RowHandlers = {
  onEdit: (v: Vehicle) => void;
  onRetire: (v: Vehicle) => void;
  onDelete: (v: Vehicle) => void;
};

/** Edit, retire and delete for one vehicle: one menu, with room to say what retiring does. */
function VehicleActions({ vehicle, onEdit, onRetire, onDelete }: { vehicle: Vehicle } & RowHandlers) {
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

export function VehicleTable({
  items,
  sort,
  onSort,
  ...handlers
}: { items: Vehicle[]; sort: VehicleSort; onSort: (sort: VehicleSort) => void } & RowHandlers) {
  return (
    <Table aria-label="Vehicles">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <SortHeader field="make" label="Vehicle" sort={sort} onSort={onSort} />
          <SortHeader field="year" label="Year" sort={sort} onSort={onSort} />
          <SortHeader field="licensePlate" label="Plate" sort={sort} onSort={onSort} />
          <TableHead>VIN</TableHead>
          <SortHeader field="mileage" label="Mileage" sort={sort} onSort={onSort} className="text-right" />
          <TableHead>Fuel</TableHead>
          <SortHeader field="status" label="Status" sort={sort} onSort={onSort} />
          <TableHead>Location</TableHead>
          <SortHeader field="lastUpdate" label="Last update" sort={sort} onSort={onSort} newestFirst />
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((v) => (
          <TableRow key={v.id} data-testid="vehicle-row">
            <TableCell>
              <div className="font-medium">
                {v.make} {v.model}
              </div>
              {v.driver ? <div className="text-xs text-muted-foreground">{v.driver.name}</div> : null}
            </TableCell>
            <TableCell className="tabular-nums">{v.year}</TableCell>
            <TableCell className="whitespace-nowrap font-medium">{v.licensePlate}</TableCell>
            <TableCell className="font-mono text-xs text-muted-foreground">{v.vin}</TableCell>
            <TableCell className="whitespace-nowrap text-right tabular-nums" data-testid="vehicle-mileage">
              {formatNumber(v.mileage)} mi
            </TableCell>
            <TableCell>
              <FuelBar level={v.fuelLevel} />
            </TableCell>
            <TableCell>
              <VehicleStatusBadge status={v.status} />
            </TableCell>
            <TableCell className="max-w-48 truncate text-muted-foreground" title={v.location ?? undefined}>
              {v.location || '—'}
            </TableCell>
            <TableCell>
              <LastUpdate iso={v.lastUpdate} />
            </TableCell>
            <TableCell className="w-10 text-right">
              <VehicleActions vehicle={v} {...handlers} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function VehicleCards({ items, ...handlers }: { items: Vehicle[] } & RowHandlers) {
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label="Vehicles">
      {items.map((v) => (
        <li key={v.id} className="min-w-0" data-testid="vehicle-row">
          <Card className="grid grid-cols-1 gap-3 p-4">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="break-words font-medium">
                  {v.make} {v.model} <span className="font-normal text-muted-foreground">{v.year}</span>
                </p>
                <p className="text-sm font-medium">{v.licensePlate}</p>
                <p className="truncate font-mono text-xs text-muted-foreground">{v.vin}</p>
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <VehicleStatusBadge status={v.status} />
                <VehicleActions vehicle={v} {...handlers} />
              </div>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
              <span className="tabular-nums" data-testid="vehicle-mileage">
                {formatNumber(v.mileage)} mi
              </span>
              <FuelBar level={v.fuelLevel} />
              <LastUpdate iso={v.lastUpdate} />
            </div>
            {v.location || v.driver ? (
              <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                {v.location ? (
                  <span className="inline-flex items-center gap-1">
                    <MapPinIcon className="size-3.5" aria-hidden="true" />
                    {v.location}
                  </span>
                ) : null}
                {v.driver ? <span>Driver: {v.driver.name}</span> : null}
              </div>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
