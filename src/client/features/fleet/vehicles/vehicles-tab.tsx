import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { CarIcon, PlusIcon } from 'lucide-react';
import { VEHICLE_STATUSES, type Vehicle, type VEHICLE_SORTS } from '@shared/contracts/fleet';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { FilterSelect } from '@client/components/list/filter-select';
import { ListBody } from '@client/components/list/list-body';
import { ListPager } from '@client/components/list/list-pager';
import { SearchBox } from '@client/components/list/search-box';
import { useKeepPageInRange } from '@client/components/list/use-list-state';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { limitRefusalOf, useDeleteVehicle, useUpdateVehicle, vehiclesQuery, vehicleToInput } from '../api';
import { useMediaQuery } from '../shell/use-media-query';
import { VehicleDialog } from './vehicle-dialog';
import { useVehicleListState } from './vehicle-list-state';
import { VehicleCards, VehicleTable, type RowHandlers } from './vehicle-rows';
import { VEHICLE_STATUS_LABELS } from './vehicle-status';

type VehicleSort = (typeof VEHICLE_SORTS)[number];

const STATUS_OPTIONS = VEHICLE_STATUSES.map((s) => ({ value: s, label: VEHICLE_STATUS_LABELS[s] }));

/** Phones have no column headers to click: the sorts people want, by name. */
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
  const isDesktop = useMediaQuery('(min-width: 768px)');
  const list = useQuery(vehiclesQuery(state.query));
  useKeepPageInRange(state, list.data, list.isPlaceholderData);
  const updateVehicle = useUpdateVehicle();
  const deleteVehicle = useDeleteVehicle();
  const [dialog, setDialog] = useState<{ vehicle: Vehicle | null } | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const openNew = () => setDialog({ vehicle: null });
  useOpenNewFromAddress(openNew, dialog !== null);

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

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchBox
          value={state.search}
          onChange={state.setSearch}
          label="Search vehicles"
          placeholder="Search make, model, VIN, plate, location"
        />
        <div className="flex gap-2">
          <FilterSelect
            value={state.filters.status}
            onChange={(status) => state.setFilter('status', status)}
            label="Filter by status"
            allLabel="All statuses"
            options={STATUS_OPTIONS}
          />
          {!isDesktop ? (
            <Select value={state.sort} onValueChange={(value) => state.setSort(value as VehicleSort)}>
              <SelectTrigger className="w-full" aria-label="Sort by">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PHONE_SORTS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : null}
        </div>
        <Button className="sm:ml-auto" onClick={openNew}>
          <PlusIcon aria-hidden="true" />
          Add vehicle
        </Button>
      </div>

      <Card className="overflow-hidden">
        <ListBody
          query={list}
          noun="vehicles"
          isFiltered={state.isFiltered}
          onClearFilters={state.clearFilters}
          empty={{
            icon: CarIcon,
            title: 'Add your first vehicle',
            text: 'Your fleet is empty. Add a vehicle, or import a CSV file from the Import/Export tab.',
            action: (
              <Button onClick={openNew}>
                <PlusIcon aria-hidden="true" />
                Add vehicle
              </Button>
            ),
          }}
        >
          {(page) =>
            isDesktop ? (
              <VehicleTable items={page.items} sort={state.sort} onSort={state.setSort} {...handlers} />
            ) : (
              <div className="p-3">
                <VehicleCards items={page.items} {...handlers} />
              </div>
            )
          }
        </ListBody>
      </Card>

      {list.data && list.data.total > 0 ? (
        <ListPager
          page={state.page}
          pageSize={state.pageSize}
          total={list.data.total}
          onPage={state.setPage}
          busy={list.isFetching}
          label="Vehicle pages"
          testId="vehicle-range"
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
