import { driverInput, type Driver } from '@shared/contracts/fleet';
import { type DriverStatus } from '@shared/statuses';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { SelectField, TextField } from '@client/components/form/form-fields';
import { saveAndClose } from '@client/components/form/save-and-close';
import { orNull, useSchemaForm } from '@client/components/form/use-schema-form';
import { useSaveDriver } from '../api';
import { DRIVER_STATUS_OPTIONS } from './driver-status';
import { vehicleLabel, type PickedVehicle } from './vehicle-label';
import { VehiclePickerField } from './vehicle-picker';

type Values = {
  name: string;
  email: string;
  phone: string;
  licenseNumber: string;
  status: DriverStatus;
  vehicle: PickedVehicle | null;
};

const toInput = (v: Values) => ({
  name: v.name,
  email: v.email,
  phone: orNull(v.phone),
  licenseNumber: v.licenseNumber,
  status: v.status,
  assignedVehicleId: v.vehicle?.id ?? null,
});

/** The vehicle's errors show under the picker. */
const fieldOf = (path: string) => (path === 'assignedVehicleId' ? 'vehicle' : path);

function defaults(driver: Driver | null): Values {
  return {
    name: driver?.name ?? '',
    email: driver?.email ?? '',
    phone: driver?.phone ?? '',
    licenseNumber: driver?.licenseNumber ?? '',
    status: driver?.status ?? 'active',
    vehicle: driver?.assignedVehicle
      ? { id: driver.assignedVehicle.id, label: vehicleLabel(driver.assignedVehicle) }
      : null,
  };
}

/** Add or edit a driver. Mount it with a `key` per driver so the form starts from that driver. */
export function DriverDialog({
  driver,
  ...dialog
}: {
  /** null: a new driver. */
  driver: Driver | null;
} & DialogOpenProps) {
  const save = useSaveDriver();
  const form = useSchemaForm({ schema: driverInput, defaultValues: defaults(driver), toInput, fieldOf });

  const onSubmit = form.submit(
    saveAndClose(
      (input) => save.mutateAsync({ id: driver?.id ?? null, input }),
      (input) => ({
        title: driver ? 'Driver updated' : 'Driver added',
        description: `${input.name} is saved.`,
      }),
      dialog.onOpenChange,
    ),
    {
      title: driver ? 'Driver not updated' : 'Driver not added',
      fallback: 'The driver could not be saved. Please try again.',
    },
  );

  return (
    <FormDialog
      {...dialog}
      title={driver ? 'Edit driver' : 'Add driver'}
      description="A vehicle has at most one driver at a time."
      submitLabel={driver ? 'Save changes' : 'Add driver'}
      onSubmit={onSubmit}
      width="xl"
    >
      <FieldRow>
        <TextField form={form} name="name" label="Name" required autoComplete="off" />
        <TextField form={form} name="email" label="Email" required type="email" autoComplete="off" />
        <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="off" />
        <TextField form={form} name="licenseNumber" label="License number" required autoComplete="off" />
        <SelectField form={form} name="status" label="Status" options={DRIVER_STATUS_OPTIONS} />
        <VehiclePickerField form={form} name="vehicle" label="Assigned vehicle" allowNone />
      </FieldRow>
    </FormDialog>
  );
}
