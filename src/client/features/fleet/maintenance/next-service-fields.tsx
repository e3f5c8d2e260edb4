import { useWatch } from 'react-hook-form';
import { unitSuffix, type DistanceUnit } from '@shared/distance';
import { FieldRow } from '@client/components/field-row';
import { CheckboxField, TextField } from '@client/components/form/form-fields';
import type { CompleteSchemaForm } from './complete-form-values';
import { NEXT_SERVICE_DISTANCE, NEXT_SERVICE_MONTHS } from './maintenance-format';

/** Schedule the next one: its boxes show while the box is ticked. */
export function NextServiceFields({ form, unit }: { form: CompleteSchemaForm; unit: DistanceUnit }) {
  const scheduleNext = useWatch({ control: form.control, name: 'scheduleNext' });
  return (
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
  );
}
