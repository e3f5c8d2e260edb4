/*
 * The trial rule, said the same way wherever a customer decides how to pay during the trial: the trial
 * banner, the checkout and Billing's payment methods (docs/billing.md, "Trial days are never lost";
 * docs/decisions/0005-customer-side-checkout.md). The server applies it in billing/checkout/checkout-terms.ts.
 */

/** The rule in one sentence. */
export const TRIAL_RULE = 'Trial days are never lost: your first paid month starts when your trial ends.';

/** '1 day', '10 days'. */
export function dayCount(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * What today's checkout payment pays for, after the rule: the trial days left and the month after them,
 * or (out of a trial) the month from today.
 */
export function checkoutPeriodText(trialDaysKept: number, periodEnd: string): string {
  return trialDaysKept > 0
    ? `Today's payment covers your ${dayCount(trialDaysKept)} of trial left and the month after them, until ${periodEnd}. Your next payment is due then.`
    : `Your first month starts today and runs until ${periodEnd}, when your next payment is due.`;
}

/** With a card on file during the trial: when and how much it is first charged. */
export function trialChargeText(price: string, trialEnd: string): string {
  return `Your primary card is charged ${price} on ${trialEnd}.`;
}

const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** `December 5, 2026` in the browser's timezone. */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));
