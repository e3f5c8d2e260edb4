import { FIRST_MODEL_YEAR, lastModelYear, MAX_MILEAGE } from '@shared/contracts/fleet';
import { maxInUnit, unitSuffix, type DistanceUnit } from '@shared/distance';
import { FieldRow } from '@client/components/field-row';
import { SelectField, TextField } from '@client/components/form/form-fields';
import { FuelLevelField } from './fuel-level-field';
import type { VehicleSchemaForm } from './vehicle-form-values';
import { VEHICLE_STATUS_OPTIONS } from './vehicle-status';

/** Every field of the shared vehicleInput, two by two; the mileage in the account's unit. */
export function VehicleFormFields({ form, unit }: { form: VehicleSchemaForm; unit: DistanceUnit }) {
  return (
    <FieldRow>
      <TextField form={form} name="make" label="Make" required autoComplete="off" placeholder="e.g. Ford" />
      <TextField
        form={form}
        name="model"
        label="Model"
        required
        autoComplete="off"
        placeholder="e.g. Transit"
      />
      <TextField
        form={form}
        name="year"
        label="Year"
        description={`${FIRST_MODEL_YEAR} to ${lastModelYear()}`}
        required
        inputMode="numeric"
        autoComplete="off"
      />
      <SelectField
        form={form}
        name="status"
        label="Status"
        required
        options={VEHICLE_STATUS_OPTIONS}
        placeholder="Choose a status"
      />
      <TextField
        form={form}
        name="vin"
        label="VIN"
        description="17 letters and digits, without I, O or Q"
        required
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:font-mono [&_input]:uppercase"
        maxLength={17}
      />
      <TextField
        form={form}
        name="licensePlate"
        label="License plate"
        required
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:uppercase"
        maxLength={15}
      />
      <TextField
        form={form}
        name="mileage"
        label={`Mileage (${unitSuffix(unit)})`}
        type="number"
        inputMode="numeric"
        min={0}
        max={maxInUnit(MAX_MILEAGE, unit)}
        step={1}
      />
      <FuelLevelField form={form} />
      <TextField
        form={form}
        name="location"
        label="Location"
        className="sm:col-span-2"
        autoComplete="off"
        placeholder="e.g. Main depot"
      />
    </FieldRow>
  );
}
