import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { LoaderCircleIcon } from 'lucide-react';
import { DRIVER_STATUSES, driverInput, type Driver, type DriverStatus } from '@shared/contracts/fleet';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { errorMessageOf, fieldErrorsOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useSaveDriver } from '../people-api';
import { DRIVER_STATUS_LABELS } from './driver-status';
import { orNull, schemaResolver } from './schema-resolver';
import { vehicleLabel, VehiclePicker, type PickedVehicle } from './vehicle-picker';

type Values = {
  name: string;
  email: string;
  phone: string;
  licenseNumber: string;
  status: DriverStatus;
  vehicle: PickedVehicle | null;
};

const FIELDS = ['name', 'email', 'phone', 'licenseNumber', 'status'] as const;

const resolver = schemaResolver(
  driverInput,
  (v: Values) => ({
    name: v.name,
    email: v.email,
    phone: orNull(v.phone),
    licenseNumber: v.licenseNumber,
    status: v.status,
    assignedVehicleId: v.vehicle?.id ?? null,
  }),
  // The vehicle's errors show under the picker.
  (path) => (path[0] === 'assignedVehicleId' ? 'vehicle' : path.map(String).join('.')),
);

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
  open,
  onOpenChange,
}: {
  /** null: a new driver. */
  driver: Driver | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveDriver();
  const statusId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, ReturnType<typeof driverInput.parse>>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: defaults(driver),
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: driver?.id ?? null, input });
      toast({
        title: driver ? 'Driver updated' : 'Driver added',
        description: `${input.name} is saved.`,
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      let shown = false;
      for (const [key, message] of Object.entries(fields)) {
        const field = key === 'assignedVehicleId' ? 'vehicle' : key;
        if (field === 'vehicle' || (FIELDS as readonly string[]).includes(field)) {
          setError(field as keyof Values, { type: 'server', message });
          shown = true;
        }
      }
      // A field error is shown where it belongs; anything else goes to a toast.
      if (!shown) {
        toast({
          title: driver ? 'Driver not updated' : 'Driver not added',
          description: errorMessageOf(error, 'The driver could not be saved. Please try again.'),
          variant: 'destructive',
        });
      }
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{driver ? 'Edit driver' : 'Add driver'}</DialogTitle>
          <DialogDescription>A vehicle has at most one driver at a time.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4"
          aria-label={driver ? 'Edit driver' : 'Add driver'}
        >
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message} required>
              <Input autoComplete="off" {...register('name')} />
            </Field>
            <Field label="Email" error={errors.email?.message} required>
              <Input type="email" autoComplete="off" {...register('email')} />
            </Field>
            <Field label="Phone" error={errors.phone?.message}>
              <Input type="tel" autoComplete="off" {...register('phone')} />
            </Field>
            <Field label="License number" error={errors.licenseNumber?.message} required>
              <Input autoComplete="off" {...register('licenseNumber')} />
            </Field>
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <Field id={statusId} label="Status" error={errors.status?.message}>
                  {/* The id goes on the trigger by hand: Field labels its direct child, here the Select root. */}
                  <Select value={field.value} onValueChange={(v) => field.onChange(v as DriverStatus)}>
                    <SelectTrigger id={statusId} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {DRIVER_STATUSES.map((s) => (
                        <SelectItem key={s} value={s}>
                          {DRIVER_STATUS_LABELS[s]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
              )}
            />
            <Controller
              control={control}
              name="vehicle"
              render={({ field }) => (
                <Field label="Assigned vehicle" error={errors.vehicle?.message}>
                  <VehiclePicker value={field.value} onChange={field.onChange} allowNone />
                </Field>
              )}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {driver ? 'Save changes' : 'Add driver'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
