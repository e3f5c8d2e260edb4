import type { MaintenanceState } from '@shared/contracts/fleet';
import { Button } from '@client/components/ui/button';
import type { PickedVehicle } from '../drivers/vehicle-label';
import { VehiclePicker } from '../drivers/vehicle-picker';

const FILTERS: { value: MaintenanceState | ''; label: string }[] = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'completed', label: 'Completed' },
  { value: '', label: 'All' },
];

/** The maintenance list's filters: a row of state buttons, and the vehicle. */
export function MaintenanceFilters({
  filter,
  onFilter,
  vehicle,
  onVehicle,
}: {
  filter: MaintenanceState | '';
  onFilter: (value: MaintenanceState | '') => void;
  vehicle: PickedVehicle | null;
  onVehicle: (vehicle: PickedVehicle | null) => void;
}) {
  return (
    <>
      <div role="group" aria-label="Show" className="flex flex-wrap gap-1.5">
        {FILTERS.map((f) => (
          <Button
            key={f.label}
            size="sm"
            variant={filter === f.value ? 'default' : 'outline'}
            aria-pressed={filter === f.value}
            className="rounded-full"
            onClick={() => onFilter(f.value)}
          >
            {f.label}
          </Button>
        ))}
      </div>
      <div className="sm:w-72">
        <VehiclePicker
          aria-label="Filter by vehicle"
          value={vehicle}
          onChange={onVehicle}
          allowNone
          noneLabel="All vehicles"
        />
      </div>
    </>
  );
}
