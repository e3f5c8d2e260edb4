import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSubscriptionRequest,
  createSubscriptionResponse,
  paymentClientConfig,
  sandboxCardRequest,
  sandboxConfirmRequest,
} from '../../../shared/contracts/portal';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { CardValidationError, SandboxPaymentProvider } from '../../integrations/payments/sandbox';
import { actorOf } from '../audit/service';
import type { Config } from '../../config';
import type { BillingDeps } from '../billing/context';
import { completeCheckout, createCheckout, recordCheckoutFailure } from '../billing/checkout';

const checkoutResult = z.object({
  status: z.enum(['succeeded', 'processing']),
  email: z.string().optional(),
  message: z.string(),
});

export async function paymentRoutes(
  app: FastifyInstance,
  { billing, config }: { billing: BillingDeps; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checkoutRateLimit = { max: config.checkoutRateLimitPerIp, timeWindow: '1 minute' };

  r.get('/api/payments/config', {
    config: { access: { public: true } },
    schema: {
      tags: ['payments'],
      summary: 'Which card form the browser shows',
      response: { 200: paymentClientConfig },
    },
    handler: async () => billing.provider.clientConfig(),
  });

  r.post('/api/create-subscription', {
    config: { access: { public: true }, rateLimit: checkoutRateLimit },
    schema: {
      tags: ['payments'],
      summary: "Start the payment of the customer's own subscription; answers only what the card form needs",
      body: createSubscriptionRequest,
      response: { 200: createSubscriptionResponse },
    },
    handler: async (request) => createCheckout(billing, request.body.customerId),
  });

  /** Reported by the browser after the provider confirmed the payment; the webhook may beat it. */
  r.post('/api/checkout/complete', {
    config: { access: { public: true }, rateLimit: checkoutRateLimit },
    schema: {
      tags: ['payments'],
      body: z.object({ paymentIntentId: z.string().min(3).max(200) }),
      response: { 200: checkoutResult },
    },
    handler: async (request) => finish(billing, request, request.body.paymentIntentId),
  });

  if (billing.provider instanceof SandboxPaymentProvider) {
    const sandbox = billing.provider;

    r.post('/api/payments/sandbox/payment-methods', {
      config: { access: { customer: 'fleet_admin' }, rateLimit: checkoutRateLimit },
      schema: {
        tags: ['payments'],
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
      },
      handler: async (request) => {
        const { ref, card } = await tokenize(sandbox, request.body.card);
        return { id: ref, card };
      },
    });

    r.post('/api/payments/sandbox/confirm', {
      config: { access: { public: true }, rateLimit: checkoutRateLimit },
      schema: {
        tags: ['payments'],
        summary: 'Sandbox card form: pay a checkout',
        body: sandboxConfirmRequest,
        response: { 200: checkoutResult },
      },
      handler: async (request) => {
        const intent = await sandbox.findIntentBySecret(request.body.clientSecret);
        if (!intent) throw notFound('This payment could not be found. Reload the page and try again.');
        const { ref } = await tokenize(sandbox, request.body.card);
        await sandbox.confirmIntent(intent.ref, ref);
        return finish(billing, request, intent.ref);
      },
    });
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

async function finish(billing: BillingDeps, request: Parameters<typeof actorOf>[0], intentRef: string) {
  const outcome = await completeCheckout(billing, actorOf(request), intentRef);
  if (outcome.status === 'failed') {
    await recordCheckoutFailure(billing, actorOf(request), intentRef);
    throw new HttpError(402, outcome.message, { errorType: 'card_error' });
  }
  if (outcome.status === 'processing')
    return { status: 'processing' as const, message: 'Your payment is processing.' };
  return { status: 'succeeded' as const, email: outcome.email, message: 'Your subscription is active.' };
}
