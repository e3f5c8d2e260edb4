import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useState } from 'react';
import { completeMaintenanceRequest, MAX_MILEAGE, type MaintenanceRecord } from '@shared/contracts/fleet';
import {
  distanceInput,
  formatDistance,
  fromMiles,
  unitSuffix,
  withDistanceBoxes,
  type DistanceUnit,
} from '@shared/distance';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { CheckboxField, TextareaField, TextField } from '@client/components/form/form-fields';
import { orNull, useSchemaForm } from '@client/components/form/use-schema-form';
import { toast } from '@client/lib/toast';
import { useCompleteMaintenance } from '../api';
import { useDistanceUnit } from '../shell/distance-unit';
import { vehicleLabel } from '../drivers/vehicle-picker';
import {
  addMonths,
  COST_INPUT,
  formatDay,
  NEXT_SERVICE_DISTANCE,
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

const toInput = (v: Values) => ({
  completedDate: v.completedDate,
  cost: orNull(v.cost),
  notes: orNull(v.notes),
  next: v.scheduleNext ? { dueDate: orNull(v.nextDueDate), dueMileage: v.nextDueMileage } : null,
});

/** `next.dueDate` -> `nextDueDate`: the form keeps the next service's boxes flat. */
function fieldOf(path: string): string {
  const [first, second] = path.split('.');
  if (first === 'next') return second === 'dueMileage' ? 'nextDueMileage' : 'nextDueDate';
  return first || 'completedDate';
}

/**
 * The next service starts from the usual interval: six months after today when the record was due by
 * date (or by nothing in particular), 5,000 mi (8,000 km) past the vehicle's mileage when due by mileage.
 */
function defaults(record: MaintenanceRecord, unit: DistanceUnit): Values {
  const today = todayYmd();
  const byMileage = record.dueMileage !== null;
  const byDate = record.dueDate !== null || !byMileage;
  const from = Math.max(record.vehicle.mileage, record.dueMileage ?? 0);
  return {
    completedDate: today,
    cost: record.cost != null ? String(record.cost) : '',
    notes: record.notes ?? '',
    scheduleNext: true,
    nextDueDate: byDate ? addMonths(today, NEXT_SERVICE_MONTHS) : '',
    nextDueMileage: byMileage ? String(fromMiles(from, unit) + NEXT_SERVICE_DISTANCE[unit]) : '',
  };
}

function nextText(next: MaintenanceRecord | null, unit: DistanceUnit): string {
  if (!next) return '';
  const when = [
    next.dueDate ? formatDay(next.dueDate) : null,
    next.dueMileage !== null ? `at ${formatDistance(next.dueMileage, unit)}` : null,
  ].filter(Boolean);
  return ` The next one is due ${when.join(' or ')}.`;
}

type CompleteDialogProps = { record: MaintenanceRecord } & DialogOpenProps;

/**
 * Mark a service done and, optionally, schedule the next one of the same type. The next due mileage is
 * typed in the account's distance unit; a change of unit starts the form again in it.
 */
export function CompleteDialog(props: CompleteDialogProps) {
  const unit = useDistanceUnit();
  return <CompleteForm key={unit} unit={unit} {...props} />;
}

function CompleteForm({ record, unit, open, onOpenChange }: CompleteDialogProps & { unit: DistanceUnit }) {
  const complete = useCompleteMaintenance();
  const [schema] = useState(() =>
    withDistanceBoxes(
      {
        next: withDistanceBoxes(
          { dueMileage: distanceInput('Next due mileage', unit, MAX_MILEAGE) },
          z.unknown(),
        ).nullable(),
      },
      completeMaintenanceRequest,
    ),
  );
  const form = useSchemaForm({
    schema,
    defaultValues: defaults(record, unit),
    toInput,
    fieldOf,
  });
  const scheduleNext = useWatch({ control: form.control, name: 'scheduleNext' });

  const onSubmit = form.submit(
    async (input) => {
      const result = await complete.mutateAsync({ id: record.id, input });
      toast({
        title: 'Maintenance completed',
        description: `${record.type} is done.${nextText(result.next, unit)}`,
        variant: 'success',
      });
      onOpenChange(false);
    },
    {
      title: 'Maintenance not completed',
      fallback: 'The maintenance could not be completed. Please try again.',
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Complete ${record.type}`}
      description={vehicleLabel(record.vehicle)}
      submitLabel="Mark completed"
      pending={form.formState.isSubmitting}
      onSubmit={onSubmit}
      width="xl"
    >
      <FieldRow>
        <TextField
          form={form}
          name="completedDate"
          label="Completed date"
          required
          type="date"
          max={todayYmd()}
        />
        <TextField form={form} name="cost" label="Cost (USD)" {...COST_INPUT} />
      </FieldRow>
      <TextareaField form={form} name="notes" label="Notes" rows={2} />
      <fieldset className="grid gap-3 rounded-lg border p-4">
        <legend className="sr-only">Next service</legend>
        <CheckboxField form={form} name="scheduleNext" label="Schedule the next one" />
        {scheduleNext ? (
          <FieldRow>
            <TextField
              form={form}
              name="nextDueDate"
              label="Next due date"
              description={`Usually ${NEXT_SERVICE_MONTHS} months on`}
              type="date"
            />
            <TextField
              form={form}
              name="nextDueMileage"
              label={`Next due mileage (${unitSuffix(unit)})`}
              description={`Usually ${NEXT_SERVICE_DISTANCE[unit].toLocaleString('en-US')} ${unitSuffix(unit)} on`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
            />
          </FieldRow>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}
