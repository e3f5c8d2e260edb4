import { and, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import {
  SUBSCRIPTION_REQUEST_DUE_DAYS,
  type AdminPaymentRequest,
  type PaymentRequestListQuery,
  type PaymentRequestSent,
  type PaymentRequestType,
} from '../../../../shared/contracts/billing-admin';
import { pageOffset, toPage } from '../../../../shared/contracts/common';
import { isoDay } from '../../../../shared/days';
import type { Executor } from '../../../db/client';
import { customers, invoices, paymentRequests } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { likePattern } from '../../../lib/sql-like';
import { usd } from '../../../lib/money-text';
import { recordAudit } from '../../audit';
import { planById, subscriptionOf } from '../core/lookups';
import { issuePaymentLink, type PaymentLinkPurpose } from '../checkout/payment-links';
import { dueUnderTerms, paymentTermsOf } from './payment-terms';
import { actorFor, type StaffContext } from '../../../http/staff-context';
import { queuePaymentLinkEmail } from '../../email-events';
import { inTransaction } from '../../../http/request-context';

const DAY_MS = 86_400_000;
/** A request's link works until the end of its due date, and for a day at least. */
const linkDaysUntil = (dueDate: string, now: Date) =>
  Math.max(1, Math.ceil((Date.parse(`${dueDate}T00:00:00Z`) + DAY_MS - now.getTime()) / DAY_MS));

type RequestRow = typeof paymentRequests.$inferSelect;

const stateOf = (row: Pick<RequestRow, 'status' | 'dueDate'>, today: string): AdminPaymentRequest['state'] =>
  row.status === 'paid' ? 'paid' : row.dueDate < today ? 'expired' : 'open';

const listColumns = {
  request: paymentRequests,
  companyName: customers.companyName,
  email: customers.email,
  invoiceNumber: invoices.number,
};

function toItem(
  row: { request: RequestRow; companyName: string; email: string; invoiceNumber: string | null },
  today: string,
): AdminPaymentRequest {
  const r = row.request;
  return {
    id: r.id,
    customerId: r.customerId,
    companyName: row.companyName,
    email: row.email,
    amount: r.amountCents / 100,
    description: r.description,
    dueDate: r.dueDate,
    type: r.type as PaymentRequestType,
    state: stateOf(r, today),
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    invoiceNumber: row.invoiceNumber,
  };
}

async function requestItem(exec: Executor, id: string, today: string) {
  const [row] = await exec
    .select(listColumns)
    .from(paymentRequests)
    .innerJoin(customers, eq(customers.id, paymentRequests.customerId))
    .leftJoin(invoices, eq(invoices.id, paymentRequests.invoiceId))
    .where(eq(paymentRequests.id, id));
  return toItem(row!, today);
}

/** Payment requests, newest first (payment_requests_created_idx), by state and customer search. */
export async function listPaymentRequests(
  ctx: Pick<StaffContext, 'db' | 'clock'>,
  query: PaymentRequestListQuery,
) {
  const today = isoDay(ctx.clock.now());
  const conditions: SQL[] = [];
  if (query.state === 'paid') conditions.push(eq(paymentRequests.status, 'paid'));
  if (query.state === 'open')
    conditions.push(eq(paymentRequests.status, 'open'), gte(paymentRequests.dueDate, today));
  if (query.state === 'expired')
    conditions.push(eq(paymentRequests.status, 'open'), lt(paymentRequests.dueDate, today));
  if (query.search) conditions.push(like(customers.searchText, likePattern(query.search)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(listColumns)
      .from(paymentRequests)
      .innerJoin(customers, eq(customers.id, paymentRequests.customerId))
      .leftJoin(invoices, eq(invoices.id, paymentRequests.invoiceId))
      .where(where)
      .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    ctx.db
      .select({ n: count() })
      .from(paymentRequests)
      .innerJoin(customers, eq(customers.id, paymentRequests.customerId))
      .where(where),
  ]);
  return toPage(
    query,
    rows.map((row) => toItem(row, today)),
    total?.n ?? 0,
  );
}

type NewRequest = {
  customerId: string;
  amountCents: number;
  description: string;
  dueDate: string;
  type: PaymentRequestType;
  purpose: PaymentLinkPurpose;
  message: string;
};

/** A request as the service answers it: the route adds what became of its email. */
export type RequestIssued = Omit<PaymentRequestSent, 'delivery'>;

/** A request row, its checkout link, the email that carries the link and the audit row, in one transaction. */
async function createRequest(ctx: StaffContext, input: NewRequest): Promise<RequestIssued> {
  const now = ctx.clock.now();
  const today = isoDay(now);
  if (input.dueDate < today)
    throw badRequest('The due date cannot be in the past', { dueDate: 'The due date cannot be in the past' });
  return inTransaction(ctx, async ({ db: tx }) => {
    const [customer] = await tx
      .select({ id: customers.id, companyName: customers.companyName })
      .from(customers)
      .where(eq(customers.id, input.customerId));
    if (!customer) throw notFound('Customer not found');
    const link = await issuePaymentLink(tx, {
      customerId: customer.id,
      purpose: input.purpose,
      createdByStaffId: ctx.staff.id,
      now,
      validDays: linkDaysUntil(input.dueDate, now),
    });
    const [row] = await tx
      .insert(paymentRequests)
      .values({
        customerId: customer.id,
        amountCents: input.amountCents,
        description: input.description,
        dueDate: input.dueDate,
        type: input.type,
        status: 'open',
        paymentLinkId: link.id,
        createdByStaffId: ctx.staff.id,
        createdAt: now,
      })
      .returning();
    const email = await queuePaymentLinkEmail(tx, ctx.mail, {
      template: input.purpose === 'subscription' ? 'subscription_request' : 'payment_request',
      customerId: customer.id,
      amountCents: input.amountCents,
      url: link.url,
      expiresAt: link.expiresAt,
      now,
    });
    await recordAudit(tx, actorFor(ctx, customer.id), {
      action: 'create',
      resourceType: 'payment_request',
      resourceId: row!.id,
      newValues: {
        amount: input.amountCents / 100,
        description: input.description,
        dueDate: input.dueDate,
        type: input.type,
        linkExpiresAt: link.expiresAt.toISOString(),
        sentTo: email,
      },
    });
    return {
      success: true as const,
      // The route adds what became of the email (docs/email.md "Sent means sent").
      message: input.message.replace('{company}', customer.companyName),
      request: await requestItem(tx, row!.id, today),
      sentTo: { email, linkExpiresAt: link.expiresAt.toISOString() },
    };
  });
}

/**
 * `POST /api/admin/send-payment-request` (docs/billing-admin.md): a payable request and its
 * `payment_request` checkout link. Without a due date, the payment terms set it.
 */
export async function sendPaymentRequest(
  ctx: StaffContext,
  input: {
    customerId: string;
    amount: number;
    description: string;
    dueDate?: string;
    type: PaymentRequestType;
  },
): Promise<RequestIssued> {
  const dueDate = input.dueDate ?? isoDay(dueUnderTerms(await paymentTermsOf(ctx.db), ctx.clock.now()));
  const amountCents = Math.round(input.amount * 100);
  return createRequest(ctx, {
    customerId: input.customerId,
    amountCents,
    description: input.description,
    dueDate,
    type: input.type,
    purpose: 'payment_request',
    message: `Payment request of ${usd(amountCents)} for {company}`,
  });
}

/**
 * `POST /api/admin/create-subscription-request`: asks the customer to pay their subscription, for the
 * price of the plan the checkout charges (the scheduled plan, else the current one: decision 0008),
 * due in 7 days. Its link is a subscription checkout link: the checkout charges the subscription's own terms
 * and settles this request (docs/billing-admin.md). Refused when there is nothing to pay.
 */
export async function createSubscriptionRequest(
  ctx: StaffContext,
  customerId: string,
): Promise<RequestIssued> {
  const sub = await subscriptionOf(ctx.db, customerId);
  if (!sub) {
    const [customer] = await ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) throw notFound('Customer not found');
    throw conflict('This customer has no subscription to pay.');
  }
  if (sub.status === 'active') throw conflict('This subscription is already active.');
  if (sub.status === 'canceled') throw conflict('This subscription has ended.');
  const now = ctx.clock.now();
  const planId = sub.scheduledPlanId ?? sub.planId;
  const plan = await planById(ctx.db, planId);
  return createRequest(ctx, {
    customerId,
    // What the checkout behind the link will charge (`createCheckout` reads the same plan).
    amountCents: plan?.priceCents ?? sub.priceCents,
    description: `${plan?.name ?? planId} plan subscription`,
    dueDate: isoDay(new Date(now.getTime() + SUBSCRIPTION_REQUEST_DUE_DAYS * DAY_MS)),
    type: 'subscription',
    purpose: 'subscription',
    message: `Subscription request for {company}`,
  });
}
