import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { FLEET_ADMIN_ONLY_MESSAGE } from '../../auth/access';
import { failuresOf, recordFailure, resetFailures, type AttemptWindow } from '../../auth/attempt-counters';
import { invoices, paymentLinks, paymentMethods, paymentRequests, subscriptions } from '../../db/schema';
import { HttpError, conflict, notFound } from '../../http/errors';
import type { CheckoutTermsView, PaymentRequestTermsView } from '../../../shared/contracts/checkout';
import { tokenDigest } from '../../auth/tokens';
import type { CardDetails, ClientConfig, IntentInfo } from '../../integrations/payments/provider';
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
  type CustomerRow,
  type PaymentMethodRow,
  type PlanRow,
  type SubscriptionRow,
} from './context';
import { checkoutTerms, type CheckoutTerms } from './checkout-terms';
import { reportFailedPayment } from './failed-payments';
import { markPaymentLinkPaid, openPaymentLink } from './payment-links';
import { lockCardsOf } from './payment-methods';
import { recordPayment } from './payment-records';
import { recordPaidInvoice } from './record-paid-invoice';

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
  const paid = paymentRequestId ? 'payment_request' : 'subscription';
  // Recorded already (the browser and the webhook both report an intent): nothing more to do.
  if (!(await paymentByKey(deps.db, key))) {
    if (paymentRequestId)
      await completeRequestPayment(deps, actor, { intent, key, customer, paymentRequestId });
    else await completeSubscriptionPayment(deps, actor, { intent, key, customer });
  }
  return { status: 'succeeded', customerId, email: customer.email, paid };
}

/**
 * The subscription's checkout, paid: the card is attached at the provider first (outside any
 * transaction), then one transaction takes the subscription's row lock, looks for the payment's key
 * again under it (a report racing this one finds it recorded and stops), and only then locks the
 * account and its cards (`lockCardsOf`) and records the period, the invoice and the payment. Locks
 * in that order always: subscription, account, cards, then the invoice counter (`recordPaidInvoice`).
 */
async function completeSubscriptionPayment(
  deps: BillingDeps,
  actor: AuditActor,
  { intent, key, customer }: { intent: IntentInfo; key: string; customer: CustomerRow },
): Promise<void> {
  const customerId = customer.id;
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
    const saved = await makeCardDefault(tx, deps.provider.name, customerId, {
      providerRef: intent.paymentMethodRef!,
      card,
    });
    const terms = await startPaidPeriod(tx, sub, plan, now);
    // The subscription is paid: its payment links have done their job, and its declines are history.
    const spent = await spendSubscriptionLinks(tx, customerId, now);
    await resetFailures(tx, DECLINES, customerId);
    const { invoice, payment } = await recordPaidInvoice(
      tx,
      {
        customerId,
        amountCents: intent.amountCents,
        paidAt: now,
        invoice: {
          issue: {
            kind: 'subscription',
            subscriptionId: sub.id,
            line: { description: `${plan.name} plan, monthly` },
            periodStart: now,
            periodEnd: terms.periodEnd,
            billedTo: await billingIdentity(tx, customer),
          },
        },
        payment: {
          subscriptionId: sub.id,
          description: `${plan.name} plan, monthly`,
          provider: deps.provider.name,
          providerRef: intent.chargeRef,
          paymentMethodId: saved.card.id,
          idempotencyKey: key,
          planId: plan.id,
        },
      },
      { mail: deps.mail },
    );
    await settleSubscriptionRequests(tx, spent, { invoiceId: invoice.id, paymentId: payment.id, now });
    if (saved.added)
      await notifyStaff(tx, customer, 'payment_method_added', { brand: card.brand, last4: card.last4 });
    await announceCheckout(tx, actor, { customer, sub, plan, terms, invoiceNumber: invoice.number, intent });
  });
}

/** The feed's line and the audit row of a subscription paid at checkout. */
async function announceCheckout(
  tx: Executor,
  actor: AuditActor,
  input: {
    customer: CustomerRow;
    sub: SubscriptionRow;
    plan: PlanRow;
    terms: CheckoutTerms;
    invoiceNumber: string;
    intent: IntentInfo;
  },
): Promise<void> {
  const { customer, sub, plan, terms, intent } = input;
  await recordActivity(tx, customer, {
    action: 'payment_succeeded',
    description: `${customer.companyName} subscribed to ${plan.name} and paid ${usd(intent.amountCents)}`,
    metadata: { amount: intent.amountCents / 100, planName: plan.name },
  });
  await recordAudit(
    tx,
    { ...actor, accountId: customer.id },
    {
      action: 'checkout',
      resourceType: 'subscription',
      resourceId: sub.id,
      oldValues: { status: sub.status, planId: sub.planId },
      newValues: {
        status: 'active',
        planId: plan.id,
        invoice: input.invoiceNumber,
        amount: intent.amountCents / 100,
        periodEnd: terms.periodEnd.toISOString(),
        trialDaysKept: terms.trialDaysKept,
      },
    },
  );
}

/**
 * The card the checkout was paid with becomes the customer's only default: the row it already has
 * (a card used before), or a new one. `added` says whether it is new. The cards are locked already.
 */
async function makeCardDefault(
  tx: Executor,
  provider: string,
  customerId: string,
  { providerRef, card }: { providerRef: string; card: CardDetails },
): Promise<{ card: PaymentMethodRow; added: boolean }> {
  const [existingCard] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.provider, provider), eq(paymentMethods.providerRef, providerRef)));
  await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.customerId, customerId));
  const [savedCard] = existingCard
    ? await tx
        .update(paymentMethods)
        .set({ isDefault: true })
        .where(eq(paymentMethods.id, existingCard.id))
        .returning()
    : await tx
        .insert(paymentMethods)
        .values({ customerId, provider, providerRef, ...card, isDefault: true })
        .returning();
  return { card: savedCard!, added: !existingCard };
}

/**
 * The paid subscription's new period, in the payment's transaction: an open (unpaid) period is
 * voided, the plan the checkout charged applies, and the subscription and the account are active
 * until the end `checkoutTerms` gives for the subscription as it is now. Returns those terms.
 */
async function startPaidPeriod(
  tx: Executor,
  sub: SubscriptionRow,
  plan: PlanRow,
  now: Date,
): Promise<CheckoutTerms> {
  // A period left unpaid by failed renewals is replaced by the period paid now.
  await tx
    .update(invoices)
    .set({ status: 'void' })
    .where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, 'open')));
  // The same rule the page showed, applied to the subscription as it is now (a trial may have ended
  // between the preview and the payment: then the month starts now).
  const terms = checkoutTerms(sub, plan, now);
  const periodEnd = terms.periodEnd;
  await applyPlan(tx, sub.customerId, plan, now);
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
  await setCustomerStatus(tx, sub.customerId, 'active', now);
  return terms;
}

/** Marks the customer's unspent subscription links paid; returns the links spent now. */
async function spendSubscriptionLinks(
  tx: Executor,
  customerId: string,
  now: Date,
): Promise<{ id: string }[]> {
  return tx
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
}

/** Staff subscription requests sent with the links just spent are settled by this payment. */
async function settleSubscriptionRequests(
  tx: Executor,
  spent: { id: string }[],
  { invoiceId, paymentId, now }: { invoiceId: string; paymentId: string; now: Date },
): Promise<void> {
  if (!spent.length) return;
  await tx
    .update(paymentRequests)
    .set({ status: 'paid', paidAt: now, invoiceId, paymentId })
    .where(
      and(
        inArray(
          paymentRequests.paymentLinkId,
          spent.map((link) => link.id),
        ),
        eq(paymentRequests.status, 'open'),
      ),
    );
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
 * A paid payment request: the payment (through `recordPaidInvoice`, so commissions follow), a paid
 * invoice of kind payment_request, the request paid and its link spent, once. The request row lock
 * and the payment's idempotency key make the browser's report and the webhook settle it once.
 */
async function completeRequestPayment(
  deps: BillingDeps,
  actor: AuditActor,
  input: { intent: IntentInfo; key: string; customer: CustomerRow; paymentRequestId: string },
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
    const { invoice, payment } = await recordPaidInvoice(
      tx,
      {
        customerId: customer.id,
        amountCents: intent.amountCents,
        paidAt: now,
        invoice: {
          issue: {
            kind: 'payment_request',
            subscriptionId: null,
            line: { description: request.description },
            periodStart: null,
            periodEnd: null,
            billedTo: await billingIdentity(tx, customer),
          },
        },
        payment: {
          subscriptionId: sub?.id ?? null,
          description: request.description,
          provider: deps.provider.name,
          providerRef: intent.chargeRef,
          paymentMethodId: null,
          idempotencyKey: key,
          planId: sub?.planId ?? null,
        },
      },
      { mail: deps.mail },
    );
    // Paid twice (two intents of one request cannot happen, but a request paid by hand could): the
    // money is recorded either way, and the request keeps its first settlement.
    if (request.status === 'open')
      await tx
        .update(paymentRequests)
        .set({ status: 'paid', paidAt: now, invoiceId: invoice.id, paymentId: payment.id })
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
