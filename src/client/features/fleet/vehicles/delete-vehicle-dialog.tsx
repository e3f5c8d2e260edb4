import type { Vehicle } from '@shared/contracts/fleet';
import { RowChangeConfirm } from '@client/components/list/row-change-confirm';
import { useDeleteVehicle } from '../api';

/** Asks before deleting `vehicle` (open while it is set), offering retirement instead, and deletes it. */
export function DeleteVehicleDialog({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const deleteVehicle = useDeleteVehicle();
  return (
    <RowChangeConfirm
      row={vehicle}
      onClose={onClose}
      change={(v) => deleteVehicle.mutateAsync(v.id)}
      outcome={(v) => ({
        done: {
          title: 'Vehicle deleted',
          description: `${v.make} ${v.model} (${v.licensePlate}) was removed.`,
        },
        failed: { title: 'Could not delete the vehicle', fallback: 'Please try again.' },
      })}
      title={`Delete ${vehicle?.make} ${vehicle?.model} (${vehicle?.licensePlate})?`}
      description="The vehicle and its maintenance records are deleted for good, and its driver is unassigned. To keep its history, retire it instead: retired vehicles do not count against your plan."
      cancelLabel="Keep vehicle"
      confirmLabel="Delete vehicle"
    />
  );
}
