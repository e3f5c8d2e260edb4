import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UserRoundIcon } from 'lucide-react';
import { driverListQuery, type Driver } from '@shared/contracts/fleet';
import { DRIVER_STATUSES } from '@shared/statuses';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { AddButton } from '@client/components/list/add-button';
import { ListFilter } from '@client/components/list/filter-select';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListBody } from '@client/components/list/list-body';
import { ListStatePager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { ListToolbar } from '@client/components/list/list-toolbar';
import { RowActions, type RowActionHandlers } from '@client/components/list/row-actions';
import { changeRow } from '@client/components/list/row-change';
import { SortHeader } from '@client/components/list/sort-header';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { Badge } from '@client/components/ui/badge';
import { TableRow } from '@client/components/ui/table';
import { driversQuery, FLEET_PAGE_SIZE, useDeleteDriver } from '../api';
import { TabCard } from '../shell/tab-card';
import { DriverDialog } from './driver-dialog';
import { DRIVER_STATUS_BADGE, DRIVER_STATUS_LABELS, DRIVER_STATUS_OPTIONS } from './driver-status';
import { vehicleLabel } from './vehicle-picker';

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
    const deleted = await changeRow(() => remove.mutateAsync(deleting.id), {
      done: { title: 'Driver deleted', description: `${deleting.name} was removed.`, variant: 'success' },
      failed: { title: 'Driver not deleted', fallback: 'The driver could not be deleted. Please try again.' },
    });
    if (deleted) setDeleting(null);
  };

  return (
    <>
      <TabCard
        title="Drivers"
        description="Who drives your vehicles, and which vehicle each one has."
        action={
          <AddButton onClick={openNew} className="w-full sm:w-auto">
            Add driver
          </AddButton>
        }
      >
        <ListToolbar
          search={{ state, label: 'Search drivers', placeholder: 'Search name, email or license' }}
        >
          <ListFilter
            state={state}
            name="status"
            label="Filter by status"
            allLabel="All statuses"
            options={DRIVER_STATUS_OPTIONS}
            className="sm:w-40"
          />
        </ListToolbar>

        <ListBody
          query={drivers}
          noun="drivers"
          isFiltered={state.isFiltered}
          onClearFilters={state.clearFilters}
          empty={{
            icon: UserRoundIcon,
            title: 'No drivers yet',
            text: 'Add the people who drive your vehicles and assign each one a vehicle.',
            action: <AddButton onClick={openNew}>Add driver</AddButton>,
          }}
        >
          {(page) => (
            <ListTable
              label="Drivers"
              actions
              head={
                <>
                  <SortHeader field="name" label="Name" sort={state.sort} onSort={state.setSort} />
                  <ListHead from="2xl">Phone</ListHead>
                  <ListHead from="3xl">License</ListHead>
                  <ListHead from="md">Status</ListHead>
                  <ListHead from="lg">Vehicle</ListHead>
                </>
              }
            >
              {page.items.map((d) => (
                <DriverRow
                  key={d.id}
                  driver={d}
                  onEdit={() => setEditing({ driver: d, key: Date.now() })}
                  onDelete={() => setDeleting(d)}
                />
              ))}
            </ListTable>
          )}
        </ListBody>
        <ListStatePager state={state} query={drivers} label="Driver pages" noun={['driver', 'drivers']} />
      </TabCard>

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
    </>
  );
}

function DriverRow({ driver: d, onEdit, onDelete }: { driver: Driver } & RowActionHandlers) {
  const status = <Badge variant={DRIVER_STATUS_BADGE[d.status]}>{DRIVER_STATUS_LABELS[d.status]}</Badge>;
  const vehicle = d.assignedVehicle ? vehicleLabel(d.assignedVehicle) : null;
  const phone = d.phone ?? <span className="text-muted-foreground">—</span>;
  return (
    <TableRow data-testid="driver-row">
      <ListCell>
        <div className="max-w-48 truncate font-medium sm:max-w-56">{d.name}</div>
        <div className="max-w-48 truncate text-xs text-muted-foreground sm:max-w-56">{d.email}</div>
        <NarrowDetails until="3xl">
          <NarrowItem until="md">{status}</NarrowItem>
          <NarrowItem until="lg" className="max-w-48">
            <span className="truncate">{vehicle ?? 'No vehicle'}</span>
          </NarrowItem>
          {d.phone ? <NarrowItem until="2xl">{d.phone}</NarrowItem> : null}
          <NarrowItem until="3xl" className="font-mono">
            {d.licenseNumber}
          </NarrowItem>
        </NarrowDetails>
      </ListCell>
      <ListCell from="2xl" className="whitespace-nowrap">
        {phone}
      </ListCell>
      <ListCell from="3xl" className="whitespace-nowrap font-mono text-xs">
        {d.licenseNumber}
      </ListCell>
      <ListCell from="md">{status}</ListCell>
      <ListCell from="lg" className="max-w-64">
        {vehicle ? (
          <span className="block truncate">{vehicle}</span>
        ) : (
          <span className="text-muted-foreground">No vehicle</span>
        )}
      </ListCell>
      <ListCell className="whitespace-nowrap text-right">
        <RowActions name={d.name} onEdit={onEdit} onDelete={onDelete} />
      </ListCell>
    </TableRow>
  );
}
