import { conflict, notFound } from '../../../http/errors';
import type { CheckoutTermsView } from '../../../../shared/contracts/checkout';
import type { ClientConfig } from '../../../integrations/payments/provider';
import { customerById, planById, subscriptionOf } from '../core/lookups';
import { ensureProviderCustomer } from '../core/provider-customer';
import type { BillingDeps } from '../core/deps';
import { checkoutTerms, type CheckoutTerms } from './checkout-terms';

/** Statuses that need (or accept) a payment from checkout: a trial, or a subscription awaiting payment. */
const PAYABLE = new Set(['trialing', 'pending', 'past_due']);

/**
 * `POST /api/create-subscription`: a payment for the customer's own subscription and its terms (plan,
 * price, today's charge, trial days kept: `checkoutTerms`), and nothing else about the customer
 * (docs/payments.md). The same subscription state always gets the same intent, so a double click or a
 * reload does not start a second payment.
 */
export async function createCheckout(
  deps: BillingDeps,
  customerId: string,
): Promise<{ clientSecret: string; payment: ClientConfig; terms: CheckoutTermsView }> {
  const sub = await subscriptionOf(deps.db, customerId);
  if (!sub) throw notFound('No subscription is waiting for payment for this customer.');
  if (!PAYABLE.has(sub.status)) {
    throw conflict(
      sub.status === 'active' ? 'This subscription is already active.' : 'This subscription has ended.',
    );
  }
  const customer = await customerById(deps.db, customerId);
  const plan = (await planById(deps.db, sub.scheduledPlanId ?? sub.planId)) ?? {
    id: sub.planId,
    name: sub.planId,
    priceCents: sub.priceCents,
  };
  const terms = checkoutTerms(sub, plan, deps.clock.now());
  const amountCents = terms.dueTodayCents;
  const customerRef = await ensureProviderCustomer(deps, customer);
  const intent = await deps.provider.createIntent({
    customerRef,
    amountCents,
    description: `${plan.name} plan, first month`,
    idempotencyKey: `checkout:${sub.id}:${sub.currentPeriodEnd.toISOString()}:${sub.failedAttempts}:${amountCents}`,
    metadata: { customerId, subscriptionId: sub.id, planId: plan.id },
  });
  return {
    clientSecret: intent.clientSecret,
    payment: deps.provider.clientConfig(),
    terms: termsAnswer(terms),
  };
}

function termsAnswer(terms: CheckoutTerms): CheckoutTermsView {
  return {
    planId: terms.planId,
    planName: terms.planName,
    monthlyPrice: terms.priceCents / 100,
    dueToday: terms.dueTodayCents / 100,
    trialEndsAt: terms.trialEndsAt?.toISOString() ?? null,
    trialDaysKept: terms.trialDaysKept,
    periodEnd: terms.periodEnd.toISOString(),
  };
}
