import { useState } from 'react';
import type { MaintenanceRecord } from '@shared/contracts/fleet';
import { formatDistance, type DistanceUnit } from '@shared/distance';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { TextareaField, TextField } from '@client/components/form/form-fields';
import { saveAndClose } from '@client/components/form/save-and-close';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { useCompleteMaintenance } from '../api';
import { useDistanceUnit } from '../shell/distance-unit';
import { vehicleLabel } from '../drivers/vehicle-label';
import {
  completeDefaults,
  completeFieldOf,
  completeFormSchema,
  completeToInput,
} from './complete-form-values';
import { COST_INPUT, formatDay, todayYmd } from './maintenance-format';
import { NextServiceFields } from './next-service-fields';

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

function CompleteForm({ record, unit, ...dialog }: CompleteDialogProps & { unit: DistanceUnit }) {
  const complete = useCompleteMaintenance();
  const [schema] = useState(() => completeFormSchema(unit));
  const form = useSchemaForm({
    schema,
    defaultValues: completeDefaults(record, unit),
    toInput: completeToInput,
    fieldOf: completeFieldOf,
  });

  const onSubmit = form.submit(
    saveAndClose(
      (input) => complete.mutateAsync({ id: record.id, input }),
      (_input, result) => ({
        title: 'Maintenance completed',
        description: `${record.type} is done.${nextText(result.next, unit)}`,
      }),
      dialog.onOpenChange,
    ),
    {
      title: 'Maintenance not completed',
      fallback: 'The maintenance could not be completed. Please try again.',
    },
  );

  return (
    <FormDialog
      {...dialog}
      title={`Complete ${record.type}`}
      description={vehicleLabel(record.vehicle)}
      submitLabel="Mark completed"
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
      <NextServiceFields form={form} unit={unit} />
    </FormDialog>
  );
}
