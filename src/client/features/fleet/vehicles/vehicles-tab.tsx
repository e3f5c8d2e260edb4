import { useEffect, useRef, useState } from 'react';
import {
  ArchiveIcon,
  ArrowDownIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  CarIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CircleAlertIcon,
  MapPinIcon,
  MoreHorizontalIcon,
  PencilIcon,
  PlusIcon,
  RotateCwIcon,
  SearchIcon,
  Trash2Icon,
  XIcon,
} from 'lucide-react';
import { VEHICLE_STATUSES, type Vehicle, type VehicleStatus } from '@shared/contracts/fleet';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { EmptyState } from '@client/components/ui/empty-state';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { errorMessageOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import {
  limitRefusalOf,
  useDeleteVehicle,
  useUpdateVehicle,
  useVehicles,
  VEHICLE_PAGE_SIZE,
  vehicleToInput,
  type VehicleSort,
} from '../fleet-api';
import { formatDateTime, formatNumber, relativeTime } from '../shell/format';
import { useMediaQuery } from '../shell/use-media-query';
import { useFleetParams, type VehicleFilter } from '../shell/use-fleet-params';
import { VehicleDialog } from './vehicle-dialog';
import { FuelBar, VEHICLE_STATUS_LABELS, VehicleStatusBadge } from './vehicle-status';

/** The search box waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

type SortField = 'make' | 'year' | 'licensePlate' | 'mileage' | 'status' | 'lastUpdate';

/** The search box: typed text reaches the address (and the server) once typing pauses. */
function SearchBox({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // The latest callback, so a re-render of the list does not restart the wait.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // The address changed from elsewhere (Clear filters, back button): show what it says.
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChangeRef.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className="relative min-w-0 flex-1 sm:max-w-sm">
      <SearchIcon
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search make, model, VIN, plate, location"
        aria-label="Search vehicles"
        maxLength={100}
        className="pl-8"
      />
    </div>
  );
}

function SortHeader({
  field,
  label,
  sort,
  onSort,
  className,
}: {
  field: SortField;
  label: string;
  sort: VehicleSort;
  onSort: (sort: VehicleSort) => void;
  className?: string;
}) {
  const active = sort === field || sort === `-${field}`;
  const descending = sort === `-${field}`;
  // A new column starts ascending, except time, where the newest first is what people want.
  const next = (
    active ? (descending ? field : `-${field}`) : field === 'lastUpdate' ? '-lastUpdate' : field
  ) as VehicleSort;
  const Icon = !active ? ArrowUpDownIcon : descending ? ArrowDownIcon : ArrowUpIcon;
  return (
    <TableHead aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'} className={className}>
      <button
        type="button"
        onClick={() => onSort(next)}
        className="-mx-2 inline-flex items-center gap-1 rounded px-2 py-1 hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
      </button>
    </TableHead>
  );
}

function VehicleActions({
  vehicle,
  onEdit,
  onRetire,
  onDelete,
}: {
  vehicle: Vehicle;
  onEdit: () => void;
  onRetire: () => void;
  onDelete: () => void;
}) {
  const name = `${vehicle.make} ${vehicle.model} ${vehicle.licensePlate}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuItem onSelect={onEdit}>
          <PencilIcon aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        {vehicle.status !== 'retired' ? (
          <DropdownMenuItem onSelect={onRetire}>
            <ArchiveIcon aria-hidden="true" />
            <span className="grid">
              Retire
              <span className="text-xs text-muted-foreground">Stops counting against your plan</span>
            </span>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onDelete} className="text-destructive focus:text-destructive">
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

type RowHandlers = {
  onEdit: (v: Vehicle) => void;
  onRetire: (v: Vehicle) => void;
  onDelete: (v: Vehicle) => void;
};

function VehicleTable({
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
          <SortHeader field="lastUpdate" label="Last update" sort={sort} onSort={onSort} />
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
              <VehicleActions
                vehicle={v}
                onEdit={() => handlers.onEdit(v)}
                onRetire={() => handlers.onRetire(v)}
                onDelete={() => handlers.onDelete(v)}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function VehicleCards({ items, ...handlers }: { items: Vehicle[] } & RowHandlers) {
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
                <VehicleActions
                  vehicle={v}
                  onEdit={() => handlers.onEdit(v)}
                  onRetire={() => handlers.onRetire(v)}
                  onDelete={() => handlers.onDelete(v)}
                />
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

function ListSkeleton() {
  return (
    <div className="grid gap-2 p-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading vehicles
      </span>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-10" />
      ))}
    </div>
  );
}

function Paging({
  page,
  total,
  shown,
  busy,
  onPage,
}: {
  page: number;
  total: number;
  shown: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const first = total === 0 ? 0 : (page - 1) * VEHICLE_PAGE_SIZE + 1;
  const last = (page - 1) * VEHICLE_PAGE_SIZE + shown;
  const pages = Math.max(1, Math.ceil(total / VEHICLE_PAGE_SIZE));
  return (
    <nav aria-label="Vehicle pages" className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={busy || page <= 1}>
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      <p
        className="text-sm tabular-nums text-muted-foreground"
        aria-live="polite"
        data-testid="vehicle-range"
      >
        {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
      </p>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={busy || page >= pages}>
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}

function hasFilter(filter: VehicleFilter): boolean {
  return filter.search !== '' || filter.status !== '';
}

/** The vehicle list: searched, filtered, sorted and paged on the server; add, edit, retire and delete. */
export default function VehiclesTab() {
  const { filter, setFilter, params, update } = useFleetParams();
  const isDesktop = useMediaQuery('(min-width: 768px)');
  const list = useVehicles({
    page: filter.page,
    pageSize: VEHICLE_PAGE_SIZE,
    search: filter.search,
    status: filter.status,
    sort: filter.sort,
  });
  const updateVehicle = useUpdateVehicle();
  const deleteVehicle = useDeleteVehicle();
  const [dialog, setDialog] = useState<{ vehicle: Vehicle | null } | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);

  // `?new=1` (the overview's "Add vehicle") opens the add dialog once, then leaves the address clean.
  const wantsNew = params.get('new') === '1';
  if (wantsNew && !dialog) setDialog({ vehicle: null });
  useEffect(() => {
    if (wantsNew) update({ new: null }, { replace: true });
  }, [wantsNew, update]);

  // Paging past the end (after deletes or a narrower filter elsewhere) goes back to the last page.
  const total = list.data?.total;
  useEffect(() => {
    if (total === undefined || list.isPlaceholderData) return;
    const pages = Math.max(1, Math.ceil(total / VEHICLE_PAGE_SIZE));
    if (filter.page > pages) setFilter({ page: pages }, { replace: true });
  }, [total, filter.page, list.isPlaceholderData, setFilter]);

  const onRetire = async (v: Vehicle) => {
    try {
      await updateVehicle.mutateAsync({ id: v.id, input: vehicleToInput(v, { status: 'retired' }) });
      toast({
        title: 'Vehicle retired',
        description: `${v.make} ${v.model} (${v.licensePlate}) no longer counts against your plan.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Could not retire the vehicle',
        description: limitRefusalOf(error)?.message ?? errorMessageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const onConfirmDelete = async () => {
    const v = deleting;
    if (!v) return;
    try {
      await deleteVehicle.mutateAsync(v.id);
      toast({
        title: 'Vehicle deleted',
        description: `${v.make} ${v.model} (${v.licensePlate}) was removed.`,
      });
      setDeleting(null);
    } catch (error) {
      toast({
        title: 'Could not delete the vehicle',
        description: errorMessageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const handlers: RowHandlers = {
    onEdit: (v) => setDialog({ vehicle: v }),
    onRetire: (v) => void onRetire(v),
    onDelete: (v) => setDeleting(v),
  };

  let body;
  if (list.isPending) {
    body = <ListSkeleton />;
  } else if (list.isError) {
    body = (
      <EmptyState
        className="m-4"
        icon={CircleAlertIcon}
        title="Vehicles could not be loaded"
        text={errorMessageOf(list.error, 'Please try again.')}
        action={
          <Button variant="outline" onClick={() => void list.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        }
      />
    );
  } else if (list.data.total === 0) {
    body = hasFilter(filter) ? (
      <EmptyState
        className="m-4"
        icon={SearchIcon}
        title="No vehicles match"
        text="Try another search or status."
        action={
          <Button variant="outline" onClick={() => setFilter({ search: '', status: '' })}>
            <XIcon aria-hidden="true" />
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        className="m-4"
        icon={CarIcon}
        title="Add your first vehicle"
        text="Your fleet is empty. Add a vehicle, or import a CSV file from the Import/Export tab."
        action={
          <Button onClick={() => setDialog({ vehicle: null })}>
            <PlusIcon aria-hidden="true" />
            Add vehicle
          </Button>
        }
      />
    );
  } else {
    body = (
      <div
        className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}
        aria-busy={list.isFetching}
      >
        {isDesktop ? (
          <VehicleTable
            items={list.data.items}
            sort={filter.sort}
            onSort={(sort) => setFilter({ sort })}
            {...handlers}
          />
        ) : (
          <div className="p-3">
            <VehicleCards items={list.data.items} {...handlers} />
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchBox value={filter.search} onChange={(search) => setFilter({ search }, { replace: true })} />
        <div className="flex gap-2">
          <Select
            value={filter.status || 'all'}
            onValueChange={(value) => setFilter({ status: value === 'all' ? '' : (value as VehicleStatus) })}
          >
            <SelectTrigger className="w-full sm:w-44" aria-label="Filter by status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All statuses</SelectItem>
              {VEHICLE_STATUSES.map((status) => (
                <SelectItem key={status} value={status}>
                  {VEHICLE_STATUS_LABELS[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {!isDesktop ? (
            <Select value={filter.sort} onValueChange={(value) => setFilter({ sort: value as VehicleSort })}>
              <SelectTrigger className="w-full" aria-label="Sort by">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="-lastUpdate">Recently updated</SelectItem>
                <SelectItem value="make">Make A–Z</SelectItem>
                <SelectItem value="-year">Newest model year</SelectItem>
                <SelectItem value="licensePlate">Plate A–Z</SelectItem>
                <SelectItem value="-mileage">Highest mileage</SelectItem>
                <SelectItem value="mileage">Lowest mileage</SelectItem>
                <SelectItem value="status">Status</SelectItem>
              </SelectContent>
            </Select>
          ) : null}
        </div>
        <Button className="sm:ml-auto" onClick={() => setDialog({ vehicle: null })}>
          <PlusIcon aria-hidden="true" />
          Add vehicle
        </Button>
      </div>

      <Card className="overflow-hidden">{body}</Card>

      {list.data && list.data.total > 0 ? (
        <Paging
          page={filter.page}
          total={list.data.total}
          shown={list.data.items.length}
          busy={list.isFetching}
          onPage={(page) => setFilter({ page })}
        />
      ) : null}

      {dialog ? (
        <VehicleDialog
          key={dialog.vehicle?.id ?? 'new'}
          vehicle={dialog.vehicle}
          open
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              Delete {deleting?.make} {deleting?.model} ({deleting?.licensePlate})?
            </AlertDialogTitle>
            <AlertDialogDescription>
              The vehicle and its maintenance records are deleted for good, and its driver is unassigned. To
              keep its history, retire it instead: retired vehicles do not count against your plan.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteVehicle.isPending}>Keep vehicle</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={deleteVehicle.isPending}
              onClick={(event) => {
                // Stay open until the server answers, so a failure is seen where it happened.
                event.preventDefault();
                void onConfirmDelete();
              }}
            >
              Delete vehicle
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
