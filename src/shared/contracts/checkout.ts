import { z } from 'zod';
import { createSubscriptionResponse } from './portal';

/**
 * What the checkout page says before the payment (issue 9): the plan, its monthly price, what is charged
 * today, and what happens to the trial days left. Handed only to someone allowed to pay this subscription
 * (its fleet admin, or a payment link's holder), with the client secret: the terms of the payment, not
 * anything else about the customer. Amounts in US dollars, dates as ISO strings.
 */
export const checkoutTerms = z.object({
  planId: z.string(),
  planName: z.string(),
  monthlyPrice: z.number(),
  dueToday: z.number(),
  /** When the trial ends, while trial days are left (they are kept); null outside a trial. */
  trialEndsAt: z.string().nullable(),
  trialDaysKept: z.number().int(),
  /** The end of the first period this payment pays for: one month after the trial's end, or after today. */
  periodEnd: z.string(),
});
export type CheckoutTermsView = z.infer<typeof checkoutTerms>;

/**
 * What a staff payment request asks for (docs/billing-admin.md), shown on the checkout of its
 * payment link instead of a subscription's terms. Dollars; the due date as YYYY-MM-DD.
 */
export const paymentRequestTerms = z.object({
  description: z.string(),
  amount: z.number(),
  dueDate: z.string(),
});
export type PaymentRequestTermsView = z.infer<typeof paymentRequestTerms>;

/**
 * POST /api/create-subscription: the card form's client secret and config, and the payment's terms:
 * a subscription's, or (opened with a payment request's link) the request's.
 */
export const subscriptionCheckoutStart = createSubscriptionResponse.extend({ terms: checkoutTerms });
export const requestCheckoutStart = createSubscriptionResponse.extend({ request: paymentRequestTerms });
export const checkoutStart = z.union([subscriptionCheckoutStart, requestCheckoutStart]);
export type CheckoutStart = z.infer<typeof checkoutStart>;
