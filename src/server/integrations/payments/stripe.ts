import Stripe from 'stripe';
import {
  PaymentProviderError,
  type CardDetails,
  type ChargeInput,
  type ChargeResult,
  type IntentInfo,
  type IntentInput,
  type IntentStatus,
  type PaymentProvider,
  type RefundInput,
  type VerifyResult,
} from './provider';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Only for tests against a local Stripe-speaking server (STRIPE_API_URL). */
  apiUrl: string | undefined;
};

/**
 * Which of our flows created a PaymentIntent. Checkout intents (browser-confirmed) and off-session
 * charges are both PaymentIntents at Stripe; only checkout intents are "intents" to the rest of
 * Motorpool (the sandbox keeps charges apart from intents the same way), so `retrieveIntent` and the
 * webhook never mistake a renewal charge for a checkout.
 */
const FLOW_KEY = 'motorpool_flow';
const CHECKOUT_FLOW = 'checkout';
const CHARGE_FLOW = 'charge';

/** Thrown when a webhook cannot be verified (bad or missing signature) or is not configured. */
export class StripeWebhookError extends Error {
  constructor(
    message: string,
    public readonly reason: 'not_configured' | 'invalid_signature',
  ) {
    super(message);
  }
}

/**
 * Stripe through its official SDK. Every write carries an idempotency key, so a retried request
 * (ours or the SDK's one network retry) never creates a second customer, charge or refund.
 * The secret key stays inside the SDK client: it is never logged nor put into an error message.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly publishableKey: string;
  private readonly webhookSecret: string | undefined;

  constructor(settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.webhookSecret = settings.webhookSecret;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(settings.apiUrl ? hostOf(settings.apiUrl) : {}),
    });
  }

  clientConfig() {
    return { provider: 'stripe' as const, publishableKey: this.publishableKey };
  }

  async createCustomer(input: { customerId: string; email: string; name: string }): Promise<string> {
    const customer = await this.call(() =>
      this.stripe.customers.create(
        { email: input.email, name: input.name, metadata: { customerId: input.customerId } },
        { idempotencyKey: `customer:${input.customerId}` },
      ),
    );
    return customer.id;
  }

  async attachPaymentMethod(customerRef: string, paymentMethodRef: string): Promise<CardDetails> {
    let pm = await this.call(() => this.stripe.paymentMethods.retrieve(paymentMethodRef));
    const owner = idOf(pm.customer);
    if (owner && owner !== customerRef) {
      throw new PaymentProviderError(
        'This payment method belongs to another customer.',
        'payment_method_unexpected_state',
      );
    }
    if (!owner) {
      pm = await this.call(() =>
        this.stripe.paymentMethods.attach(
          paymentMethodRef,
          { customer: customerRef },
          { idempotencyKey: `attach:${paymentMethodRef}:${customerRef}` },
        ),
      );
    }
    if (!pm.card)
      throw new PaymentProviderError(
        'Only cards can be used for a subscription.',
        'payment_method_unsupported_type',
      );
    return {
      brand: pm.card.brand,
      last4: pm.card.last4,
      expMonth: pm.card.exp_month,
      expYear: pm.card.exp_year,
    };
  }

  /** Like the sandbox, removing a card that is already gone (or was never attached) is not an error. */
  async detachPaymentMethod(paymentMethodRef: string): Promise<void> {
    try {
      // A detached card cannot be attached again, so one key per card is enough.
      await this.stripe.paymentMethods.detach(
        paymentMethodRef,
        {},
        { idempotencyKey: `detach:${paymentMethodRef}` },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') return;
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const pm = await this.stripe.paymentMethods.retrieve(paymentMethodRef).catch(() => null);
        if (pm && !pm.customer) return;
      }
      throw toProviderError(error);
    }
  }

  /**
   * A SetupIntent for the customer and card, confirmed at once for off-session use: the bank
   * verifies the card without a charge. A card whose bank wants the cardholder to confirm it (3-D
   * Secure) is refused with a clear message: confirming a saved card in the browser is not built yet.
   */
  async verifyPaymentMethod(customerRef: string, paymentMethodRef: string): Promise<VerifyResult> {
    try {
      const setup = await this.stripe.setupIntents.create(
        {
          customer: customerRef,
          payment_method: paymentMethodRef,
          allowed_payment_method_types: ['card'],
          usage: 'off_session',
          confirm: true,
        },
        { idempotencyKey: `setup:${paymentMethodRef}:${customerRef}` },
      );
      if (setup.status === 'succeeded') return { ok: true };
      return {
        ok: false,
        message:
          setup.last_setup_error?.message ??
          'Your bank asks you to confirm this card, which cannot be done here yet. Please use another card.',
        code: setup.last_setup_error?.code ?? setup.status,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return {
          ok: false,
          message: error.message,
          code: error.decline_code ?? error.code ?? 'card_declined',
        };
      throw toProviderError(error);
    }
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerRef,
          payment_method: input.paymentMethodRef,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: { ...input.metadata, [FLOW_KEY]: CHARGE_FLOW },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status === 'succeeded')
        return { status: 'succeeded', ref: idOf(intent.latest_charge) ?? intent.id };
      // Off-session card payments either succeed or raise a card error; anything else (3-D Secure
      // wanted, still processing) cannot be finished without the customer.
      return {
        status: 'failed',
        ref: intent.id,
        message: intent.last_payment_error?.message ?? 'The payment needs the cardholder to confirm it.',
        code: intent.last_payment_error?.code ?? intent.status,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          status: 'failed',
          ref: error.payment_intent?.id ?? error.charge ?? null,
          message: error.message,
          code:
            error.decline_code === 'insufficient_funds'
              ? 'insufficient_funds'
              : (error.code ?? 'card_declined'),
        };
      }
      throw toProviderError(error);
    }
  }

  /** `chargeRef` is what `charge` and `retrieveIntent` report: a charge id, or a PaymentIntent id. */
  async refund(input: RefundInput): Promise<{ ref: string }> {
    const target = input.chargeRef.startsWith('pi_')
      ? { payment_intent: input.chargeRef }
      : { charge: input.chargeRef };
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        { ...target, amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { ref: refund.id };
  }

  /**
   * Cards only (rather than automatic payment methods): the card is kept for off-session renewals,
   * and our records describe a payment method by card brand, last four digits and expiry.
   */
  async createIntent(input: IntentInput): Promise<{ ref: string; clientSecret: string }> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerRef,
          setup_future_usage: 'off_session',
          allowed_payment_method_types: ['card'],
          description: input.description,
          metadata: { ...input.metadata, [FLOW_KEY]: CHECKOUT_FLOW },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!intent.client_secret)
      throw new PaymentProviderError('The payment provider did not return a client secret.', 'api_error');
    return { ref: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveIntent(ref: string): Promise<IntentInfo> {
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(ref));
    if (!isCheckoutIntent(intent))
      throw new PaymentProviderError('No such payment intent.', 'resource_missing');
    return toIntentInfo(intent);
  }

  async reopenIntent(ref: string): Promise<{ ref: string; clientSecret: string; status: IntentStatus }> {
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(ref));
    if (!isCheckoutIntent(intent) || !intent.client_secret)
      throw new PaymentProviderError('No such payment intent.', 'resource_missing');
    return { ref: intent.id, clientSecret: intent.client_secret, status: toIntentStatus(intent.status) };
  }

  /**
   * Verifies a webhook delivery exactly as Stripe signs it (HMAC-SHA256 over `timestamp.body`, with
   * the default five-minute tolerance) and returns the event.
   */
  constructWebhookEvent(rawBody: Buffer | string, signature: string | string[] | undefined): Stripe.Event {
    if (!this.webhookSecret)
      throw new StripeWebhookError('Stripe webhooks are not configured', 'not_configured');
    if (!signature || Array.isArray(signature))
      throw new StripeWebhookError('Invalid webhook signature', 'invalid_signature');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw new StripeWebhookError('Invalid webhook signature', 'invalid_signature');
    }
  }

  /** Runs one SDK call and turns any Stripe failure into a PaymentProviderError. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw toProviderError(error);
    }
  }
}

/** Whether a PaymentIntent (from the API or a webhook event) is one of our checkout intents. */
export function isCheckoutIntent(intent: Pick<Stripe.PaymentIntent, 'metadata'>): boolean {
  return intent.metadata?.[FLOW_KEY] === CHECKOUT_FLOW;
}

function hostOf(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function toIntentStatus(status: Stripe.PaymentIntent.Status): IntentStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'canceled';
    default:
      // requires_payment_method, requires_confirmation, requires_action: the customer still has to pay.
      return 'requires_payment_method';
  }
}

function toIntentInfo(intent: Stripe.PaymentIntent): IntentInfo {
  const { [FLOW_KEY]: _flow, ...metadata } = intent.metadata ?? {};
  return {
    ref: intent.id,
    status: toIntentStatus(intent.status),
    amountCents: intent.amount,
    customerRef: idOf(intent.customer) ?? '',
    paymentMethodRef: idOf(intent.payment_method),
    chargeRef: idOf(intent.latest_charge),
    lastError: intent.last_payment_error?.message ?? null,
    metadata,
  };
}

/** Stripe masks keys in its own messages; this also masks any key-like string, to be sure. */
const KEY_PATTERN = /\b(sk|rk|pk)_(test|live)_[A-Za-z0-9_*]+/g;
const mask = (message: string) =>
  message.replace(KEY_PATTERN, (key) => `${key.slice(0, 8)}…${key.slice(-4)}`);

function toProviderError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new PaymentProviderError(
      'The payment provider could not be reached. Please try again.',
      'api_connection_error',
    );
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return new PaymentProviderError(
      'Payments are not available right now: the payment provider refused our credentials.',
      'authentication_error',
    );
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new PaymentProviderError(
      'The payment provider could not be reached. Please try again.',
      'api_connection_error',
    );
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    return new PaymentProviderError(
      'The payment provider is busy. Please try again in a moment.',
      'rate_limit',
    );
  }
  if (error instanceof Stripe.errors.StripeAPIError) {
    return new PaymentProviderError('The payment provider had a problem. Please try again.', 'api_error');
  }
  return new PaymentProviderError(
    mask(error.message || 'The payment provider refused the request.'),
    error.code ?? error.type,
  );
}
