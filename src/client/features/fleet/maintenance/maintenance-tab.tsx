import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { WrenchIcon } from 'lucide-react';
import { z } from 'zod';
import {
  MAINTENANCE_STATES,
  maintenanceListQuery,
  type MaintenanceRecord,
  type MaintenanceState,
} from '@shared/contracts/fleet';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { AddButton } from '@client/components/list/add-button';
import { ListSection } from '@client/components/list/list-section';
import { changeRow } from '@client/components/list/row-change';
import { useListState } from '@client/components/list/use-list-state';
import { Button } from '@client/components/ui/button';
import { FLEET_PAGE_SIZE, maintenanceQuery, useDeleteMaintenance, vehicleQuery } from '../api';
import { vehicleLabel, VehiclePicker, type PickedVehicle } from '../drivers/vehicle-picker';
import { TabCard } from '../shell/tab-card';
import { CompleteDialog } from './complete-dialog';
import { MaintenanceDialog } from './maintenance-dialog';
import { MAINTENANCE_COLUMNS, MaintenanceActions, maintenanceRowProps } from './maintenance-row';

const FILTERS: { value: MaintenanceState | ''; label: string }[] = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'completed', label: 'Completed' },
  { value: '', label: 'All' },
];

const EMPTY_TEXT: Record<MaintenanceState | '', string> = {
  overdue: 'Nothing is overdue.',
  scheduled: 'No service is scheduled.',
  completed: 'No service has been completed yet.',
  '': 'No maintenance yet.',
};

const isUuid = (value: string) => z.uuid().safeParse(value).success;

type Dialog =
  | { kind: 'edit'; record: MaintenanceRecord | null; key: number }
  | { kind: 'complete'; record: MaintenanceRecord; key: number }
  | { kind: 'delete'; record: MaintenanceRecord };

/**
 * The vehicle a list is narrowed to: the one just picked, or (after a reload, from the address's id)
 * the one the server names.
 */
function useFilterVehicle(id: string) {
  const [picked, setPicked] = useState<PickedVehicle | null>(null);
  const known = picked !== null && picked.id === id;
  const loaded = useQuery({ ...vehicleQuery(id), enabled: id !== '' && !known });
  if (!id) return { vehicle: null, setPicked };
  if (known) return { vehicle: picked, setPicked };
  return { vehicle: { id, label: loaded.data ? vehicleLabel(loaded.data) : 'Vehicle' }, setPicked };
}

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
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const remove = useDeleteMaintenance();

  const schedule = () => setDialog({ kind: 'edit', record: null, key: Date.now() });
  const close = (open: boolean) => !open && setDialog(null);
  const deleting = dialog?.kind === 'delete' ? dialog.record : null;

  const onDelete = async () => {
    if (!deleting) return;
    const deleted = await changeRow(() => remove.mutateAsync(deleting.id), {
      done: {
        title: 'Maintenance deleted',
        description: `${deleting.type} was removed.`,
        variant: 'success',
      },
      failed: {
        title: 'Maintenance not deleted',
        fallback: 'The record could not be deleted. Please try again.',
      },
    });
    if (deleted) setDialog(null);
  };

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
              <>
                <div role="group" aria-label="Show" className="flex flex-wrap gap-1.5">
                  {FILTERS.map((f) => (
                    <Button
                      key={f.label}
                      size="sm"
                      variant={filter === f.value ? 'default' : 'outline'}
                      aria-pressed={filter === f.value}
                      className="rounded-full"
                      onClick={() => state.setFilter('state', f.value)}
                    >
                      {f.label}
                    </Button>
                  ))}
                </div>
                <div className="sm:w-72">
                  <VehiclePicker
                    aria-label="Filter by vehicle"
                    value={vehicle}
                    onChange={(v) => {
                      setPicked(v);
                      state.setFilter('vehicleId', v?.id ?? '');
                    }}
                    allowNone
                    noneLabel="All vehicles"
                  />
                </div>
              </>
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
          rowKey={(r) => r.id}
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

      {dialog?.kind === 'edit' ? (
        <MaintenanceDialog
          key={dialog.key}
          record={dialog.record}
          vehicle={vehicle}
          open
          onOpenChange={close}
        />
      ) : null}
      {dialog?.kind === 'complete' ? (
        <CompleteDialog key={dialog.key} record={dialog.record} open onOpenChange={close} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={close}
        title={`Delete ${deleting?.type ?? 'maintenance'}?`}
        description={
          deleting
            ? `The record for ${vehicleLabel(deleting.vehicle)} is removed. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete record"
        onConfirm={onDelete}
      />
    </>
  );
}
