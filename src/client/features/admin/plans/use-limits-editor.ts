import { useState } from 'react';
import { updatePlanLimitsRequest, type Plan } from '@shared/contracts/plans';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { useUpdatePlanLimits } from './api';
import { PLAN_TEXTS, toastPlanDone } from './plan-texts';

export type LimitsField = 'price' | 'vehicleLimit' | 'userLimit';
type LimitsValues = Record<LimitsField, string>;

const draftOf = (plan: Plan): LimitsValues => ({
  price: String(plan.price),
  vehicleLimit: plan.vehicleLimit === null ? '' : String(plan.vehicleLimit),
  userLimit: plan.userLimit === null ? '' : String(plan.userLimit),
});

/** Blank is "unlimited" (null); anything else must read as a number, else NaN fails the schema. */
export const limitFromInput = (value: string): number | null => (value.trim() === '' ? null : Number(value));
/** A blank price is missing, not 0, so the schema says it is required. */
export const priceFromInput = (value: string): number | undefined =>
  value.trim() === '' ? undefined : Number(value);

const limitsInput = (values: LimitsValues) => ({
  price: priceFromInput(values.price),
  vehicleLimit: limitFromInput(values.vehicleLimit),
  userLimit: limitFromInput(values.userLimit),
});

/**
 * The inline edit of a plan's price and limits (PUT /api/plans/:id), shared by the grid card and the
 * table row: a small form on the shared schema, whose server field errors land on their inputs.
 */
export function useLimitsEditor(plan: Plan) {
  const [editing, setEditing] = useState(false);
  const update = useUpdatePlanLimits();
  const form = useSchemaForm<LimitsValues, typeof updatePlanLimitsRequest>({
    schema: updatePlanLimitsRequest,
    defaultValues: draftOf(plan),
    toInput: limitsInput,
  });

  function start() {
    form.reset(draftOf(plan));
    setEditing(true);
  }

  function cancel() {
    form.clearErrors();
    setEditing(false);
  }

  const save = form.submit(
    async (limits) => {
      await update.mutateAsync({ id: plan.id, ...limits });
      toastPlanDone(PLAN_TEXTS.updated, PLAN_TEXTS.updatedDescription);
      setEditing(false);
    },
    { title: PLAN_TEXTS.updateFailed, fallback: PLAN_TEXTS.updateFailed, always: true },
  );

  return { editing, form, start, cancel, save, isSaving: form.formState.isSubmitting };
}

export type LimitsEditor = ReturnType<typeof useLimitsEditor>;
