import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { vehicleQuery } from '../api';
import { vehicleLabel, type PickedVehicle } from '../drivers/vehicle-label';

/**
 * The vehicle a list is narrowed to: the one just picked, or (after a reload, from the address's id)
 * the one the server names.
 */
export function useFilterVehicle(id: string) {
  const [picked, setPicked] = useState<PickedVehicle | null>(null);
  const known = picked !== null && picked.id === id;
  const loaded = useQuery({ ...vehicleQuery(id), enabled: id !== '' && !known });
  if (!id) return { vehicle: null, setPicked };
  if (known) return { vehicle: picked, setPicked };
  return { vehicle: { id, label: loaded.data ? vehicleLabel(loaded.data) : 'Vehicle' }, setPicked };
}
