import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { TextareaField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import type { DialogOpenProps } from '@client/components/dialog-open';
import {
  createPlanRequest,
  DEFAULT_PLAN_FEATURES,
  type Plan,
  type PlanFeatures,
} from '@shared/contracts/plans';
import { PLAN_FEATURE_FLAGS, PLAN_FEATURE_LABELS } from '@shared/plan-features';
import { useCreatePlan, useEditPlan } from './api';
import { PLAN_TEXTS, toastPlanDone } from './plan-texts';

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

/** The form's values for a plan being edited. */
const valuesOf = (plan: Plan): PlanFormValues => ({
  id: plan.id,
  name: plan.name,
  description: plan.description,
  price: String(plan.price),
  vehicleLimit: plan.vehicleLimit === null ? '' : String(plan.vehicleLimit),
  userLimit: plan.userLimit === null ? '' : String(plan.userLimit),
  features: { ...DEFAULT_PLAN_FEATURES, ...plan.features },
});

/** Blank is "unlimited" (null); anything else must read as a number, else NaN fails the schema. */
const limitFromInput = (value: string): number | null => (value.trim() === '' ? null : Number(value));
/** A blank price is missing, not 0, so the schema says it is required. */
const priceFromInput = (value: string): number | undefined =>
  value.trim() === '' ? undefined : Number(value);

/** The request the form's values make: new plans are monthly and created active. */
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

/**
 * The one plan form: Create Plan, and Edit for an existing plan (`plan`), which opens with its values and
 * changes everything but the id (PATCH /api/plans/:id). Both validate with the create contract, so a
 * field means the same in both; a name another plan carries comes back on the name field. The screen
 * mounts it per plan (`key`), so a plan's values are read once, when it opens.
 */
export function PlanFormDialog({ open, onOpenChange, plan }: DialogOpenProps & { plan: Plan | null }) {
  const create = useCreatePlan();
  const edit = useEditPlan();
  const editing = plan !== null;
  const form = useSchemaForm<PlanFormValues, typeof createPlanRequest>({
    schema: createPlanRequest,
    defaultValues: plan ? valuesOf(plan) : EMPTY_FORM,
    toInput: planInput,
  });
  const { setValue, reset, watch } = form;

  // A new plan's id follows the name until someone types in the id field; an existing one's never moves.
  const [idTouched, setIdTouched] = useState(editing);
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
      reset(plan ? valuesOf(plan) : EMPTY_FORM);
      setIdTouched(editing);
    }
    onOpenChange(next);
  }

  // A duplicate id (409) comes back on `errors.id`, a taken name on `errors.name`: each on its field.
  const failed = editing ? PLAN_TEXTS.updateFailed : PLAN_TEXTS.createFailed;
  const onSubmit = form.submit(
    async (request) => {
      if (plan) {
        const { name, description, price, vehicleLimit, userLimit, features } = request;
        await edit.mutateAsync({ id: plan.id, name, description, price, vehicleLimit, userLimit, features });
        toastPlanDone(PLAN_TEXTS.updated, PLAN_TEXTS.updatedDescription);
      } else {
        await create.mutateAsync(request);
        toastPlanDone(PLAN_TEXTS.created, PLAN_TEXTS.createdDescription);
      }
      close(false);
    },
    { title: failed, fallback: failed, always: true },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={plan ? `Edit ${plan.name}` : 'Create Plan'}
      description={
        plan
          ? 'The pricing page shows the changes at once. Customers already on the plan keep their own vehicle and user limits (changed per customer); a new price is charged from their next renewal.'
          : 'New plans are active at once and appear on the pricing page for new customers.'
      }
      submitLabel={plan ? 'Save Changes' : 'Create Plan'}
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
