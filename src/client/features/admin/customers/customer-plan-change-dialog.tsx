import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StaffCustomerDetail } from '@shared/contracts/staff-customers';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { OptionSelect } from '@client/components/form/option-select';
import { needsCard, PlanChangePreviewView } from '@client/components/payments/plan-change-preview';
import { Field } from '@client/components/ui/field';
import { customerPlanChangePreviewQuery, customerPlansQuery } from './api';
import { planOptionLabel } from './customer-plan-fields';
import { useConfirmPlanChange } from './use-confirm-plan-change';

/**
 * Staff move a paying customer to another plan on billing's rules, as the customer would from their
 * Plans tab: the server's preview first (what is charged today, the new monthly price and from when),
 * then the change with the amount shown. An upgrade charges the prorated difference to the customer's
 * card at once; a downgrade is scheduled for the end of the paid period. The dialog stays open when the
 * amount moved on since the preview, showing the new one to confirm.
 */
export function CustomerPlanChangeDialog({
  customer,
  ...dialog
}: DialogOpenProps & { customer: StaffCustomerDetail }) {
  const plans = useQuery(customerPlansQuery);
  const [planId, setPlanId] = useState('');
  const preview = useQuery(customerPlanChangePreviewQuery(customer.id, planId));
  const target = plans.data?.find((p) => p.id === planId);
  const options = (plans.data ?? [])
    .filter((p) => p.id !== customer.planId)
    .map((p) => ({ value: p.id, label: planOptionLabel(p) }));

  const kind = preview.data?.kind;
  const confirmLabel = !target
    ? 'Change plan'
    : kind === 'downgrade'
      ? `Schedule ${target.name}`
      : `Upgrade to ${target.name}`;

  const onConfirm = useConfirmPlanChange(customer.id, planId, preview, () => dialog.onOpenChange(false));

  return (
    <ConfirmDialog
      {...dialog}
      title={`Change ${customer.companyName}'s plan`}
      description={
        <p>
          {customer.companyName} pays for {customer.planName ?? 'their plan'}. An upgrade applies at once and
          charges the prorated difference to their card on file; a downgrade applies at the end of the paid
          period.
        </p>
      }
      confirmLabel={confirmLabel}
      cancelLabel="Keep current plan"
      variant="default"
      confirmDisabled={!target || !preview.isSuccess || preview.isFetching || needsCard(preview.data)}
      onConfirm={onConfirm}
    >
      <div className="grid gap-4">
        <Field label="New plan">
          <OptionSelect
            value={planId}
            onChange={setPlanId}
            options={options}
            placeholder={plans.isPending ? 'Loading plans…' : 'Choose a plan'}
            trigger={{ className: 'w-full', disabled: plans.isPending }}
          />
        </Field>
        {target ? (
          <PlanChangePreviewView
            preview={preview}
            target={target}
            reader="staff"
            noCard={`${customer.companyName} has no card on file, so the amount above cannot be charged. Ask them to add one under Billing & Payments in their portal, then try again.`}
          />
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
