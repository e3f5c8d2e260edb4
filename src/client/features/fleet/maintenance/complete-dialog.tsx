import { Controller, useForm, useWatch } from 'react-hook-form';
import { LoaderCircleIcon } from 'lucide-react';
import { completeMaintenanceRequest, type MaintenanceRecord } from '@shared/contracts/fleet';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
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
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { errorMessageOf, fieldErrorsOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { orNull, schemaResolver } from '../drivers/schema-resolver';
import { vehicleLabel } from '../drivers/vehicle-picker';
import { useCompleteMaintenance } from '../people-api';
import {
  addMonths,
  formatDay,
  NEXT_SERVICE_MILES,
  NEXT_SERVICE_MONTHS,
  todayYmd,
} from './maintenance-format';

type Values = {
  completedDate: string;
  cost: string;
  notes: string;
  scheduleNext: boolean;
  nextDueDate: string;
  nextDueMileage: string;
};
type FieldName = keyof Values;
const FIELD_NAMES: readonly string[] = ['completedDate', 'cost', 'notes', 'nextDueDate', 'nextDueMileage'];

/** `next.dueDate` -> `nextDueDate`: the form keeps the next service's boxes flat. */
function fieldOf(path: PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first === 'next') return second === 'dueMileage' ? 'nextDueMileage' : 'nextDueDate';
  return first ?? 'completedDate';
}

const resolver = schemaResolver(
  completeMaintenanceRequest,
  (v: Values) => ({
    completedDate: v.completedDate,
    cost: orNull(v.cost),
    notes: orNull(v.notes),
    next: v.scheduleNext ? { dueDate: orNull(v.nextDueDate), dueMileage: orNull(v.nextDueMileage) } : null,
  }),
  fieldOf,
);

/**
 * The next service starts from the usual interval: six months after today when the record was due by
 * date (or by nothing in particular), 5,000 miles past the vehicle's mileage when due by mileage.
 */
function defaults(record: MaintenanceRecord): Values {
  const today = todayYmd();
  const byMileage = record.dueMileage !== null;
  const byDate = record.dueDate !== null || !byMileage;
  const fromMiles = Math.max(record.vehicle.mileage, record.dueMileage ?? 0);
  return {
    completedDate: today,
    cost: record.cost != null ? String(record.cost) : '',
    notes: record.notes ?? '',
    scheduleNext: true,
    nextDueDate: byDate ? addMonths(today, NEXT_SERVICE_MONTHS) : '',
    nextDueMileage: byMileage ? String(fromMiles + NEXT_SERVICE_MILES) : '',
  };
}

/** Mark a service done and, optionally, schedule the next one of the same type. */
export function CompleteDialog({
  record,
  open,
  onOpenChange,
}: {
  record: MaintenanceRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const complete = useCompleteMaintenance();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, ReturnType<typeof completeMaintenanceRequest.parse>>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: defaults(record),
  });
  const scheduleNext = useWatch({ control, name: 'scheduleNext' });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const result = await complete.mutateAsync({ id: record.id, input });
      const next = result.next;
      const nextText = next
        ? ` The next one is due ${[
            next.dueDate ? formatDay(next.dueDate) : null,
            next.dueMileage !== null ? `at ${next.dueMileage.toLocaleString('en-US')} mi` : null,
          ]
            .filter(Boolean)
            .join(' or ')}.`
        : '';
      toast({
        title: 'Maintenance completed',
        description: `${record.type} is done.${nextText}`,
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      let shown = false;
      for (const [key, message] of Object.entries(fieldErrorsOf(error))) {
        const field = fieldOf(key.split('.'));
        if (FIELD_NAMES.includes(field)) {
          setError(field as FieldName, { type: 'server', message });
          shown = true;
        }
      }
      if (!shown) {
        toast({
          title: 'Maintenance not completed',
          description: errorMessageOf(error, 'The maintenance could not be completed. Please try again.'),
          variant: 'destructive',
        });
      }
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Complete {record.type}</DialogTitle>
          <DialogDescription>{vehicleLabel(record.vehicle)}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Complete maintenance">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Completed date" error={errors.completedDate?.message} required>
              <Input type="date" max={todayYmd()} {...register('completedDate')} />
            </Field>
            <Field label="Cost (USD)" error={errors.cost?.message}>
              <Input type="number" inputMode="decimal" min={0} step="0.01" {...register('cost')} />
            </Field>
          </div>
          <Field label="Notes" error={errors.notes?.message}>
            <Textarea rows={2} {...register('notes')} />
          </Field>
          <fieldset className="grid gap-3 rounded-lg border p-4">
            <legend className="sr-only">Next service</legend>
            <div className="flex items-center gap-2">
              <Controller
                control={control}
                name="scheduleNext"
                render={({ field }) => (
                  <Checkbox
                    id="schedule-next"
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                )}
              />
              <Label htmlFor="schedule-next">Schedule the next one</Label>
            </div>
            {scheduleNext ? (
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <Field
                  label="Next due date"
                  error={errors.nextDueDate?.message}
                  description={`Usually ${NEXT_SERVICE_MONTHS} months on`}
                >
                  <Input type="date" {...register('nextDueDate')} />
                </Field>
                <Field
                  label="Next due mileage (mi)"
                  error={errors.nextDueMileage?.message}
                  description={`Usually ${NEXT_SERVICE_MILES.toLocaleString('en-US')} mi on`}
                >
                  <Input type="number" inputMode="numeric" min={0} step={1} {...register('nextDueMileage')} />
                </Field>
              </div>
            ) : null}
          </fieldset>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              Mark completed
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
