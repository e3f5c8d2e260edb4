import { apiJsonUnchecked } from '@client/lib/api';
import type { PaidResult } from './card-form-types';

/** The card form's own calls (the caller's follow-up calls stay in its area's api file). */

export type SandboxCard = { number: string; expMonth: number; expYear: number; cvc: string };

type TokenizeAnswer = {
  id: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
};

/** Sandbox: card details -> a payment method id (customer session required). */
export function sandboxTokenize(card: SandboxCard): Promise<TokenizeAnswer> {
  return apiJsonUnchecked<TokenizeAnswer>('POST', '/api/payments/sandbox/payment-methods', { card });
}

/** Sandbox: pays a checkout. 402 with the card's refusal, 400 with field errors. */
export function sandboxConfirm(clientSecret: string, card: SandboxCard): Promise<PaidResult> {
  return apiJsonUnchecked<PaidResult>('POST', '/api/payments/sandbox/confirm', { clientSecret, card });
}

/** Stripe: reports a payment Stripe.js confirmed, so the subscription starts without waiting for the webhook. */
export function completeCheckout(paymentIntentId: string): Promise<PaidResult> {
  return apiJsonUnchecked<PaidResult>('POST', '/api/checkout/complete', { paymentIntentId });
}
