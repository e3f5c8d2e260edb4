import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon, UserRoundIcon } from 'lucide-react';
import { DRIVER_STATUSES, driverListQuery, type Driver } from '@shared/contracts/fleet';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { FilterSelect } from '@client/components/list/filter-select';
import { ListBody } from '@client/components/list/list-body';
import { ListPager } from '@client/components/list/list-pager';
import { RowActions } from '@client/components/list/row-actions';
import { SearchBox } from '@client/components/list/search-box';
import { SortHeader } from '@client/components/list/sort-header';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { driversQuery, FLEET_PAGE_SIZE, useDeleteDriver } from '../api';
import { DriverDialog } from './driver-dialog';
import { DRIVER_STATUS_BADGE, DRIVER_STATUS_LABELS } from './driver-status';
import { vehicleLabel } from './vehicle-picker';

const STATUS_OPTIONS = DRIVER_STATUSES.map((s) => ({ value: s, label: DRIVER_STATUS_LABELS[s] }));

/** The Drivers tab: a server-paged, searchable list with add, edit and delete. */
export default function DriversTab() {
  const state = useListState({
    sorts: ['name', '-name'],
    defaultSort: 'name',
    filters: { status: DRIVER_STATUSES },
    pageSize: FLEET_PAGE_SIZE,
    scope: 'drivers',
  });
  const drivers = useQuery(driversQuery(driverListQuery.parse(state.query)));
  useKeepPageInRange(state, drivers.data, drivers.isPlaceholderData);

  const [editing, setEditing] = useState<{ driver: Driver | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<Driver | null>(null);
  const remove = useDeleteDriver();
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
          <SearchBox
            value={state.search}
            onChange={state.setSearch}
            label="Search drivers"
            placeholder="Search name, email or license"
          />
          <FilterSelect
            value={state.filters.status}
            onChange={(status) => state.setFilter('status', status)}
            label="Filter by status"
            allLabel="All statuses"
            options={STATUS_OPTIONS}
            className="sm:w-40"
          />
        </div>

        <ListBody
          query={drivers}
          noun="drivers"
          isFiltered={state.isFiltered}
          onClearFilters={state.clearFilters}
          empty={{
            icon: UserRoundIcon,
            title: 'No drivers yet',
            text: 'Add the people who drive your vehicles and assign each one a vehicle.',
            action: (
              <Button onClick={openNew}>
                <PlusIcon aria-hidden="true" />
                Add driver
              </Button>
            ),
          }}
        >
          {(page) => (
            <div className="overflow-x-auto rounded-md border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <SortHeader field="name" label="Name" sort={state.sort} onSort={state.setSort} />
                    <TableHead className="hidden md:table-cell">Phone</TableHead>
                    <TableHead className="hidden lg:table-cell">License</TableHead>
                    <TableHead className="hidden sm:table-cell">Status</TableHead>
                    <TableHead className="hidden sm:table-cell">Vehicle</TableHead>
                    <TableHead className="w-px text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {page.items.map((d) => (
                    <DriverRow
                      key={d.id}
                      driver={d}
                      onEdit={() => setEditing({ driver: d, key: Date.now() })}
                      onDelete={() => setDeleting(d)}
                    />
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </ListBody>
        {drivers.data && drivers.data.total > 0 ? (
          <ListPager
            page={state.page}
            pageSize={state.pageSize}
            total={drivers.data.total}
            onPage={state.setPage}
            busy={drivers.isFetching}
            label="Driver pages"
            noun={drivers.data.total === 1 ? 'driver' : 'drivers'}
          />
        ) : null}
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
        onConfirm={onDelete}
      />
    </Card>
  );
}

function DriverRow({
  driver: d,
  onEdit,
  onDelete,
}: {
  driver: Driver;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const status = <Badge variant={DRIVER_STATUS_BADGE[d.status]}>{DRIVER_STATUS_LABELS[d.status]}</Badge>;
  const vehicle = d.assignedVehicle ? vehicleLabel(d.assignedVehicle) : null;
  return (
    <TableRow data-testid="driver-row">
      <TableCell>
        <div className="max-w-48 truncate font-medium sm:max-w-56">{d.name}</div>
        <div className="max-w-48 truncate text-xs text-muted-foreground sm:max-w-56">{d.email}</div>
        {/* Phones have no room for the status and vehicle columns: they sit under the name. */}
        <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground sm:hidden">
          {status}
          <span className="truncate">{vehicle ?? 'No vehicle'}</span>
        </div>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">
        {d.phone ?? <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap font-mono text-xs lg:table-cell">
        {d.licenseNumber}
      </TableCell>
      <TableCell className="hidden sm:table-cell">{status}</TableCell>
      <TableCell className="hidden max-w-64 sm:table-cell">
        {vehicle ? (
          <span className="block truncate">{vehicle}</span>
        ) : (
          <span className="text-muted-foreground">No vehicle</span>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap text-right">
        <RowActions name={d.name} onEdit={onEdit} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}
