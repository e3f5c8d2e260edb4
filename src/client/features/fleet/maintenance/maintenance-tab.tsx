import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { WrenchIcon } from 'lucide-react';
import { z } from 'zod';
import { MAINTENANCE_STATES, maintenanceListQuery, type MaintenanceState } from '@shared/contracts/fleet';
import { AddButton } from '@client/components/list/add-button';
import { ListSection } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { FLEET_PAGE_SIZE, maintenanceQuery } from '../api';
import { TabCard } from '../shell/tab-card';
import { MaintenanceDialogs, type MaintenanceDialogState } from './maintenance-dialogs';
import { MaintenanceFilters } from './maintenance-filters';
import { MAINTENANCE_COLUMNS, MaintenanceActions, maintenanceRowProps } from './maintenance-row';
import { useFilterVehicle } from './use-filter-vehicle';

const EMPTY_TEXT: Record<MaintenanceState | '', string> = {
  overdue: 'Nothing is overdue.',
  scheduled: 'No service is scheduled.',
  completed: 'No service has been completed yet.',
  '': 'No maintenance yet.',
};

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The Maintenance tab: scheduled and completed services, overdue ones first to the eye. */
export default function MaintenanceTab() {
  // The server orders maintenance itself (overdue first), so the list has one sort.
  const state = useListState({
    sorts: ['due'],
    defaultSort: 'due',
    filters: { state: MAINTENANCE_STATES, vehicleId: isUuid },
    pageSize: FLEET_PAGE_SIZE,
    scope: 'maintenance',
  });
  const filter = state.filters.state as MaintenanceState | '';
  const { vehicle, setPicked } = useFilterVehicle(state.filters.vehicleId);
  const records = useQuery(maintenanceQuery(maintenanceListQuery.parse(state.query)));
  const [dialog, setDialog] = useState<MaintenanceDialogState | null>(null);

  const schedule = () => setDialog({ kind: 'edit', record: null, key: Date.now() });

  return (
    <>
      <TabCard
        title="Maintenance"
        description="Scheduled and completed services. Overdue ones are marked in red."
        action={
          <AddButton onClick={schedule} className="w-full sm:w-auto">
            Schedule maintenance
          </AddButton>
        }
      >
        {/* Each filter has its own empty text (and the way on is always to schedule), not "no match". */}
        <ListSection
          state={state}
          query={records}
          noun="maintenance records"
          toolbar={{
            className: 'sm:justify-between',
            children: (
              <MaintenanceFilters
                filter={filter}
                onFilter={(value) => state.setFilter('state', value)}
                vehicle={vehicle}
                onVehicle={(v) => {
                  setPicked(v);
                  state.setFilter('vehicleId', v?.id ?? '');
                }}
              />
            ),
          }}
          isFiltered={false}
          empty={{
            icon: WrenchIcon,
            title: vehicle ? `${EMPTY_TEXT[filter]} (${vehicle.label})` : EMPTY_TEXT[filter],
            text:
              filter === '' && !vehicle
                ? 'Schedule oil changes, inspections and other services by date or mileage; overdue ones show here in red.'
                : undefined,
            action: <AddButton onClick={schedule}>Schedule maintenance</AddButton>,
          }}
          label="Maintenance"
          columns={MAINTENANCE_COLUMNS}
          narrowOrder={['state', 'due', 'cost']}
          rowProps={maintenanceRowProps}
          actions={(r) => (
            <MaintenanceActions
              record={r}
              onComplete={() => setDialog({ kind: 'complete', record: r, key: Date.now() })}
              onEdit={() => setDialog({ kind: 'edit', record: r, key: Date.now() })}
              onDelete={() => setDialog({ kind: 'delete', record: r })}
            />
          )}
          pager={{ label: 'Maintenance pages', noun: ['record', 'records'] }}
        />
      </TabCard>

      <MaintenanceDialogs dialog={dialog} vehicle={vehicle} onClose={() => setDialog(null)} />
    </>
  );
}
