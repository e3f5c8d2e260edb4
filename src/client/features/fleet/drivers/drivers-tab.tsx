import { useState } from 'react';
import {
  ArrowDownAZIcon,
  ArrowUpZAIcon,
  PlusIcon,
  RotateCwIcon,
  SearchIcon,
  UserRoundIcon,
} from 'lucide-react';
import { DRIVER_STATUSES, type Driver, type DriverStatus } from '@shared/contracts/fleet';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { PEOPLE_PAGE_SIZE, useDeleteDriver, useDrivers, type DriverSort } from '../people-api';
import { ConfirmDialog } from './confirm-dialog';
import { DriverDialog } from './driver-dialog';
import { DRIVER_STATUS_BADGE, DRIVER_STATUS_LABELS } from './driver-status';
import { ListPager } from './list-pager';
import { RowActions } from './row-actions';
import { useDebouncedValue } from '@client/components/list/use-debounced-value';
import { vehicleLabel } from './vehicle-picker';

const ALL = 'all';

/** The Drivers tab: a server-paged, searchable list with add, edit and delete. */
export default function DriversTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<DriverStatus | undefined>(undefined);
  const [sort, setSort] = useState<DriverSort>('name');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim());
  const [lastSearch, setLastSearch] = useState(debounced);
  // A new search starts again from the first page.
  if (debounced !== lastSearch) {
    setLastSearch(debounced);
    setPage(1);
  }
  const drivers = useDrivers({ page, search: debounced, status, sort });

  const [editing, setEditing] = useState<{ driver: Driver | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<Driver | null>(null);
  const remove = useDeleteDriver();

  const filtered = debounced !== '' || status !== undefined;
  const openNew = () => setEditing({ driver: null, key: Date.now() });

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'Driver deleted', description: `${deleting.name} was removed.`, variant: 'success' });
      setDeleting(null);
    } catch (error) {
      toast({
        title: 'Driver not deleted',
        description: errorMessageOf(error, 'The driver could not be deleted. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="grid gap-1.5">
          <CardTitle asHeading="h3">Drivers</CardTitle>
          <CardDescription>Who drives your vehicles, and which vehicle each one has.</CardDescription>
        </div>
        <Button onClick={openNew} className="w-full sm:w-auto">
          <PlusIcon aria-hidden="true" />
          Add driver
        </Button>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 px-4 sm:px-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative sm:max-w-xs sm:flex-1">
            <SearchIcon
              className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search name, email or license"
              aria-label="Search drivers"
              className="pl-8"
            />
          </div>
          <div className="flex gap-2">
            <Select
              value={status ?? ALL}
              onValueChange={(v) => {
                setStatus(v === ALL ? undefined : (v as DriverStatus));
                setPage(1);
              }}
            >
              <SelectTrigger aria-label="Filter by status" className="sm:w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All statuses</SelectItem>
                {DRIVER_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {DRIVER_STATUS_LABELS[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button
              variant="outline"
              onClick={() => {
                setSort(sort === 'name' ? '-name' : 'name');
                setPage(1);
              }}
              aria-label={sort === 'name' ? 'Sorted by name A to Z' : 'Sorted by name Z to A'}
              className="shrink-0"
            >
              {sort === 'name' ? (
                <ArrowDownAZIcon aria-hidden="true" />
              ) : (
                <ArrowUpZAIcon aria-hidden="true" />
              )}
              Name
            </Button>
          </div>
        </div>

        {drivers.isPending ? (
          <ListSkeleton />
        ) : drivers.isError ? (
          <EmptyState
            icon={UserRoundIcon}
            title="The drivers could not be loaded"
            text={errorMessageOf(drivers.error, 'Please try again.')}
            action={
              <Button variant="outline" onClick={() => void drivers.refetch()} disabled={drivers.isFetching}>
                <RotateCwIcon aria-hidden="true" />
                Try again
              </Button>
            }
          />
        ) : drivers.data.total === 0 ? (
          filtered ? (
            <EmptyState
              icon={SearchIcon}
              title="No driver matches"
              text="Try another search or status."
              action={
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearch('');
                    setStatus(undefined);
                  }}
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={UserRoundIcon}
              title="No drivers yet"
              text="Add the people who drive your vehicles and assign each one a vehicle."
              action={
                <Button onClick={openNew}>
                  <PlusIcon aria-hidden="true" />
                  Add driver
                </Button>
              }
            />
          )
        ) : (
          <>
            <div className="overflow-x-auto rounded-md border" aria-busy={drivers.isPlaceholderData}>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Name</TableHead>
                    <TableHead className="hidden md:table-cell">Phone</TableHead>
                    <TableHead className="hidden lg:table-cell">License</TableHead>
                    <TableHead className="hidden sm:table-cell">Status</TableHead>
                    <TableHead className="hidden sm:table-cell">Vehicle</TableHead>
                    <TableHead className="w-px text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody className={drivers.isPlaceholderData ? 'opacity-60' : undefined}>
                  {drivers.data.items.map((d) => (
                    <TableRow key={d.id} data-testid="driver-row">
                      <TableCell>
                        <div className="max-w-48 truncate font-medium sm:max-w-56">{d.name}</div>
                        <div className="max-w-48 truncate text-xs text-muted-foreground sm:max-w-56">
                          {d.email}
                        </div>
                        <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground sm:hidden">
                          <Badge variant={DRIVER_STATUS_BADGE[d.status]}>
                            {DRIVER_STATUS_LABELS[d.status]}
                          </Badge>
                          <span className="truncate">
                            {d.assignedVehicle ? vehicleLabel(d.assignedVehicle) : 'No vehicle'}
                          </span>
                        </div>
                      </TableCell>
                      <TableCell className="hidden whitespace-nowrap md:table-cell">
                        {d.phone ?? <span className="text-muted-foreground">—</span>}
                      </TableCell>
                      <TableCell className="hidden whitespace-nowrap font-mono text-xs lg:table-cell">
                        {d.licenseNumber}
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">
                        <Badge variant={DRIVER_STATUS_BADGE[d.status]}>
                          {DRIVER_STATUS_LABELS[d.status]}
                        </Badge>
                      </TableCell>
                      <TableCell className="hidden max-w-64 sm:table-cell">
                        {d.assignedVehicle ? (
                          <span className="block truncate">{vehicleLabel(d.assignedVehicle)}</span>
                        ) : (
                          <span className="text-muted-foreground">No vehicle</span>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-right">
                        <RowActions
                          name={d.name}
                          onEdit={() => setEditing({ driver: d, key: Date.now() })}
                          onDelete={() => setDeleting(d)}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ListPager
              page={page}
              pageSize={PEOPLE_PAGE_SIZE}
              total={drivers.data.total}
              onPage={setPage}
              busy={drivers.isFetching}
              label="Driver pages"
              noun={drivers.data.total === 1 ? 'driver' : 'drivers'}
            />
          </>
        )}
      </CardContent>

      {editing ? (
        <DriverDialog
          key={editing.key}
          driver={editing.driver}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'driver'}?`}
        description="The driver is removed and their vehicle is left without a driver. This cannot be undone."
        confirmLabel="Delete driver"
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </Card>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <span className="sr-only" role="status">
        Loading
      </span>
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-12 rounded-md" />
      ))}
    </div>
  );
}
