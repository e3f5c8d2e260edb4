import { Controller } from 'react-hook-form';
import { FieldRow } from '@client/components/field-row';
import { TextareaField, TextField } from '@client/components/form/form-fields';
import type { SchemaForm } from '@client/components/form/use-schema-form';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { createPlanRequest } from '@shared/contracts/plans';
import { PLAN_FEATURE_FLAGS, PLAN_FEATURE_LABELS } from '@shared/plan-features';
import type { PlanFormValues } from './plan-form-values';

const LIMIT_INPUT = {
  type: 'number',
  inputMode: 'numeric',
  min: 1,
  step: '1',
  placeholder: 'Unlimited',
} as const;

/** The plan form's fields: name and id, description, price and limits, and the feature switches. */
export function PlanFormFields({
  form,
  editing,
}: {
  form: SchemaForm<PlanFormValues, typeof createPlanRequest>;
  editing: boolean;
}) {
  return (
    <>
      <FieldRow>
        <TextField form={form} name="name" label="Plan name" autoComplete="off" required />
        <TextField
          form={form}
          name="id"
          label="Plan id"
          description={
            editing
              ? 'The id stays as created: subscriptions and invoices refer to it.'
              : 'Lowercase letters, numbers and dashes; it cannot change later.'
          }
          autoComplete="off"
          spellCheck={false}
          readOnly={editing}
          required
        />
      </FieldRow>
      <TextareaField form={form} name="description" label="Description" rows={2} />
      <FieldRow columns={3}>
        <TextField
          form={form}
          name="price"
          label="Price per month (USD)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          required
        />
        <TextField
          {...LIMIT_INPUT}
          form={form}
          name="vehicleLimit"
          label="Vehicle limit"
          description="Blank means unlimited"
        />
        <TextField
          {...LIMIT_INPUT}
          form={form}
          name="userLimit"
          label="User limit"
          description="Blank means unlimited"
        />
      </FieldRow>
      <PlanFeatureSwitches form={form} />
    </>
  );
}

/** A switch per plan feature, in two columns where there is room. */
function PlanFeatureSwitches({ form }: { form: SchemaForm<PlanFormValues, typeof createPlanRequest> }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Features</legend>
      <div className="grid gap-x-6 gap-y-3 rounded-lg border p-3 sm:grid-cols-2">
        {PLAN_FEATURE_FLAGS.map((flag) => (
          <Controller
            key={flag}
            control={form.control}
            name={`features.${flag}`}
            render={({ field }) => (
              <div className="flex items-center justify-between gap-3">
                <Label htmlFor={`plan-feature-${flag}`} className="font-normal">
                  {PLAN_FEATURE_LABELS[flag]}
                </Label>
                <Switch
                  id={`plan-feature-${flag}`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </div>
            )}
          />
        ))}
      </div>
    </fieldset>
  );
}
