import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { webhookEvents } from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import type { AuditActor } from '../../audit';
import { recordCheckoutFailure } from '../checkout/checkout-failure';
import { completeCheckout } from '../checkout/complete-checkout';
import type { BillingDeps } from '../core/deps';
import { isDisputeEvent, recordDisputeEvent, type StripeDisputeObject } from '../operations/disputes';

/*
 * What a verified Stripe event does to money (`POST /api/webhooks/stripe`, `payments/stripe-webhook.ts`).
 *
 * De-duplication: the event id is recorded only after its handling succeeded, so a crash or an
 * error half-way leaves it unrecorded and Stripe's redelivery handles it again. That is safe
 * because the handlers are idempotent (completeCheckout records a payment once per intent,
 * under a row lock; recordCheckoutFailure once per failed charge). Two deliveries racing each
 * other may both run the handler; the idempotency of the handlers covers that as well.
 */

/** Whether this event's handling was recorded already (a redelivery). */
export async function stripeEventHandled(billing: BillingDeps, eventId: string): Promise<boolean> {
  const [seen] = await billing.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, eventId));
  return !!seen;
}

/** One verified event: our checkout intents paid or declined, and disputes. Others are only acknowledged. */
export async function handleStripeEvent(
  billing: BillingDeps,
  actor: AuditActor,
  event: Stripe.Event,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    // Loaded here, not at the top: billing's index is read at start-up, and the Stripe SDK loads only
    // when Stripe is configured (integrations/payments/create-provider.ts).
    const { isCheckoutIntent } = await import('../../../integrations/payments/stripe');
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
        log.warn(
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
}

/** Records the event as handled; false when another delivery recorded it first. */
export async function markStripeEventHandled(
  billing: BillingDeps,
  event: Pick<Stripe.Event, 'id' | 'type'>,
): Promise<boolean> {
  const [inserted] = await billing.db
    .insert(webhookEvents)
    .values({ id: event.id, provider: 'stripe', type: event.type, receivedAt: billing.clock.now() })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return !!inserted;
}
