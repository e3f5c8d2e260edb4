import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { Plan } from '@shared/contracts/plans';
import type { StaffCustomerDetail } from '@shared/contracts/staff-customers';
import { paysForPlan } from '@shared/statuses';
import { SelectField } from '@client/components/form/form-fields';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { formatMoney } from '@client/lib/format';
import { customerPlansQuery } from './api';
import { formatLimit } from './customer-format';
import { DEFAULT_PLAN_ID, type CustomerFormApi } from './customer-form-values';
import { CustomerPlanChangeDialog } from './customer-plan-change-dialog';

/** A new customer's limits before a plan is chosen. */
const NEW_CUSTOMER_LIMITS = { vehicles: 10, users: 5 };

/**
 * Keeps the form's plan in step: a paying customer's follows the server's (moved by Change plan), and a
 * new customer starts on the default plan once the plans are known.
 */
function useSyncPlanField(
  form: CustomerFormApi,
  customer: StaffCustomerDetail | null,
  paying: boolean,
  plans: Plan[] | undefined,
) {
  // The customer's plan as the server has it, once it moves under the open form (an upgrade made with
  // Change plan): saving the form must not ask to put the old plan back.
  const serverPlanId = customer?.planId ?? null;
  useEffect(() => {
    if (serverPlanId && paying) form.resetField('planId', { defaultValue: serverPlanId });
  }, [serverPlanId, paying, form]);

  // A new customer starts on Professional once the plans are known, if it is offered.
  const isNew = customer === null;
  useEffect(() => {
    if (!isNew || !plans || form.getValues('planId')) return;
    if (plans.some((p) => p.id === DEFAULT_PLAN_ID)) form.setValue('planId', DEFAULT_PLAN_ID);
  }, [isNew, plans, form]);
}

/** The limits the chosen plan brings; the customer's own while on their plan; a new customer's before. */
function limitsOf(chosen: Plan | undefined, customer: StaffCustomerDetail | null, planId: string) {
  return chosen
    ? { vehicles: formatLimit(chosen.vehicleLimit), users: formatLimit(chosen.userLimit) }
    : customer && planId === customer.planId
      ? { vehicles: formatLimit(customer.carLimit), users: formatLimit(customer.userLimit) }
      : { vehicles: String(NEW_CUSTOMER_LIMITS.vehicles), users: String(NEW_CUSTOMER_LIMITS.users) };
}

/**
 * The plan select (active plans, required) and the limits it brings, read-only: the server copies the
 * chosen plan's limits onto the customer, so what shows here is what the customer gets. A plan without a
 * limit is unlimited. An existing customer on a plan no longer offered keeps it as a choice.
 *
 * A paying customer's plan is not a field to save: changing it charges or schedules, so it is locked
 * here and changed with Change plan, which previews and confirms the change on billing's rules.
 */
export function CustomerPlanFields({
  form,
  customer,
}: {
  form: CustomerFormApi;
  /** The customer being edited; none for a new one. */
  customer: StaffCustomerDetail | null;
}) {
  const plans = useQuery(customerPlansQuery);
  const planId = useWatch({ control: form.control, name: 'planId' });
  const available = plans.data ?? [];
  const paying = customer !== null && paysForPlan(customer.subscriptionStatus);
  const [changing, setChanging] = useState(false);

  useSyncPlanField(form, customer, paying, plans.data);

  const options = available.map((p) => ({ value: p.id, label: planOptionLabel(p) }));
  if (customer?.planId && !available.some((p) => p.id === customer.planId)) {
    options.unshift({ value: customer.planId, label: `${customer.planName ?? customer.planId} (current)` });
  }

  const chosen = available.find((p) => p.id === planId);
  const limits = limitsOf(chosen, customer, planId);

  return (
    <>
      <SelectField
        form={form}
        name="planId"
        label="Plan"
        required
        options={options}
        placeholder={
          plans.isPending ? 'Loading plans…' : plans.isError ? 'Plans could not be loaded' : 'Choose a plan'
        }
        disabled={plans.isPending || paying}
        description={
          paying
            ? 'This customer pays for their plan: an upgrade is charged and a downgrade waits for the end of the paid period. Use Change plan to see the amount first.'
            : 'The vehicle and user limits come from the plan and change with it.'
        }
      />
      {paying && customer ? (
        <>
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => setChanging(true)}
          >
            Change plan…
          </Button>
          {changing ? <CustomerPlanChangeDialog customer={customer} open onOpenChange={setChanging} /> : null}
        </>
      ) : null}
      {/* Two short figures: side by side on phones too. */}
      <div className="grid grid-cols-2 items-start gap-4">
        <Field label="Vehicle limit">
          <Input readOnly value={limits.vehicles} className="bg-muted" data-testid="vehicle-limit" />
        </Field>
        <Field label="User limit">
          <Input readOnly value={limits.users} className="bg-muted" data-testid="user-limit" />
        </Field>
      </div>
    </>
  );
}

export function planOptionLabel(p: Plan): string {
  return `${p.name} · ${formatMoney(p.price)}/mo`;
}
