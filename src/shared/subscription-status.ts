/**
 * The subscription statuses in which a customer pays for their plan: an active subscription, or one
 * whose last renewal failed and is being retried. A plan change for such a customer goes through
 * billing (an upgrade is charged, a downgrade waits for the period end); a trial, a pending sign-up or
 * a cancelled subscription has nothing to charge or schedule.
 */
export const PAYING_SUBSCRIPTION_STATUSES = ['active', 'past_due'] as const;

export function paysForPlan(subscriptionStatus: string | null | undefined): boolean {
  return (PAYING_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscriptionStatus ?? '');
}
