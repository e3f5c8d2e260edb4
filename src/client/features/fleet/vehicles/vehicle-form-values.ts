import { MAX_MILEAGE, vehicleInput, type Vehicle } from '@shared/contracts/fleet';
import { type VehicleStatus } from '@shared/statuses';
import { distanceInput, distanceText, withDistanceBoxes, type DistanceUnit } from '@shared/distance';
import type { SchemaForm } from '@client/components/form/use-schema-form';

/** The vehicle form's boxes, as typed. */
export type VehicleFormValues = {
  make: string;
  model: string;
  year: string;
  vin: string;
  licensePlate: string;
  status: VehicleStatus;
  mileage: string;
  fuelLevel: string;
  location: string;
};

export function vehicleFormDefaults(v: Vehicle | null, unit: DistanceUnit): VehicleFormValues {
  return {
    make: v?.make ?? '',
    model: v?.model ?? '',
    year: v ? String(v.year) : '',
    vin: v?.vin ?? '',
    licensePlate: v?.licensePlate ?? '',
    status: v?.status ?? 'active',
    mileage: distanceText(v?.mileage ?? 0, unit),
    fuelLevel: String(v?.fuelLevel ?? 100),
    location: v?.location ?? '',
  };
}

/**
 * The vehicle form's schema: the mileage box is read in the account's unit (a whole number, its limit in
 * that unit) and becomes miles, then the shared vehicleInput checks the rest as the server will.
 */
export function vehicleFormSchema(unit: DistanceUnit, vehicle: Vehicle | null) {
  return withDistanceBoxes(
    { mileage: distanceInput('Mileage', unit, MAX_MILEAGE, vehicle?.mileage ?? 0) },
    vehicleInput,
  );
}

export type VehicleSchemaForm = SchemaForm<VehicleFormValues, ReturnType<typeof vehicleFormSchema>>;
