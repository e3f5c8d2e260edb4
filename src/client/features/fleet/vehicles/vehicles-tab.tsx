import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { CarIcon } from 'lucide-react';
import type { Vehicle, VEHICLE_SORTS } from '@shared/contracts/fleet';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { OptionSelect } from '@client/components/form/option-select';
import { AddButton } from '@client/components/list/add-button';
import { ListFilter } from '@client/components/list/filter-select';
import { ListSection } from '@client/components/list/list-section';
import { changeRow } from '@client/components/list/row-change';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { limitRefusalOf, useDeleteVehicle, useSaveVehicle, vehiclesQuery, vehicleToInput } from '../api';
import { useDistance } from '../shell/distance-unit';
import { useMediaQuery } from '../shell/use-media-query';
import { AddVehicleButton, VehicleDialog } from './vehicle-dialog';
import { useVehicleListState } from './vehicle-list-state';
import { VEHICLE_NARROW_ORDER, VehicleActions, vehicleColumns, type RowHandlers } from './vehicle-rows';
import { VEHICLE_STATUS_OPTIONS } from './vehicle-status';

type VehicleSort = (typeof VEHICLE_SORTS)[number];

/** Where some sortable columns have given way: the sorts people want, by name. */
const PHONE_SORTS: { value: VehicleSort; label: string }[] = [
  { value: '-lastUpdate', label: 'Recently updated' },
  { value: 'make', label: 'Make A–Z' },
  { value: '-year', label: 'Newest model year' },
  { value: 'licensePlate', label: 'Plate A–Z' },
  { value: '-mileage', label: 'Highest mileage' },
  { value: 'mileage', label: 'Lowest mileage' },
  { value: 'status', label: 'Status' },
];

/** `?new=1` (the overview's "Add vehicle") opens the add dialog once, then leaves the address clean. */
function useOpenNewFromAddress(open: () => void, isOpen: boolean) {
  const [params, setParams] = useSearchParams();
  const wantsNew = params.get('new') === '1';
  if (wantsNew && !isOpen) open();
  useEffect(() => {
    if (!wantsNew) return;
    setParams(
      (prev) => {
        prev.delete('new');
        return prev;
      },
      { replace: true },
    );
  }, [wantsNew, setParams]);
}

/** The vehicle list: searched, filtered, sorted and paged on the server; add, edit, retire and delete. */
export default function VehiclesTab() {
  const state = useVehicleListState();
  // Below 1024 px some sortable columns have given way (vehicle-rows.tsx): the sorts by name instead.
  const allSortsShown = useMediaQuery('(min-width: 1024px)');
  const list = useQuery(vehiclesQuery(state.query));
  const { suffix } = useDistance();
  const saveVehicle = useSaveVehicle();
  const deleteVehicle = useDeleteVehicle();
  const [dialog, setDialog] = useState<{ vehicle: Vehicle | null } | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const openNew = () => setDialog({ vehicle: null });
  useOpenNewFromAddress(openNew, dialog !== null);

  const onRetire = async (v: Vehicle) => {
    try {
      await saveVehicle.mutateAsync({ id: v.id, input: vehicleToInput(v, { status: 'retired' }) });
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
    const deleted = await changeRow(() => deleteVehicle.mutateAsync(v.id), {
      done: {
        title: 'Vehicle deleted',
        description: `${v.make} ${v.model} (${v.licensePlate}) was removed.`,
      },
      failed: { title: 'Could not delete the vehicle', fallback: 'Please try again.' },
    });
    if (deleted) setDeleting(null);
  };

  const handlers: RowHandlers = {
    onEdit: (v) => setDialog({ vehicle: v }),
    onRetire: (v) => void onRetire(v),
    onDelete: (v) => setDeleting(v),
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <ListSection
        state={state}
        query={list}
        noun="vehicles"
        toolbar={{
          search: { label: 'Search vehicles', placeholder: 'Search make, model, VIN, plate, location' },
          children: (
            <>
              <div className="flex gap-2">
                <ListFilter
                  state={state}
                  name="status"
                  label="Filter by status"
                  allLabel="All statuses"
                  options={VEHICLE_STATUS_OPTIONS}
                />
                {!allSortsShown ? (
                  <OptionSelect
                    value={state.sort}
                    onChange={state.setSort}
                    options={PHONE_SORTS}
                    trigger={{ className: 'w-full', 'aria-label': 'Sort by' }}
                  />
                ) : null}
              </div>
              <AddVehicleButton onClick={openNew} className="sm:ml-auto" />
            </>
          ),
        }}
        empty={{
          icon: CarIcon,
          title: 'Add your first vehicle',
          text: 'Your fleet is empty. Add a vehicle, or import a CSV file from the Import/Export tab.',
          action: <AddButton onClick={openNew}>Add vehicle</AddButton>,
        }}
        frame="card"
        label="Vehicles"
        columns={vehicleColumns(suffix)}
        narrowOrder={VEHICLE_NARROW_ORDER}
        rowKey={(v) => v.id}
        rowProps={{ 'data-testid': 'vehicle-row' }}
        actions={(v) => <VehicleActions vehicle={v} {...handlers} />}
        pager={{ label: 'Vehicle pages', testId: 'vehicle-range' }}
      />

      {dialog ? (
        <VehicleDialog
          key={dialog.vehicle?.id ?? 'new'}
          vehicle={dialog.vehicle}
          open
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.make} ${deleting?.model} (${deleting?.licensePlate})?`}
        description="The vehicle and its maintenance records are deleted for good, and its driver is unassigned. To keep its history, retire it instead: retired vehicles do not count against your plan."
        cancelLabel="Keep vehicle"
        confirmLabel="Delete vehicle"
        onConfirm={onConfirmDelete}
      />
    </div>
  );
}
