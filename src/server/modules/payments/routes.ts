import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createSubscriptionRequest,
  paymentClientConfig,
  sandboxCardRequest,
  sandboxConfirmRequest,
} from '../../../shared/contracts/portal';
import { checkoutStart } from '../../../shared/contracts/checkout';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { CardValidationError, SandboxPaymentProvider } from '../../integrations/payments/sandbox';
import { actorOf } from '../audit';
import {
  type BillingDeps,
  assertDeclinesAllowed,
  assertMayPay,
  completeCheckout,
  createCheckout,
  createRequestCheckout,
  paymentRequestOfLink,
  recordCheckoutFailure,
} from '../billing';
import { access } from '../../../shared/contracts/common';
import { IMPERSONATION_REFUSED_MESSAGE } from '../../../shared/contracts/impersonation';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

const checkoutResult = z.object({
  status: z.enum(['succeeded', 'processing']),
  email: z.string().optional(),
  message: z.string(),
});

export async function paymentRoutes(app: FastifyInstance, services: Services) {
  const { billing, config } = services;
  const route = routesFor(app, 'payments');
  const checkoutRateLimit = { max: config.checkoutRateLimitPerIp, timeWindow: '1 minute' };

  route.get('/api/payments/config', {
    access: access.public,
    summary: 'Which card form the browser shows',
    response: { 200: paymentClientConfig },
    handler: async () => billing.provider.clientConfig(),
  });

  route.post('/api/create-subscription', {
    access: access.public,
    rateLimit: checkoutRateLimit,
    summary:
      "Start the payment of the customer's own subscription; answers what the card form needs and the payment's terms",
    body: createSubscriptionRequest,
    response: { 200: checkoutStart },
    handler: async (request) => {
      const { customerId, link } = request.body;
      const session = await request.customer();
      // Public (a payment link pays without a session), so the access hook cannot refuse staff here.
      if (session?.impersonator) throw new HttpError(403, IMPERSONATION_REFUSED_MESSAGE);
      // A staff payment request's link pays that request, whoever holds it (docs/billing-admin.md).
      const paymentRequest = link ? await paymentRequestOfLink(billing, { customerId, token: link }) : null;
      if (paymentRequest) {
        await assertDeclinesAllowed(billing, customerId, config.checkoutDeclinesPerCustomer);
        return createRequestCheckout(billing, paymentRequest);
      }
      await assertMayPay(billing, {
        customerId,
        session,
        link,
        maxDeclines: config.checkoutDeclinesPerCustomer,
      });
      return createCheckout(billing, customerId);
    },
  });

  /** Reported by the browser after the provider confirmed the payment; the webhook may beat it. */
  route.post('/api/checkout/complete', {
    access: access.public,
    summary: 'Report a checkout payment as done: its outcome, read from the card processor',
    rateLimit: checkoutRateLimit,
    body: z.object({ paymentIntentId: z.string().min(3).max(200) }),
    response: { 200: checkoutResult },
    // Anyone may report an intent id (acting on it only reads the provider's truth, once), but only
    // a session of the intent's own account hears the outcome: to anyone else, a paid, declined,
    // foreign or unknown intent all answer alike, so an intent id tells a stranger nothing.
    handler: async (request) => {
      const session = await request.customer();
      let settled: Settled;
      try {
        settled = await settle(billing, request, request.body.paymentIntentId);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) return PAYMENT_RECEIVED;
        throw error;
      }
      if (!session || session.id !== settled.customerId) return PAYMENT_RECEIVED;
      if ('refusal' in settled) throw settled.refusal;
      return settled.answer;
    },
  });

  if (billing.provider instanceof SandboxPaymentProvider) {
    const sandbox = billing.provider;

    route.post('/api/payments/sandbox/payment-methods', {
      access: access.accountAdmin,
      rateLimit: checkoutRateLimit,
      summary: 'Sandbox card form: turn card details into a payment method id',
      body: z.object({ card: sandboxCardRequest }),
      response: {
        200: z.object({
          id: z.string(),
          card: z.object({
            brand: z.string(),
            last4: z.string(),
            expMonth: z.number(),
            expYear: z.number(),
          }),
        }),
      },
      handler: async (request) => {
        const { ref, card } = await tokenize(sandbox, request.body.card);
        return { id: ref, card };
      },
    });

    route.post('/api/payments/sandbox/confirm', {
      access: access.public,
      rateLimit: checkoutRateLimit,
      summary: 'Sandbox card form: pay a checkout',
      body: sandboxConfirmRequest,
      response: { 200: checkoutResult },
      handler: async (request) => {
        const intent = await sandbox.findIntentBySecret(request.body.clientSecret);
        if (!intent) throw notFound('This payment could not be found. Reload the page and try again.');
        // The client secret was handed only to someone allowed to pay (create-subscription).
        const customerId = intent.metadata.customerId;
        if (customerId && intent.status !== 'succeeded')
          await assertDeclinesAllowed(billing, customerId, config.checkoutDeclinesPerCustomer);
        const { ref } = await tokenize(sandbox, request.body.card);
        await sandbox.confirmIntent(intent.ref, ref);
        return finish(billing, request, intent.ref);
      },
    });
  }

  if (services.provider.name === 'stripe') {
    // Its own encapsulated plugin: it parses JSON bodies raw, for the signature check.
    const { stripeWebhookRoutes } = await import('./stripe-webhook');
    await app.register(stripeWebhookRoutes, services);
  }
}

async function tokenize(sandbox: SandboxPaymentProvider, card: z.infer<typeof sandboxCardRequest>) {
  try {
    return await sandbox.tokenize(card);
  } catch (error) {
    if (error instanceof CardValidationError)
      throw badRequest(error.message, error.errors as Record<string, string>);
    throw error;
  }
}

type CheckoutAnswer = z.infer<typeof checkoutResult>;

/** What `/api/checkout/complete` tells a caller who is not of the paying account. */
export const PAYMENT_RECEIVED: CheckoutAnswer = {
  status: 'processing',
  message: 'Thank you. Your payment is being confirmed.',
};

type Settled = { customerId: string; answer: CheckoutAnswer } | { customerId: string; refusal: HttpError };

/** Records the intent's outcome and says whose it was, leaving each route to decide who hears it. */
async function settle(
  billing: BillingDeps,
  request: Parameters<typeof actorOf>[0],
  intentRef: string,
): Promise<Settled> {
  const outcome = await completeCheckout(billing, actorOf(request), intentRef);
  const { customerId } = outcome;
  if (outcome.status === 'failed') {
    await recordCheckoutFailure(billing, actorOf(request), intentRef);
    return { customerId, refusal: new HttpError(402, outcome.message, { errorType: 'card_error' }) };
  }
  if (outcome.status === 'processing')
    return { customerId, answer: { status: 'processing', message: 'Your payment is processing.' } };
  const message =
    outcome.paid === 'payment_request' ? 'Your payment was received.' : 'Your subscription is active.';
  return { customerId, answer: { status: 'succeeded', email: outcome.email, message } };
}

/** For the holder of the client secret, who paid and may hear how it went. */
async function finish(
  billing: BillingDeps,
  request: Parameters<typeof actorOf>[0],
  intentRef: string,
): Promise<CheckoutAnswer> {
  const settled = await settle(billing, request, intentRef);
  if ('refusal' in settled) throw settled.refusal;
  return settled.answer;
}
