import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { TextareaField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { createPlanRequest, DEFAULT_PLAN_FEATURES, type PlanFeatures } from '@shared/contracts/plans';
import { PLAN_FEATURE_FLAGS, PLAN_FEATURE_LABELS } from '@shared/plan-features';
import { useCreatePlan } from './api';
import { PLAN_TEXTS, toastPlanDone } from './plan-texts';
import { limitFromInput, priceFromInput } from './use-limits-editor';

/** What the inputs hold: numbers stay text until submit, so a blank limit can mean "unlimited". */
type PlanFormValues = {
  id: string;
  name: string;
  description: string;
  price: string;
  vehicleLimit: string;
  userLimit: string;
  features: PlanFeatures;
};

const EMPTY_FORM: PlanFormValues = {
  id: '',
  name: '',
  description: '',
  price: '',
  vehicleLimit: '',
  userLimit: '',
  features: { ...DEFAULT_PLAN_FEATURES },
};

/** The request the form's values make: new plans are monthly and created active (spec 2 §4). */
const planInput = (values: PlanFormValues) => ({
  ...values,
  price: priceFromInput(values.price),
  interval: 'month',
  vehicleLimit: limitFromInput(values.vehicleLimit),
  userLimit: limitFromInput(values.userLimit),
  active: true,
});

/** "Fleet Pro 2" -> "fleet-pro-2": a suggestion for the id while the id field is untouched. */
function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

const LIMIT_INPUT = {
  type: 'number',
  inputMode: 'numeric',
  min: 1,
  step: '1',
  placeholder: 'Unlimited',
} as const;

export function CreatePlanDialog({ open, onOpenChange }: DialogOpenProps) {
  const create = useCreatePlan();
  const form = useSchemaForm<PlanFormValues, typeof createPlanRequest>({
    schema: createPlanRequest,
    defaultValues: EMPTY_FORM,
    toInput: planInput,
  });
  const { setValue, reset, watch } = form;

  // The id follows the name until someone types in the id field.
  const [idTouched, setIdTouched] = useState(false);
  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'id') setIdTouched(true);
      if (name === 'name' && !idTouched) setValue('id', slugify(values.name ?? ''));
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue, idTouched]);

  function close(next: boolean) {
    if (!next) {
      reset(EMPTY_FORM);
      setIdTouched(false);
    }
    onOpenChange(next);
  }

  // A duplicate id (409) comes back on `errors.id` and lands on the id field.
  const onSubmit = form.submit(
    async (request) => {
      await create.mutateAsync(request);
      toastPlanDone(PLAN_TEXTS.created, PLAN_TEXTS.createdDescription);
      close(false);
    },
    { title: PLAN_TEXTS.createFailed, fallback: PLAN_TEXTS.createFailed, always: true },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Create Plan"
      description="New plans are active at once and appear on the pricing page for new customers."
      submitLabel="Create Plan"
      pending={form.formState.isSubmitting}
      onSubmit={onSubmit}
      width="2xl"
    >
      <FieldRow>
        <TextField form={form} name="name" label="Plan name" autoComplete="off" required />
        <TextField
          form={form}
          name="id"
          label="Plan id"
          description="Lowercase letters, numbers and dashes; it cannot change later."
          autoComplete="off"
          spellCheck={false}
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
    </FormDialog>
  );
}
