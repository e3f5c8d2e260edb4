import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../../shared/contracts/common';
import { HttpError } from '../../http/errors';
import { StripeWebhookError, StripePaymentProvider } from '../../integrations/payments/stripe';
import { actorOf } from '../audit';
import { handleStripeEvent, markStripeEventHandled, stripeEventHandled } from '../billing';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

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
  const route = routesFor(app, 'payments');

  route.post('/api/webhooks/stripe', {
    access: access.public,
    summary: 'Stripe webhook (signed by Stripe; duplicates by event id are ignored)',
    response: { 200: webhookAnswer },
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

      if (await stripeEventHandled(billing, event.id))
        return { received: true as const, duplicate: true as const };

      const actor = actorOf(request, { actorType: 'system', actorEmail: 'stripe-webhook' });
      await handleStripeEvent(billing, actor, event, request.log);

      const inserted = await markStripeEventHandled(billing, event);
      return inserted ? { received: true as const } : { received: true as const, duplicate: true as const };
    },
  });
}
