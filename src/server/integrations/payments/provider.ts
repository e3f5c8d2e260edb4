import { HttpError } from '../../http/errors';

/**
 * What Motorpool needs from a card processor. Two adapters implement it: the offline sandbox (the
 * default) and Stripe (when its keys are set). Amounts are integer cents in USD.
 */
export type CardDetails = { brand: string; last4: string; expMonth: number; expYear: number };

export type ChargeResult =
  | { status: 'succeeded'; ref: string }
  | { status: 'failed'; ref: string | null; message: string; code: string };

export type VerifyResult = { ok: true } | { ok: false; message: string; code: string };

export type IntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';

export type IntentInfo = {
  ref: string;
  status: IntentStatus;
  amountCents: number;
  customerRef: string;
  paymentMethodRef: string | null;
  chargeRef: string | null;
  lastError: string | null;
  metadata: Record<string, string>;
};

export type ChargeInput = {
  customerRef: string;
  paymentMethodRef: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type RefundInput = { chargeRef: string; amountCents: number; idempotencyKey: string };

export type IntentInput = {
  customerRef: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/** What the browser needs to show the provider's card form. */
export type ClientConfig = { provider: 'sandbox' } | { provider: 'stripe'; publishableKey: string };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  clientConfig(): ClientConfig;
  /** Creates (or returns) the provider's customer record for one of our customers. */
  createCustomer(input: { customerId: string; email: string; name: string }): Promise<string>;
  /** Attaches a tokenised card to the provider customer and describes it. */
  attachPaymentMethod(customerRef: string, paymentMethodRef: string): Promise<CardDetails>;
  detachPaymentMethod(paymentMethodRef: string): Promise<void>;
  /**
   * Asks the card's bank whether it will accept later charges, without charging it (a zero-amount
   * authorisation; a SetupIntent at Stripe). A card is saved only after this says yes.
   */
  verifyPaymentMethod(customerRef: string, paymentMethodRef: string): Promise<VerifyResult>;
  /** Charges a saved card without the customer present. Same idempotency key, same single charge. */
  charge(input: ChargeInput): Promise<ChargeResult>;
  refund(input: RefundInput): Promise<{ ref: string }>;
  /** A payment the customer confirms in the browser (checkout); the card is kept for renewals. */
  createIntent(input: IntentInput): Promise<{ ref: string; clientSecret: string }>;
  retrieveIntent(ref: string): Promise<IntentInfo>;
  /**
   * A checkout intent made earlier, with the secret the browser confirms it with: a payment kept on
   * our side (a payment request) is offered again as the same intent, never a second one, whatever
   * the provider's idempotency window.
   */
  reopenIntent(ref: string): Promise<{ ref: string; clientSecret: string; status: IntentStatus }>;
}

/** A refusal from the processor: 404 for something that does not exist, 402 for a payment problem. */
export class PaymentProviderError extends HttpError {
  constructor(
    message: string,
    public readonly code: string,
  ) {
    super(code === 'resource_missing' ? 404 : 402, message, { errorType: code });
  }
}
