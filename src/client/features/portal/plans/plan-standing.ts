import type { BillingInfo } from '@shared/contracts/portal';
import type { Plan } from '@shared/contracts/plans';
import type { PendingAction } from './plan-cards';

/** What a plan card and its footer are given: the plan, the account's billing and the way to act. */
export type PlanCardProps = {
  plan: Plan;
  billing: BillingInfo;
  onChoose: (action: Exclude<PendingAction, null>) => void;
  busy: boolean;
};

/** Whether the card's plan is the account's plan now, or the one it moves to at the period's end. */
export function planStanding(plan: Plan, billing: BillingInfo) {
  return {
    isCurrent: plan.id === billing.currentPlan.id,
    isScheduled: billing.scheduledPlan?.id === plan.id,
  };
}
