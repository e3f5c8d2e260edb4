import type { ReactNode } from 'react';
import type { Plan } from '@shared/contracts/plans';
import type { BillingInfo } from '@shared/contracts/portal';
import { formatDate, formatMoney } from '../billing/format';
import { limitText, type PendingAction } from './plan-cards';

/** What the confirmation of a plan change or a cancellation says, and its buttons. */
export function confirmationText(action: Exclude<PendingAction, null>, billing: BillingInfo) {
  const periodEnd = formatDate(billing.currentPeriodEnd) ?? 'the end of your billing period';
  if (action.kind === 'cancel') {
    return {
      title: 'Cancel your subscription?',
      confirmLabel: 'Cancel Subscription',
      cancelLabel: 'Keep subscription',
      variant: 'destructive' as const,
      body: (
        <>
          <p>
            You keep full access to {billing.currentPlan.name} until {periodEnd}. After that your account
            stops and you are not charged again.
          </p>
          <p className="font-medium text-foreground">This cannot be undone.</p>
        </>
      ),
    };
  }
  if (action.kind === 'upgrade') {
    const trialing = billing.subscriptionStatus === 'trialing';
    return planChangeText(
      'Upgrade',
      action.plan,
      <>
        <p>
          The upgrade applies immediately: {action.plan.name} costs {formatMoney(action.plan.price)}/month.
        </p>
        {trialing ? (
          <p>You are on a free trial, so nothing is charged now.</p>
        ) : (
          <p>
            The prorated difference for the rest of this billing period (until {periodEnd}) is charged now to
            your default payment method. After that you pay {formatMoney(action.plan.price)} each month.
          </p>
        )}
      </>,
    );
  }
  return planChangeText(
    'Downgrade',
    action.plan,
    <>
      <p>
        The change takes effect at the end of your billing period, on {periodEnd}. Until then you keep{' '}
        {billing.currentPlan.name} and its limits.
      </p>
      <p>
        From then on you pay {formatMoney(action.plan.price)}/month, with{' '}
        {limitText(action.plan.vehicleLimit, 'vehicles').toLowerCase()} and{' '}
        {limitText(action.plan.userLimit, 'users').toLowerCase()}.
      </p>
    </>,
  );
}

/** An upgrade and a downgrade are asked the same way; only the verb and what it means differ. */
function planChangeText(verb: 'Upgrade' | 'Downgrade', plan: Plan, body: ReactNode) {
  return {
    title: `${verb} to ${plan.name}?`,
    confirmLabel: `${verb} to ${plan.name}`,
    cancelLabel: 'Keep current plan',
    variant: 'default' as const,
    body,
  };
}
