import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { access } from '../../../shared/contracts/common';
import { webhookEvents } from '../../db/schema';
import { HttpError } from '../../http/errors';
import {
  StripeWebhookError,
  isCheckoutIntent,
  StripePaymentProvider,
} from '../../integrations/payments/stripe';
import { actorOf } from '../audit/service';
import { completeCheckout, recordCheckoutFailure } from '../billing/checkout';
import { isDisputeEvent, recordDisputeEvent, type StripeDisputeObject } from '../payment-operations/disputes';
import type { Services } from '../../services';

const webhookAnswer = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });

/**
 * `POST /api/webhooks/stripe`: Stripe tells us about payments the browser may never report (a closed
 * tab after paying, a slow confirmation). Registered only when the Stripe adapter is active.
 *
 * The signature covers the exact bytes Stripe sent, so this plugin parses `application/json` as a
 * raw Buffer; the parser is scoped to this encapsulated plugin and every other route keeps the
 * global JSON parser.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { billing, provider }: Services) {
  // app.ts mounts this plugin only when the configured processor is Stripe.
  if (!(provider instanceof StripePaymentProvider))
    throw new Error('The Stripe webhook needs the Stripe provider');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/webhooks/stripe', {
    config: { access: access.public },
    schema: {
      tags: ['payments'],
      summary: 'Stripe webhook (signed by Stripe; duplicates by event id are ignored)',
      response: { 200: webhookAnswer },
    },
    handler: async (request) => {
      const raw = Buffer.isBuffer(request.body) || typeof request.body === 'string' ? request.body : null;
      let event;
      try {
        if (raw === null) throw new StripeWebhookError('Invalid webhook signature', 'invalid_signature');
        event = provider.constructWebhookEvent(raw, request.headers['stripe-signature']);
      } catch (error) {
        if (error instanceof StripeWebhookError) {
          throw new HttpError(error.reason === 'not_configured' ? 503 : 400, error.message);
        }
        throw error;
      }

      // De-duplication: the event id is recorded only after its handling succeeded, so a crash or an
      // error half-way leaves it unrecorded and Stripe's redelivery handles it again. That is safe
      // because the handlers are idempotent (completeCheckout records a payment once per intent,
      // under a row lock; recordCheckoutFailure once per failed charge). Two deliveries racing each
      // other may both run the handler; the idempotency of the handlers covers that as well.
      const [seen] = await billing.db
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(eq(webhookEvents.id, event.id));
      if (seen) return { received: true as const, duplicate: true as const };

      const actor = actorOf(request, { actorType: 'system', actorEmail: 'stripe-webhook' });
      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        const intent = event.data.object;
        // Only our checkout intents: renewal and upgrade charges are recorded by the code that made them.
        if (intent.metadata?.customerId && isCheckoutIntent(intent)) {
          try {
            // The handlers read the intent back from Stripe rather than trusting the event body.
            if (event.type === 'payment_intent.succeeded') await completeCheckout(billing, actor, intent.id);
            else await recordCheckoutFailure(billing, actor, intent.id);
          } catch (error) {
            // A payment for a customer (or intent) we no longer have: nothing to do, and a retry
            // would not change that, so it is acknowledged. Other failures answer an error and
            // Stripe delivers the event again later.
            if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
            request.log.warn(
              { eventId: event.id, intent: intent.id },
              'stripe webhook for an unknown customer or intent',
            );
          }
        }
      }

      if (isDisputeEvent(event.type)) {
        // Disputes (docs/payment-operations.md): the signed event's dispute object is the state to keep.
        await recordDisputeEvent(billing.db, actor, {
          type: event.type,
          created: event.created,
          object: event.data.object as unknown as StripeDisputeObject,
        });
      }

      const [inserted] = await billing.db
        .insert(webhookEvents)
        .values({ id: event.id, provider: 'stripe', type: event.type, receivedAt: billing.clock.now() })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      return inserted ? { received: true as const } : { received: true as const, duplicate: true as const };
    },
  });
}
