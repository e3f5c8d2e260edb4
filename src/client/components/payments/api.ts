import { checkoutResult, sandboxPaymentMethodResponse } from '@shared/contracts/portal';
import { apiJson } from '@client/lib/calls';
import type { PaidResult } from './card-form-types';

/** The card form's own calls (the caller's follow-up calls stay in its area's api file). */

export type SandboxCard = { number: string; expMonth: number; expYear: number; cvc: string };

/** Sandbox: card details -> a payment method id (customer session required). */
export function sandboxTokenize(card: SandboxCard) {
  return apiJson('POST', '/api/payments/sandbox/payment-methods', sandboxPaymentMethodResponse, { card });
}

/** Sandbox: pays a checkout. 402 with the card's refusal, 400 with field errors. */
export function sandboxConfirm(clientSecret: string, card: SandboxCard): Promise<PaidResult> {
  return apiJson('POST', '/api/payments/sandbox/confirm', checkoutResult, { clientSecret, card });
}

/** Stripe: reports a payment Stripe.js confirmed, so the subscription starts without waiting for the webhook. */
export function completeCheckout(paymentIntentId: string): Promise<PaidResult> {
  return apiJson('POST', '/api/checkout/complete', checkoutResult, { paymentIntentId });
}
