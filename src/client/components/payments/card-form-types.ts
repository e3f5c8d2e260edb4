import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { checkoutResult, paymentClientConfig } from '@shared/contracts/portal';

/** Which card form the server asked for: `GET /api/payments/config`, or `payment` in billing info / checkout. */
export type PaymentClientConfig = z.infer<typeof paymentClientConfig>;

/**
 * What a successful `mode: 'pay'` reports (the server's checkout answer): `status` 'processing' when the
 * provider has not settled yet (Stripe only; the webhook finishes the job), `email` of the paying
 * customer (absent while processing).
 */
export type PaidResult = z.infer<typeof checkoutResult>;

type CommonCardFormProps = {
  payment: PaymentClientConfig;
  /** The submit button's text, e.g. 'Subscribe Now' or 'Add Card'. It reads 'Processing...' while busy. */
  submitLabel: string;
  /**
   * Called with the provider's or the server's message when the card is refused or the call fails
   * (e.g. 'Your card was declined.'). Field problems (number, expiry, CVC) are shown beside the fields
   * and do not call it. A rejected `onTokenized` / `onPaid` is reported here too. The form itself also
   * shows the message inline (`CardFormAlert`: role="alert", the form's description) until the card is
   * edited or submitted again, so the reason outlives the toast.
   */
  onError?: (message: string) => void;
  /** Extra controls shown beside the submit button (e.g. a Cancel button in a dialog). */
  secondaryAction?: ReactNode;
  /** Disables the whole form (e.g. while the caller is busy elsewhere). */
  disabled?: boolean;
  className?: string;
};

/**
 * The shared card form (sandbox fields or Stripe Elements, chosen by `payment.provider`).
 * - `mode: 'tokenize'`: turns the card into a payment method id for `onTokenized` (the caller then
 *   calls `POST /api/customer/add-payment-method`). The form stays busy until `onTokenized` settles.
 * - `mode: 'pay'`: pays the checkout's `clientSecret`; `onPaid` gets the server's answer.
 */
export type CardFormProps = CommonCardFormProps &
  (
    | { mode: 'tokenize'; onTokenized: (paymentMethodId: string) => void | Promise<void> }
    | { mode: 'pay'; clientSecret: string; onPaid: (result: PaidResult) => void | Promise<void> }
  );

/** The label of the submit button while a payment or a tokenisation runs. */
export const PROCESSING_LABEL = 'Processing...';
/** Shown on the button while Stripe.js loads, and as the error when submitted too early. */
export const NOT_READY_LABEL = 'Payment system not ready';
