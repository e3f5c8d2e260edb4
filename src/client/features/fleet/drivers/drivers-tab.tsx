import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UserRoundIcon } from 'lucide-react';
import { driverListQuery, type Driver } from '@shared/contracts/fleet';
import { DRIVER_STATUSES } from '@shared/statuses';
import { AddButton } from '@client/components/list/add-button';
import { ListSection, statusFilter } from '@client/components/list/list-section';
import { RowActions } from '@client/components/list/row-actions';
import { useListState } from '@client/components/list/use-list-state';
import { driversQuery, FLEET_PAGE_SIZE } from '../api';
import { TabCard } from '../shell/tab-card';
import { DriverDialog } from './driver-dialog';
import { DeleteDriverDialog } from './delete-driver-dialog';
import { DRIVER_COLUMNS } from './driver-columns';
import { DRIVER_STATUS_OPTIONS } from './driver-status';

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
  const openNew = () => setEditing({ driver: null, key: Date.now() });

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
            text: 'Add the people who drive your vehicles and assign each one a vehicle.',
            action: <AddButton onClick={openNew}>Add driver</AddButton>,
          }}
          label="Drivers"
          columns={DRIVER_COLUMNS}
          narrowOrder={['status', 'vehicle', 'phone', 'license']}
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
      <DeleteDriverDialog driver={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
