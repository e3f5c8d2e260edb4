/** A vehicle chosen in a picker: its id, and how it reads. */
export type PickedVehicle = { id: string; label: string };

export function vehicleLabel(v: { make: string; model: string; licensePlate: string }): string {
  return `${v.make} ${v.model} · ${v.licensePlate}`;
}
