import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { resetFailures } from '../../../auth/attempt-counters';
import { invoices, paymentLinks, paymentMethods, paymentRequests } from '../../../db/schema';
import { HttpError, notFound } from '../../../http/errors';
import type { CardDetails, IntentInfo } from '../../../integrations/payments/provider';
import { usd } from '../../../lib/money-text';
import { recordAudit, type AuditActor } from '../../audit';
import { notifyStaff, recordActivity } from '../../notifications';
import { applyPlan, setPaidPeriod } from '../core/account-writes';
import { billingIdentity } from '../core/billing-identity';
import { customerById, lockSubscription, paymentByKey, planById } from '../core/lookups';
import { ensureProviderCustomer } from '../core/provider-customer';
import type { BillingDeps } from '../core/deps';
import type { CustomerRow, PaymentMethodRow, PlanRow, SubscriptionRow } from '../core/rows';
import { checkoutTerms, type CheckoutTerms } from './checkout-terms';
import { lockCardsOf } from '../cards/payment-methods';
import { recordPaidInvoice } from '../invoices/record-paid-invoice';
import { DECLINES } from './access';
import { completeRequestPayment } from './request-checkout';

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
  // Trial days are kept (added to this period), so the trial's end stays what it was.
  await setPaidPeriod(
    tx,
    sub.id,
    { start: now, end: periodEnd, now },
    { cancelAtPeriodEnd: false, canceledAt: null },
  );
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
