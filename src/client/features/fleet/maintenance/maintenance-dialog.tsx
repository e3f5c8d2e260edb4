import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { LoaderCircleIcon } from 'lucide-react';
import { maintenanceInput, type MaintenanceRecord } from '@shared/contracts/fleet';
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
import { Textarea } from '@client/components/ui/textarea';
import { errorMessageOf, fieldErrorsOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { orNull, schemaResolver } from '../drivers/schema-resolver';
import { vehicleLabel, VehiclePicker, type PickedVehicle } from '../drivers/vehicle-picker';
import { useSaveMaintenance } from '../people-api';
import { MAINTENANCE_TYPES } from './maintenance-format';

type Values = {
  vehicle: PickedVehicle | null;
  type: string;
  dueDate: string;
  dueMileage: string;
  cost: string;
  notes: string;
};
type FieldName = keyof Values;
const FIELD_NAMES: readonly string[] = ['vehicle', 'type', 'dueDate', 'dueMileage', 'cost', 'notes'];

const fieldOf = (path: PropertyKey[]) => (path[0] === 'vehicleId' ? 'vehicle' : path.map(String).join('.'));

const resolver = schemaResolver(
  maintenanceInput,
  (v: Values) => ({
    vehicleId: v.vehicle?.id ?? '',
    type: v.type,
    dueDate: orNull(v.dueDate),
    dueMileage: orNull(v.dueMileage),
    cost: orNull(v.cost),
    notes: orNull(v.notes),
  }),
  fieldOf,
);

function defaults(record: MaintenanceRecord | null, vehicle: PickedVehicle | null): Values {
  return {
    vehicle: record ? { id: record.vehicle.id, label: vehicleLabel(record.vehicle) } : vehicle,
    type: record?.type ?? '',
    dueDate: record?.dueDate ?? '',
    dueMileage: record?.dueMileage != null ? String(record.dueMileage) : '',
    cost: record?.cost != null ? String(record.cost) : '',
    notes: record?.notes ?? '',
  };
}

/** Schedule a service, or edit one. Mount it with a `key` per record so the form starts from it. */
export function MaintenanceDialog({
  record,
  vehicle,
  open,
  onOpenChange,
}: {
  /** null: a new record. */
  record: MaintenanceRecord | null;
  /** The vehicle to start with for a new record (the list's vehicle filter). */
  vehicle: PickedVehicle | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveMaintenance();
  const suggestions = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, ReturnType<typeof maintenanceInput.parse>>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: defaults(record, vehicle),
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: record?.id ?? null, input });
      toast({
        title: record ? 'Maintenance updated' : 'Maintenance scheduled',
        description: `${input.type} is saved.`,
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      let shown = false;
      for (const [key, message] of Object.entries(fieldErrorsOf(error))) {
        const field = fieldOf([key]);
        if (FIELD_NAMES.includes(field)) {
          setError(field as FieldName, { type: 'server', message });
          shown = true;
        }
      }
      if (!shown) {
        toast({
          title: record ? 'Maintenance not updated' : 'Maintenance not scheduled',
          description: errorMessageOf(error, 'The maintenance could not be saved. Please try again.'),
          variant: 'destructive',
        });
      }
    }
  });

  const title = record ? 'Edit maintenance' : 'Schedule maintenance';
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Give a due date, a due mileage, or both: whichever comes first.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={title}>
          <Controller
            control={control}
            name="vehicle"
            render={({ field }) => (
              <Field label="Vehicle" error={errors.vehicle?.message} required>
                <VehiclePicker value={field.value} onChange={field.onChange} />
              </Field>
            )}
          />
          <Field
            label="Type"
            error={errors.type?.message}
            required
            description="Pick a suggestion or type your own."
          >
            <Input list={suggestions} autoComplete="off" {...register('type')} />
          </Field>
          <datalist id={suggestions}>
            {MAINTENANCE_TYPES.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Due date" error={errors.dueDate?.message}>
              <Input type="date" {...register('dueDate')} />
            </Field>
            <Field label="Due mileage (mi)" error={errors.dueMileage?.message}>
              <Input type="number" inputMode="numeric" min={0} step={1} {...register('dueMileage')} />
            </Field>
          </div>
          <Field label="Cost (USD)" error={errors.cost?.message}>
            <Input type="number" inputMode="decimal" min={0} step="0.01" {...register('cost')} />
          </Field>
          <Field label="Notes" error={errors.notes?.message}>
            <Textarea rows={3} {...register('notes')} />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {record ? 'Save changes' : 'Schedule'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
