import { useState } from 'react';
import { MAX_MILEAGE, maintenanceInput, type MaintenanceRecord } from '@shared/contracts/fleet';
import {
  distanceInput,
  distanceText,
  unitSuffix,
  withDistanceBoxes,
  type DistanceUnit,
} from '@shared/distance';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FieldRow } from '@client/components/field-row';
import { ComboboxField } from '@client/components/form/combobox-field';
import { FormDialog } from '@client/components/form/form-dialog';
import { TextareaField, TextField } from '@client/components/form/form-fields';
import { saveAndClose } from '@client/components/form/save-and-close';
import { orNull, useSchemaForm } from '@client/components/form/use-schema-form';
import { useSaveMaintenance } from '../api';
import { useDistanceUnit } from '../shell/distance-unit';
import { vehicleLabel, type PickedVehicle } from '../drivers/vehicle-label';
import { VehiclePickerField } from '../drivers/vehicle-picker';
import { COST_INPUT, MAINTENANCE_TYPES } from './maintenance-format';

type Values = {
  vehicle: PickedVehicle | null;
  type: string;
  dueDate: string;
  dueMileage: string;
  cost: string;
  notes: string;
};

const toInput = (v: Values) => ({
  vehicleId: v.vehicle?.id ?? '',
  type: v.type,
  dueDate: orNull(v.dueDate),
  dueMileage: v.dueMileage,
  cost: orNull(v.cost),
  notes: orNull(v.notes),
});

/** The vehicle's errors show under the picker. */
const fieldOf = (path: string) => (path === 'vehicleId' ? 'vehicle' : path);

function defaults(
  record: MaintenanceRecord | null,
  vehicle: PickedVehicle | null,
  unit: DistanceUnit,
): Values {
  return {
    vehicle: record ? { id: record.vehicle.id, label: vehicleLabel(record.vehicle) } : vehicle,
    type: record?.type ?? '',
    dueDate: record?.dueDate ?? '',
    dueMileage: distanceText(record?.dueMileage, unit),
    cost: record?.cost != null ? String(record.cost) : '',
    notes: record?.notes ?? '',
  };
}

type MaintenanceDialogProps = {
  /** null: a new record. */
  record: MaintenanceRecord | null;
  /** The vehicle to start with for a new record (the list's vehicle filter). */
  vehicle: PickedVehicle | null;
} & DialogOpenProps;

/**
 * Schedule a service, or edit one. Mount it with a `key` per record so the form starts from it. The due
 * mileage is typed in the account's distance unit; a change of unit starts the form again in it.
 */
export function MaintenanceDialog(props: MaintenanceDialogProps) {
  const unit = useDistanceUnit();
  return <MaintenanceForm key={unit} unit={unit} {...props} />;
}

function MaintenanceForm({
  record,
  vehicle,
  unit,
  ...dialog
}: MaintenanceDialogProps & { unit: DistanceUnit }) {
  const save = useSaveMaintenance();
  const [schema] = useState(() =>
    withDistanceBoxes(
      { dueMileage: distanceInput('Due mileage', unit, MAX_MILEAGE, record?.dueMileage) },
      maintenanceInput,
    ),
  );
  const form = useSchemaForm({
    schema,
    defaultValues: defaults(record, vehicle, unit),
    toInput,
    fieldOf,
  });

  const onSubmit = form.submit(
    saveAndClose(
      (input) => save.mutateAsync({ id: record?.id ?? null, input }),
      (input) => ({
        title: record ? 'Maintenance updated' : 'Maintenance scheduled',
        description: `${input.type} is saved.`,
      }),
      dialog.onOpenChange,
    ),
    {
      title: record ? 'Maintenance not updated' : 'Maintenance not scheduled',
      fallback: 'The maintenance could not be saved. Please try again.',
    },
  );

  return (
    <FormDialog
      {...dialog}
      title={record ? 'Edit maintenance' : 'Schedule maintenance'}
      description="Give a due date, a due mileage, or both: whichever comes first."
      submitLabel={record ? 'Save changes' : 'Schedule'}
      onSubmit={onSubmit}
      width="xl"
    >
      <VehiclePickerField form={form} name="vehicle" label="Vehicle" required />
      <ComboboxField
        form={form}
        name="type"
        label="Type"
        required
        description="Pick a suggestion or type your own."
        suggestions={MAINTENANCE_TYPES}
        maxLength={80}
      />
      <FieldRow>
        <TextField form={form} name="dueDate" label="Due date" type="date" />
        <TextField
          form={form}
          name="dueMileage"
          label={`Due mileage (${unitSuffix(unit)})`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
        />
      </FieldRow>
      <TextField form={form} name="cost" label="Cost (USD)" {...COST_INPUT} />
      <TextareaField form={form} name="notes" label="Notes" rows={3} />
    </FormDialog>
  );
}
