import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { cancelledPlanChangeMessage } from '@shared/contracts/portal';
import { Button } from '@client/components/ui/button';
import { CardFooter } from '@client/components/ui/card';
import { formatDate } from '@client/lib/format';
import { planStanding, type PlanCardProps } from './plan-standing';

/** Plan changes the server accepts only on a running subscription (trialing or active). */
const CHANGEABLE = new Set(['trialing', 'active']);

/**
 * A plan card's button (cancel the current plan, upgrade, downgrade, or none at the same price) and the
 * line under it saying why it cannot be pressed.
 */
export function PlanCardFooter({ plan, billing, onChoose, busy }: PlanCardProps) {
  const { isCurrent, isScheduled } = planStanding(plan, billing);
  const changeable = CHANGEABLE.has(billing.subscriptionStatus);
  const currentPrice = billing.currentPlan.price;

  let action: ReactNode;
  let hint: string | null = null;
  if (isCurrent) {
    action = (
      <Button
        variant="outline"
        className="w-full text-destructive hover:text-destructive"
        disabled={busy || billing.cancelAtPeriodEnd || billing.subscriptionStatus === 'canceled'}
        onClick={() => onChoose({ kind: 'cancel' })}
      >
        Cancel Subscription
      </Button>
    );
    if (billing.cancelAtPeriodEnd)
      hint = 'Cancellation is already scheduled. Resume Subscription (above) keeps this plan.';
  } else if (plan.price > currentPrice) {
    action = (
      <Button
        className="w-full"
        disabled={busy || !changeable || billing.cancelAtPeriodEnd}
        onClick={() => onChoose({ kind: 'upgrade', plan })}
      >
        <ArrowUpIcon aria-hidden="true" />
        Upgrade to {plan.name}
      </Button>
    );
  } else if (plan.price < currentPrice) {
    action = (
      <Button
        variant="outline"
        className="w-full"
        disabled={busy || !changeable || isScheduled || billing.cancelAtPeriodEnd}
        onClick={() => onChoose({ kind: 'downgrade', plan })}
      >
        <ArrowDownIcon aria-hidden="true" />
        Downgrade to {plan.name}
      </Button>
    );
    if (isScheduled) hint = 'This change is already scheduled.';
  } else {
    action = (
      <Button variant="outline" className="w-full" disabled>
        Same price as your plan
      </Button>
    );
    hint = 'Contact support to switch between plans of the same price.';
  }
  if (!isCurrent && billing.cancelAtPeriodEnd && !hint) {
    hint = cancelledPlanChangeMessage(formatDate(billing.currentPeriodEnd) ?? 'the end of this period');
  }
  if (!isCurrent && !changeable && !hint) hint = 'Complete your payment first to change plans.';

  return (
    <CardFooter className="flex-col items-stretch gap-2">
      {action}
      {hint ? <p className="text-center text-xs text-muted-foreground">{hint}</p> : null}
    </CardFooter>
  );
}
