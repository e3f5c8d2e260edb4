import { ArchiveIcon, MapPinIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { Vehicle, VEHICLE_SORTS } from '@shared/contracts/fleet';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListTable } from '@client/components/list/list-table';
import { SortHeader } from '@client/components/list/sort-header';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { TableRow } from '@client/components/ui/table';
import { useDistance } from '../shell/distance-unit';
import { formatDateTime, relativeTime } from '../shell/format';
import { FuelBar, VehicleStatusBadge } from './vehicle-status';

type VehicleSort = (typeof VEHICLE_SORTS)[number];

/* The vehicle list's rows: one sortable table at every width, its columns by priority. */

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

/** The mileage as the list shows it, in the account's distance unit. */
function Mileage({ miles }: { miles: number }) {
  const { format } = useDistance();
  return <>{format(miles)}</>;
}

/**
 * The vehicle list at every width: priority columns (components/list/columns). The vehicle, its status
 * and its actions always show; the other columns give way as the list narrows, and their values move
 * under the vehicle's name.
 */
export function VehicleTable({
  items,
  sort,
  onSort,
  ...handlers
}: { items: Vehicle[]; sort: VehicleSort; onSort: (sort: VehicleSort) => void } & RowHandlers) {
  const sorting = { sort, onSort };
  const { suffix } = useDistance();
  return (
    <ListTable
      label="Vehicles"
      framed={false}
      actions
      head={
        <>
          <SortHeader field="make" label="Vehicle" {...sorting} />
          <SortHeader field="year" label="Year" from="3xl" {...sorting} />
          <SortHeader field="licensePlate" label="Plate" from="md" {...sorting} />
          <ListHead from="5xl">VIN</ListHead>
          <SortHeader
            field="mileage"
            label={`Mileage (${suffix})`}
            from="xl"
            className="text-right"
            {...sorting}
          />
          <ListHead from="4xl">Fuel</ListHead>
          <SortHeader field="status" label="Status" {...sorting} />
          <ListHead from="6xl">Location</ListHead>
          <SortHeader field="lastUpdate" label="Last update" from="2xl" newestFirst {...sorting} />
        </>
      }
    >
      {items.map((v) => (
        <TableRow key={v.id} data-testid="vehicle-row">
          <ListCell>
            <div className="font-medium">
              {v.make} {v.model}
            </div>
            {v.driver ? <div className="text-xs text-muted-foreground">{v.driver.name}</div> : null}
            <NarrowDetails until="6xl">
              <NarrowItem until="md" className="font-medium text-foreground">
                {v.licensePlate}
              </NarrowItem>
              <NarrowItem until="3xl" className="tabular-nums">
                {v.year}
              </NarrowItem>
              <NarrowItem until="xl" className="tabular-nums">
                <Mileage miles={v.mileage} />
              </NarrowItem>
              <NarrowItem until="2xl">
                <LastUpdate iso={v.lastUpdate} />
              </NarrowItem>
              <NarrowItem until="4xl">
                <FuelBar level={v.fuelLevel} />
              </NarrowItem>
              {v.location ? (
                <NarrowItem until="6xl" className="max-w-full">
                  <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">{v.location}</span>
                </NarrowItem>
              ) : null}
            </NarrowDetails>
          </ListCell>
          <ListCell from="3xl" className="tabular-nums">
            {v.year}
          </ListCell>
          <ListCell from="md" className="whitespace-nowrap font-medium">
            {v.licensePlate}
          </ListCell>
          <ListCell from="5xl" className="font-mono text-xs text-muted-foreground">
            {v.vin}
          </ListCell>
          <ListCell
            from="xl"
            className="whitespace-nowrap text-right tabular-nums"
            data-testid="vehicle-mileage"
          >
            <Mileage miles={v.mileage} />
          </ListCell>
          <ListCell from="4xl">
            <FuelBar level={v.fuelLevel} />
          </ListCell>
          <ListCell>
            <VehicleStatusBadge status={v.status} />
          </ListCell>
          <ListCell
            from="6xl"
            className="max-w-40 truncate text-muted-foreground"
            title={v.location ?? undefined}
          >
            {v.location || '—'}
          </ListCell>
          <ListCell from="2xl">
            <LastUpdate iso={v.lastUpdate} />
          </ListCell>
          <ListCell className="w-10 text-right">
            <VehicleActions vehicle={v} {...handlers} />
          </ListCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
