import { and, eq, inArray, isNull } from 'drizzle-orm';
import { FLEET_ADMIN_ONLY_MESSAGE } from '../../auth/access';
import { failuresOf, recordFailure, resetFailures, type AttemptWindow } from '../../auth/attempt-counters';
import { invoices, paymentLinks, paymentMethods, paymentRequests, subscriptions } from '../../db/schema';
import { HttpError, conflict, notFound } from '../../http/errors';
import type { CheckoutTermsView, PaymentRequestTermsView } from '../../../shared/contracts/checkout';
import { tokenDigest } from '../../auth/tokens';
import type { ClientConfig } from '../../integrations/payments/provider';
import { usd } from '../../lib/money-text';
import { recordAudit, type AuditActor } from '../audit/service';
import { notifyStaff, recordActivity } from '../notifications/service';
import {
  applyPlan,
  billingIdentity,
  customerById,
  ensureProviderCustomer,
  lockSubscription,
  paymentByKey,
  planById,
  setCustomerStatus,
  subscriptionOf,
  type BillingDeps,
} from './context';
import { checkoutTerms, type CheckoutTerms } from './checkout-terms';
import { reportFailedPayment } from './failed-payments';
import { createInvoice } from './invoices';
import { markPaymentLinkPaid, openPaymentLink } from './payment-links';
import { lockCardsOf } from './payment-methods';
import { recordPayment } from './payment-records';

export const SIGN_IN_TO_PAY = 'Please sign in to pay for this subscription.';
export const TOO_MANY_DECLINES =
  'Too many declined payments for this account. Please wait an hour or contact support.';

/** Declined checkout payments per customer, in the database so every instance counts them. */
const DECLINES: AttemptWindow = { scope: 'checkout-declined', windowMs: 60 * 60_000 };

/**
 * Who may pay a customer's subscription: that customer's own fleet admin (session), or whoever
 * holds a payment link the product issued for that customer. Everyone else gets the same 401
 * whatever the subscription's state, so the answer says nothing about the customer.
 */
export async function assertMayPay(
  deps: BillingDeps,
  input: {
    customerId: string;
    session: { id: string; role: string } | null;
    link: string | undefined;
    maxDeclines: number;
  },
): Promise<void> {
  const ofAccount = input.session?.id === input.customerId;
  const own = ofAccount && input.session?.role === 'fleet_admin';
  const linked =
    !own && input.link
      ? await openPaymentLink(deps.db, {
          customerId: input.customerId,
          token: input.link,
          purpose: 'subscription',
          now: deps.clock.now(),
        })
      : null;
  if (!own && !linked) {
    // A member of this account is already signed in: sending them to sign in again would loop, and
    // telling them billing is for fleet admins says nothing they cannot see in their own portal.
    if (ofAccount) throw new HttpError(403, FLEET_ADMIN_ONLY_MESSAGE);
    throw new HttpError(401, SIGN_IN_TO_PAY);
  }
  await assertDeclinesAllowed(deps, input.customerId, input.maxDeclines);
}

/** Past the limit of declined payments, a customer's checkout waits before any further charge. */
export async function assertDeclinesAllowed(deps: BillingDeps, customerId: string, maxDeclines: number) {
  const declines = await failuresOf(deps.db, DECLINES, customerId, deps.clock.now());
  if (declines >= maxDeclines) throw new HttpError(429, TOO_MANY_DECLINES);
}

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

export type CheckoutOutcome =
  | { status: 'succeeded'; customerId: string; email: string; paid: 'subscription' | 'payment_request' }
  | { status: 'failed'; customerId: string; message: string }
  | { status: 'processing'; customerId: string };

/**
 * Turns a successful payment intent into an active subscription: the card becomes the default,
 * a paid invoice and a payment are recorded, the period starts now and ends as `checkoutTerms` says
 * (one month after the trial's end while trial days are left: they are kept). Safe to call again for the same
 * intent (webhook and browser both report it): the payment's idempotency key records it once.
 */
export async function completeCheckout(
  deps: BillingDeps,
  actor: AuditActor,
  intentRef: string,
): Promise<CheckoutOutcome> {
  const intent = await deps.provider.retrieveIntent(intentRef);
  const customerId = intent.metadata.customerId;
  if (!customerId) throw notFound('This payment does not belong to a Motorpool subscription.');
  if (intent.status !== 'succeeded') {
    if (intent.status === 'processing') return { status: 'processing', customerId };
    return { status: 'failed', customerId, message: intent.lastError ?? 'The payment was not completed.' };
  }
  const key = `checkout:${intent.ref}`;
  const customer = await customerById(deps.db, customerId);
  const paymentRequestId = intent.metadata.paymentRequestId;
  if (await paymentByKey(deps.db, key))
    return {
      status: 'succeeded',
      customerId,
      email: customer.email,
      paid: paymentRequestId ? 'payment_request' : 'subscription',
    };
  if (paymentRequestId) {
    await completeRequestPayment(deps, actor, { intent, key, customer, paymentRequestId });
    return { status: 'succeeded', customerId, email: customer.email, paid: 'payment_request' };
  }
  if (!intent.paymentMethodRef)
    throw new HttpError(502, 'The payment provider did not report the card used.');
  const customerRef = await ensureProviderCustomer(deps, customer);
  const card = await deps.provider.attachPaymentMethod(customerRef, intent.paymentMethodRef);
  const now = deps.clock.now();

  await deps.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, customerId);
    if (await paymentByKey(tx, key)) return;
    await lockCardsOf(tx, customerId);
    const plan = (await planById(tx, sub.scheduledPlanId ?? sub.planId))!;
    const [existingCard] = await tx
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.provider, deps.provider.name),
          eq(paymentMethods.providerRef, intent.paymentMethodRef!),
        ),
      );
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(eq(paymentMethods.customerId, customerId));
    const [savedCard] = existingCard
      ? await tx
          .update(paymentMethods)
          .set({ isDefault: true })
          .where(eq(paymentMethods.id, existingCard.id))
          .returning()
      : await tx
          .insert(paymentMethods)
          .values({
            customerId,
            provider: deps.provider.name,
            providerRef: intent.paymentMethodRef!,
            ...card,
            isDefault: true,
          })
          .returning();
    // A period left unpaid by failed renewals is replaced by the period paid now.
    await tx
      .update(invoices)
      .set({ status: 'void' })
      .where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, 'open')));
    // The same rule the page showed, applied to the subscription as it is now (a trial may have ended
    // between the preview and the payment: then the month starts now).
    const terms = checkoutTerms(sub, plan, now);
    const periodEnd = terms.periodEnd;
    await applyPlan(tx, customerId, plan, now);
    await tx
      .update(subscriptions)
      .set({
        status: 'active',
        // Trial days are kept (added to this period), so the trial's end stays what it was.
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
        scheduledPlanId: null,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        failedAttempts: 0,
        nextActionAt: periodEnd,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
    await setCustomerStatus(tx, customerId, 'active', now);
    // The subscription is paid: its payment links have done their job, and its declines are history.
    const spent = await tx
      .update(paymentLinks)
      .set({ paidAt: now })
      .where(
        and(
          eq(paymentLinks.customerId, customerId),
          eq(paymentLinks.purpose, 'subscription'),
          isNull(paymentLinks.paidAt),
        ),
      )
      .returning({ id: paymentLinks.id });
    await resetFailures(tx, DECLINES, customerId);
    const identity = await billingIdentity(tx, customer);
    const invoice = await createInvoice(tx, {
      customerId,
      subscriptionId: sub.id,
      kind: 'subscription',
      status: 'paid',
      lines: [{ description: `${plan.name} plan, monthly`, amountCents: intent.amountCents }],
      periodStart: now,
      periodEnd,
      issuedAt: now,
      ...identity,
    });
    const payment = await recordPayment(
      tx,
      {
        customerId,
        subscriptionId: sub.id,
        invoiceId: invoice.id,
        amountCents: intent.amountCents,
        status: 'succeeded',
        description: `${plan.name} plan, monthly`,
        provider: deps.provider.name,
        providerRef: intent.chargeRef,
        paymentMethodId: savedCard!.id,
        idempotencyKey: key,
        createdAt: now,
        planId: plan.id,
      },
      { mail: deps.mail },
    );
    // Staff subscription requests sent with those links are settled by this payment.
    if (spent.length)
      await tx
        .update(paymentRequests)
        .set({ status: 'paid', paidAt: now, invoiceId: invoice.id, paymentId: payment!.id })
        .where(
          and(
            inArray(
              paymentRequests.paymentLinkId,
              spent.map((link) => link.id),
            ),
            eq(paymentRequests.status, 'open'),
          ),
        );
    if (!existingCard)
      await notifyStaff(tx, customer, 'payment_method_added', { brand: card.brand, last4: card.last4 });
    await recordActivity(tx, customer, {
      action: 'payment_succeeded',
      description: `${customer.companyName} subscribed to ${plan.name} and paid ${usd(intent.amountCents)}`,
      metadata: { amount: intent.amountCents / 100, planName: plan.name },
    });
    await recordAudit(
      tx,
      { ...actor, accountId: customerId },
      {
        action: 'checkout',
        resourceType: 'subscription',
        resourceId: sub.id,
        oldValues: { status: sub.status, planId: sub.planId },
        newValues: {
          status: 'active',
          planId: plan.id,
          invoice: invoice.number,
          amount: intent.amountCents / 100,
          periodEnd: periodEnd.toISOString(),
          trialDaysKept: terms.trialDaysKept,
        },
      },
    );
  });
  return { status: 'succeeded', customerId, email: customer.email, paid: 'subscription' };
}

/** A declined checkout card is recorded as a failed payment and reported to staff. */
export async function recordCheckoutFailure(
  deps: BillingDeps,
  actor: AuditActor,
  intentRef: string,
): Promise<void> {
  const intent = await deps.provider.retrieveIntent(intentRef);
  const customerId = intent.metadata.customerId;
  if (!customerId || intent.status === 'succeeded' || !intent.chargeRef) return;
  const key = `checkout-failed:${intent.chargeRef}`;
  if (await paymentByKey(deps.db, key)) return;
  const customer = await customerById(deps.db, customerId);
  const reason = intent.lastError ?? 'The payment was declined.';
  await deps.db.transaction(async (tx) => {
    const sub = await subscriptionOf(tx, customerId);
    await recordFailure(tx, DECLINES, customerId, deps.clock.now());
    await recordPayment(
      tx,
      {
        customerId,
        subscriptionId: sub?.id ?? null,
        amountCents: intent.amountCents,
        status: 'failed',
        description: intent.metadata.paymentRequestId ? 'Payment request' : 'Checkout payment',
        provider: deps.provider.name,
        providerRef: intent.chargeRef,
        failureMessage: reason,
        idempotencyKey: key,
        createdAt: deps.clock.now(),
        planId: intent.metadata.planId ?? null,
      },
      { mail: deps.mail, ignoreDuplicate: true },
    );
    await reportFailedPayment(tx, customer, {
      what: 'checkout payment',
      amountCents: intent.amountCents,
      reason,
    });
    await recordAudit(
      tx,
      { ...actor, accountId: customerId },
      {
        action: 'checkout',
        resourceType: 'subscription',
        resourceId: sub?.id ?? null,
        newValues: { reason },
        success: false,
      },
    );
  });
}

/** A staff payment request as its checkout reads it (`payment_requests` row). */
type PaymentRequestRow = typeof paymentRequests.$inferSelect;

export const PAYMENT_REQUEST_PAID = 'This payment request has already been paid.';
export const PAYMENT_REQUEST_EXPIRED = 'This payment link has expired. Please ask for a new one.';

/**
 * The payment request a `payment_request` link was issued for, or null when the token is not such a
 * link of this customer (the caller then goes on as for a subscription). The holder of a real link
 * hears whether it is paid or expired; nobody else learns anything from this.
 */
export async function paymentRequestOfLink(
  deps: BillingDeps,
  input: { customerId: string; token: string },
): Promise<PaymentRequestRow | null> {
  const [row] = await deps.db
    .select({ request: paymentRequests, expiresAt: paymentLinks.expiresAt })
    .from(paymentLinks)
    .innerJoin(paymentRequests, eq(paymentRequests.paymentLinkId, paymentLinks.id))
    .where(
      and(
        eq(paymentLinks.tokenDigest, tokenDigest(input.token)),
        eq(paymentLinks.customerId, input.customerId),
        eq(paymentLinks.purpose, 'payment_request'),
      ),
    );
  if (!row) return null;
  if (row.request.status === 'paid') throw conflict(PAYMENT_REQUEST_PAID);
  if (row.expiresAt <= deps.clock.now()) throw new HttpError(410, PAYMENT_REQUEST_EXPIRED);
  return row.request;
}

/**
 * The checkout of one payment request: its amount and description, one intent per request (a
 * reload, a second browser or a visit days later gets the same one; a declined card leaves it
 * payable with another). The intent is kept on the request: the provider's idempotency key alone
 * would make a second intent once its window (24 hours at Stripe) has passed, and both could be paid.
 */
export async function createRequestCheckout(
  deps: BillingDeps,
  request: PaymentRequestRow,
): Promise<{ clientSecret: string; payment: ClientConfig; request: PaymentRequestTermsView }> {
  const intent = await requestIntent(deps, request);
  return {
    clientSecret: intent.clientSecret,
    payment: deps.provider.clientConfig(),
    request: {
      description: request.description,
      amount: request.amountCents / 100,
      dueDate: request.dueDate,
    },
  };
}

async function requestIntent(
  deps: BillingDeps,
  request: PaymentRequestRow,
): Promise<{ ref: string; clientSecret: string }> {
  if (request.intentRef) {
    const kept = await deps.provider.reopenIntent(request.intentRef);
    if (kept.status === 'processing' || kept.status === 'succeeded') {
      throw conflict('This payment request is being paid. Please wait a moment and reload.');
    }
    if (kept.status === 'requires_payment_method') return kept;
  }
  const customer = await customerById(deps.db, request.customerId);
  const customerRef = await ensureProviderCustomer(deps, customer);
  const created = await deps.provider.createIntent({
    customerRef,
    amountCents: request.amountCents,
    description: request.description,
    // A cancelled intent is replaced under a new key; two first checkouts at once share one intent.
    idempotencyKey: request.intentRef
      ? `payment-request:${request.id}:after:${request.intentRef}`
      : `payment-request:${request.id}`,
    metadata: { customerId: request.customerId, paymentRequestId: request.id },
  });
  // The first intent kept wins: a checkout racing this one reads it back and offers the same.
  const [kept] = await deps.db
    .update(paymentRequests)
    .set({ intentRef: created.ref })
    .where(
      and(
        eq(paymentRequests.id, request.id),
        request.intentRef
          ? eq(paymentRequests.intentRef, request.intentRef)
          : isNull(paymentRequests.intentRef),
      ),
    )
    .returning({ id: paymentRequests.id });
  if (kept) return created;
  const [now] = await deps.db
    .select({ intentRef: paymentRequests.intentRef })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, request.id));
  return now?.intentRef ? deps.provider.reopenIntent(now.intentRef) : created;
}

/**
 * A paid payment request: the payment (through `recordPayment`, so commissions follow), a paid
 * invoice of kind payment_request, the request paid and its link spent, once. The request row lock
 * and the payment's idempotency key make the browser's report and the webhook settle it once.
 */
async function completeRequestPayment(
  deps: BillingDeps,
  actor: AuditActor,
  input: {
    intent: Awaited<ReturnType<BillingDeps['provider']['retrieveIntent']>>;
    key: string;
    customer: Awaited<ReturnType<typeof customerById>>;
    paymentRequestId: string;
  },
): Promise<void> {
  const { intent, key, customer, paymentRequestId } = input;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.id, paymentRequestId), eq(paymentRequests.customerId, customer.id)))
      .for('update');
    if (!request) throw notFound('This payment request no longer exists.');
    if (await paymentByKey(tx, key)) return;
    const sub = await subscriptionOf(tx, customer.id);
    const identity = await billingIdentity(tx, customer);
    const invoice = await createInvoice(tx, {
      customerId: customer.id,
      subscriptionId: null,
      kind: 'payment_request',
      status: 'paid',
      lines: [{ description: request.description, amountCents: intent.amountCents }],
      periodStart: null,
      periodEnd: null,
      issuedAt: now,
      ...identity,
    });
    const payment = await recordPayment(
      tx,
      {
        customerId: customer.id,
        subscriptionId: sub?.id ?? null,
        invoiceId: invoice.id,
        amountCents: intent.amountCents,
        status: 'succeeded',
        description: request.description,
        provider: deps.provider.name,
        providerRef: intent.chargeRef,
        idempotencyKey: key,
        createdAt: now,
        planId: sub?.planId ?? null,
      },
      { mail: deps.mail },
    );
    // Paid twice (two intents of one request cannot happen, but a request paid by hand could): the
    // money is recorded either way, and the request keeps its first settlement.
    if (request.status === 'open')
      await tx
        .update(paymentRequests)
        .set({ status: 'paid', paidAt: now, invoiceId: invoice.id, paymentId: payment!.id })
        .where(eq(paymentRequests.id, request.id));
    if (request.paymentLinkId) await markPaymentLinkPaid(tx, request.paymentLinkId, now);
    await resetFailures(tx, DECLINES, customer.id);
    await recordActivity(tx, customer, {
      action: 'payment_succeeded',
      description: `${customer.companyName} paid ${usd(intent.amountCents)} for ${request.description}`,
      metadata: { amount: intent.amountCents / 100 },
    });
    await recordAudit(
      tx,
      { ...actor, accountId: customer.id },
      {
        action: 'checkout',
        resourceType: 'payment_request',
        resourceId: request.id,
        oldValues: { status: request.status },
        newValues: { status: 'paid', invoice: invoice.number, amount: intent.amountCents / 100 },
      },
    );
  });
}
