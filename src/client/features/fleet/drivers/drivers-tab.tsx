import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UserRoundIcon } from 'lucide-react';
import { driverListQuery, type Driver } from '@shared/contracts/fleet';
import { DRIVER_STATUSES } from '@shared/statuses';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { AddButton } from '@client/components/list/add-button';
import type { Column } from '@client/components/list/columns';
import { ListSection, statusFilter } from '@client/components/list/list-section';
import { RowActions } from '@client/components/list/row-actions';
import { changeRow } from '@client/components/list/row-change';
import { useListState } from '@client/components/list/use-list-state';
import { Badge } from '@client/components/ui/badge';
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
        <ListSection
          state={state}
          query={drivers}
          noun="drivers"
          toolbar={{
            search: { label: 'Search drivers', placeholder: 'Search name, email or license' },
            filters: [statusFilter(DRIVER_STATUS_OPTIONS, 'sm:w-40')],
          }}
          empty={{
            icon: UserRoundIcon,
            title: 'No drivers yet',
            text: 'Add the people who drive your vehicles and assign each one a vehicle.',
            action: <AddButton onClick={openNew}>Add driver</AddButton>,
          }}
          label="Drivers"
          columns={DRIVER_COLUMNS}
          narrowOrder={['status', 'vehicle', 'phone', 'license']}
          rowKey={(d) => d.id}
          rowProps={{ 'data-testid': 'driver-row' }}
          actions={(d) => (
            <RowActions
              name={d.name}
              onEdit={() => setEditing({ driver: d, key: Date.now() })}
              onDelete={() => setDeleting(d)}
            />
          )}
          pager={{ label: 'Driver pages', noun: ['driver', 'drivers'] }}
        />
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

const DRIVER_COLUMNS: readonly Column<Driver>[] = [
  {
    key: 'name',
    label: 'Name',
    sort: 'name',
    cell: (d) => (
      <>
        <div className="max-w-48 truncate font-medium sm:max-w-56">{d.name}</div>
        <div className="max-w-48 truncate text-xs text-muted-foreground sm:max-w-56">{d.email}</div>
      </>
    ),
  },
  {
    key: 'phone',
    label: 'Phone',
    from: '2xl',
    cellClassName: 'whitespace-nowrap',
    cell: (d) => d.phone ?? <span className="text-muted-foreground">—</span>,
    narrow: (d) => d.phone,
  },
  {
    key: 'license',
    label: 'License',
    from: '3xl',
    cellClassName: 'whitespace-nowrap font-mono text-xs',
    cell: (d) => d.licenseNumber,
    narrowClassName: 'font-mono',
  },
  {
    key: 'status',
    label: 'Status',
    from: 'md',
    cell: (d) => <Badge variant={DRIVER_STATUS_BADGE[d.status]}>{DRIVER_STATUS_LABELS[d.status]}</Badge>,
  },
  {
    key: 'vehicle',
    label: 'Vehicle',
    from: 'lg',
    cellClassName: 'max-w-64',
    cell: (d) =>
      d.assignedVehicle ? (
        <span className="block truncate">{vehicleLabel(d.assignedVehicle)}</span>
      ) : (
        <span className="text-muted-foreground">No vehicle</span>
      ),
    narrow: (d) => (
      <span className="truncate">{d.assignedVehicle ? vehicleLabel(d.assignedVehicle) : 'No vehicle'}</span>
    ),
    narrowClassName: 'max-w-48',
  },
];
