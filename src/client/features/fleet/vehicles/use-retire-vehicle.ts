import type { Vehicle } from '@shared/contracts/fleet';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { limitRefusalOf, useSaveVehicle, vehicleToInput } from '../api';

/** Retire a vehicle from its row (it stops counting against the plan), answered by a toast. */
export function useRetireVehicle() {
  const saveVehicle = useSaveVehicle();
  return async (v: Vehicle) => {
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
}
