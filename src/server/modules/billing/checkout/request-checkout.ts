import { and, eq, isNull } from 'drizzle-orm';
import { resetFailures } from '../../../auth/attempt-counters';
import { paymentLinks, paymentRequests } from '../../../db/schema';
import { HttpError, conflict, notFound } from '../../../http/errors';
import type { PaymentRequestTermsView } from '../../../../shared/contracts/checkout';
import { tokenDigest } from '../../../auth/tokens';
import type { ClientConfig, IntentInfo } from '../../../integrations/payments/provider';
import { usd } from '../../../lib/money-text';
import { recordAudit, type AuditActor } from '../../audit';
import { recordActivity } from '../../notifications';
import { billingIdentity } from '../core/billing-identity';
import { customerById, paymentByKey, subscriptionOf } from '../core/lookups';
import { ensureProviderCustomer } from '../core/provider-customer';
import type { BillingDeps } from '../core/deps';
import type { CustomerRow } from '../core/rows';
import { markPaymentLinkPaid } from './payment-links';
import { recordPaidInvoice } from '../invoices/record-paid-invoice';
import { DECLINES } from './access';

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
export async function completeRequestPayment(
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
