import type { VEHICLE_SORTS } from '@shared/contracts/fleet';
import { OptionSelect } from '@client/components/form/option-select';
import { ListFilter } from '@client/components/list/filter-select';
import { AddVehicleButton } from './vehicle-dialog';
import type { useVehicleListState } from './vehicle-list-state';
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

/** After the vehicle search: the status filter, the sort where columns gave way, and Add vehicle. */
export function VehicleToolbar({
  state,
  allSortsShown,
  onAdd,
}: {
  state: ReturnType<typeof useVehicleListState>;
  /** Every sortable column shows (wide screens): no separate sort. */
  allSortsShown: boolean;
  onAdd: () => void;
}) {
  return (
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
      <AddVehicleButton onClick={onAdd} className="sm:ml-auto" />
    </>
  );
}
