import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@shared/contracts/plans';
import type { BillingInfo, PlanChangePreview } from '@shared/contracts/portal';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { needsCard, PlanChangePreviewView } from '@client/components/payments/plan-change-preview';
import { formatDate } from '@client/lib/format';
import { planChangePreviewQuery } from '../api';

export type PlanChange = { kind: 'upgrade' | 'downgrade'; plan: Plan };

/**
 * The confirmation of an upgrade or a downgrade. It asks the server first what the change would
 * charge and when (the same function the change itself uses), and the confirm button waits for
 * that answer: nothing is charged that was not shown here.
 */
export function PlanChangeDialog({
  email,
  change,
  billing,
  pending,
  onOpenChange,
  onConfirm,
}: {
  email: string;
  change: PlanChange;
  billing: BillingInfo;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (preview: PlanChangePreview) => Promise<void>;
}) {
  const preview = useQuery(planChangePreviewQuery(email, change.plan.id));
  const verb = change.kind === 'upgrade' ? 'Upgrade' : 'Downgrade';
  const periodEnd = formatDate(billing.currentPeriodEnd) ?? 'the end of your billing period';
  const description =
    change.kind === 'upgrade' ? (
      <p>
        {change.plan.name} applies immediately, with its limits and features. The amount below is what is
        charged when you confirm.
      </p>
    ) : (
      <p>
        The change takes effect at the end of your billing period, on {periodEnd}. Until then you keep{' '}
        {billing.currentPlan.name} and its limits.
      </p>
    );

  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={`${verb} to ${change.plan.name}?`}
      description={description}
      confirmLabel={`${verb} to ${change.plan.name}`}
      cancelLabel="Keep current plan"
      variant="default"
      pending={pending}
      confirmDisabled={!preview.isSuccess || preview.isFetching || needsCard(preview.data)}
      onConfirm={() => (preview.data ? onConfirm(preview.data) : undefined)}
    >
      <PlanChangePreviewView
        preview={preview}
        target={change.plan}
        reader="customer"
        noCard="Add a payment method under Billing & Payments first: the amount above is charged when you upgrade."
      />
    </ConfirmDialog>
  );
}
