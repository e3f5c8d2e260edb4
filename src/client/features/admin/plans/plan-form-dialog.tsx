import { useEffect, useState } from 'react';
import { FormDialog } from '@client/components/form/form-dialog';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { createPlanRequest, type Plan } from '@shared/contracts/plans';
import { useCreatePlan, useEditPlan } from './api';
import { PLAN_TEXTS, toastPlanDone } from './plan-texts';
import { EMPTY_FORM, planInput, slugify, valuesOf, type PlanFormValues } from './plan-form-values';
import { PlanFormFields } from './plan-form-fields';

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
      onSubmit={onSubmit}
      width="2xl"
    >
      <PlanFormFields form={form} editing={editing} />
    </FormDialog>
  );
}
