import type { BillingInfo } from '@shared/contracts/portal';
import { formatDate, formatMoney } from '@client/lib/format';

export type SubscriptionAction = { kind: 'cancel' } | { kind: 'resume' };

/**
 * What the confirmation of a cancellation, or of taking it back, says and its buttons. Plan changes
 * have their own dialog, with the server's figures (plan-change-dialog.tsx).
 */
export function confirmationText(
  action: SubscriptionAction,
  billing: BillingInfo,
  /** What the next period costs: the plan's price in the catalogue, which the renewal charges. */
  renewalPrice: number,
) {
  const periodEnd = formatDate(billing.currentPeriodEnd) ?? 'the end of your billing period';
  if (action.kind === 'resume') {
    const trialing = billing.subscriptionStatus === 'trialing';
    return {
      title: 'Resume your subscription?',
      confirmLabel: 'Resume Subscription',
      cancelLabel: 'Keep cancellation',
      variant: 'default' as const,
      body: (
        <>
          <p>
            Your subscription will no longer end on {periodEnd}. {billing.currentPlan.name} continues as
            before.
          </p>
          <p>
            {trialing ? 'When your trial ends on' : 'On'} {periodEnd} you are charged{' '}
            {formatMoney(renewalPrice)} for the next month, then each month. Nothing is charged today.
          </p>
        </>
      ),
    };
  }
  return {
    title: 'Cancel your subscription?',
    confirmLabel: 'Cancel Subscription',
    cancelLabel: 'Keep subscription',
    variant: 'destructive' as const,
    body: (
      <>
        <p>
          You keep full access to {billing.currentPlan.name} until {periodEnd}. After that your account stops
          and you are not charged again.
        </p>
        <p className="font-medium text-foreground">
          You can take the cancellation back on the Plans tab until {periodEnd}.
        </p>
      </>
    ),
  };
}
