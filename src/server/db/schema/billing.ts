import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  INVOICE_STATUSES,
  PAYMENT_REQUEST_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
} from '../../../shared/statuses';
import { ownedBy, keptForTheBooks, customerDeletedAt } from './account-columns';
import { randomId, timestamptz, createdAt, updatedAt } from './columns';
import { byStaff } from './staff-columns';

// Billing and payments: cards on file, invoices, payments and what follows them (refunds, disputes,
// payment links and requests), the daily payment totals, and the payment operations ledgers.

/** Cards on file, as the provider describes them: never a full number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: randomId(),
    customerId: ownedBy(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_customer_idx').on(t.customerId),
    uniqueIndex('payment_methods_one_default')
      .on(t.customerId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('payment_methods_ref_key').on(t.provider, t.providerRef),
  ],
);

export type InvoiceLine = {
  description: string;
  amountCents: number;
  periodStart?: string;
  periodEnd?: string;
};

export type BillingAddress = {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

export const invoices = pgTable(
  'invoices',
  {
    id: randomId(),
    number: text('number').notNull(),
    customerId: keptForTheBooks(),
    customerDeletedAt: customerDeletedAt(),
    subscriptionId: uuid('subscription_id'),
    /** subscription: one per billing period; proration: an upgrade's difference. */
    kind: text('kind').notNull().default('subscription'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    currency: text('currency').notNull().default('usd'),
    totalCents: integer('total_cents').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    periodStart: timestamptz('period_start'),
    periodEnd: timestamptz('period_end'),
    billingName: text('billing_name').notNull(),
    billingEmail: text('billing_email').notNull(),
    billingAddress: jsonb('billing_address').$type<BillingAddress | null>(),
    issuedAt: timestamptz('issued_at').notNull(),
    /** When an open invoice must be paid: the payment terms (a setting) from the issue date. */
    dueAt: timestamptz('due_at'),
    /**
     * What its completed payments brought in, net of refunds: kept by a trigger on `payments`, so the
     * reconciliation reads one row per invoice instead of summing payments.
     */
    collectedCents: integer('collected_cents').notNull().default(0),
    paidAt: timestamptz('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_issued_idx').on(t.issuedAt),
    index('invoices_status_idx').on(t.status, t.issuedAt),
    index('invoices_reconcile_idx')
      .on(t.issuedAt, t.status, t.totalCents, t.collectedCents)
      .where(sql`${t.status} in ('paid', 'open')`),
    index('invoices_customer_idx').on(t.customerId, t.issuedAt),
    // one invoice per subscription period, however often a renewal is retried
    uniqueIndex('invoices_period_key')
      .on(t.subscriptionId, t.periodStart)
      .where(sql`${t.kind} = 'subscription'`),
  ],
);

/**
 * How many invoices each status holds, kept by triggers on `invoices` in each write's transaction
 * (migration 0036): the staff list's total for a status reads these rows, not every invoice of it
 * (10 ms a request at 1,000,000 invoices, the list's largest part). Spread over 16 shards of the
 * invoice id, so renewals on several instances do not queue on one row.
 */
export const invoiceStatusTotals = pgTable(
  'invoice_status_totals',
  {
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    shard: smallint('shard').notNull(),
    invoices: bigint('invoices', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
);

/** Every charge attempt. The idempotency key makes a retried job or a double submit charge once. */
export const payments = pgTable(
  'payments',
  {
    id: randomId(),
    customerId: keptForTheBooks(),
    customerDeletedAt: customerDeletedAt(),
    subscriptionId: uuid('subscription_id'),
    invoiceId: uuid('invoice_id'),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    description: text('description').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    paymentMethodId: uuid('payment_method_id'),
    failureMessage: text('failure_message'),
    idempotencyKey: text('idempotency_key').notNull(),
    planId: text('plan_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    index('payments_customer_idx').on(t.customerId, t.createdAt),
    index('payments_created_idx').on(t.createdAt),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_amount_idx').on(t.amountCents, t.id),
    index('payments_status_amount_idx').on(t.status, t.amountCents, t.id),
    index('payments_provider_ref_idx')
      .on(t.providerRef)
      .where(sql`${t.providerRef} is not null`),
  ],
);

/** Provider webhook events already handled, so a redelivered event is acknowledged and ignored. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

/**
 * A checkout link the product issued for one customer: paying needs that customer's session or
 * one of these (docs/payments.md). Only the SHA-256 of the token is kept.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: randomId(),
    tokenDigest: text('token_digest').notNull(),
    customerId: ownedBy(),
    purpose: text('purpose').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdByStaffId: byStaff('created_by_staff_id'),
    paidAt: timestamptz('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_links_token_key').on(t.tokenDigest),
    index('payment_links_customer_idx').on(t.customerId),
  ],
);

/**
 * A staff refund of part or all of a payment (issue 12). The row is written, holding its amount
 * against the payment, before the provider is called with `refund:{id}` as idempotency key; it
 * ends succeeded or failed. `request_key` makes a repeated submit of one dialog one refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: randomId(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    customerId: keptForTheBooks(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason'),
    /** pending (held against the payment, provider not yet answered), succeeded, failed. */
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    requestKey: text('request_key').notNull(),
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    createdByStaffId: byStaff('created_by_staff_id'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    uniqueIndex('refunds_request_key').on(t.requestKey),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_created_idx').on(t.createdAt),
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A payment staff asked a customer for (Send Payment Request, docs/billing-admin.md): paid through the same
 * checkout with a payment link; open until paid, expired after its due date.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: randomId(),
    customerId: ownedBy(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    dueDate: date('due_date').notNull(),
    /** invoice or subscription. */
    type: text('type').notNull(),
    /** open or paid; an open request past its due date reads as expired. */
    status: text('status', { enum: PAYMENT_REQUEST_STATUSES }).notNull().default('open'),
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id, { onDelete: 'set null' }),
    /** The checkout intent that pays it: every checkout of the request offers this one (decision 0008). */
    intentRef: text('intent_ref'),
    invoiceId: uuid('invoice_id'),
    paymentId: uuid('payment_id'),
    createdByStaffId: byStaff('created_by_staff_id'),
    createdAt: createdAt(),
    paidAt: timestamptz('paid_at'),
  },
  (t) => [
    index('payment_requests_customer_idx').on(t.customerId, t.createdAt),
    index('payment_requests_created_idx').on(t.createdAt),
  ],
);

/** The expenses ledger staff add to (docs/payment-operations.md). */
export const expenses = pgTable(
  'expenses',
  {
    id: randomId(),
    incurredOn: date('incurred_on').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdByStaffId: byStaff('created_by_staff_id'),
    createdAt: createdAt(),
  },
  (t) => [index('expenses_incurred_idx').on(t.incurredOn, t.createdAt)],
);

/**
 * Hosting usage the server measures itself (docs/payment-operations.md): CPU time, bytes served and requests,
 * added up per day and per instance by each instance's meter.
 */
export const hostingUsage = pgTable(
  'hosting_usage',
  {
    day: date('day').notNull(),
    instanceId: text('instance_id').notNull(),
    cpuMicros: bigint('cpu_micros', { mode: 'number' }).notNull().default(0),
    bytesServed: bigint('bytes_served', { mode: 'number' }).notNull().default(0),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.instanceId] })],
);

/** Card disputes reported by the payment provider's signed webhook (Stripe `charge.dispute.*`). */
export const disputes = pgTable(
  'disputes',
  {
    id: randomId(),
    providerRef: text('provider_ref').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    customerId: keptForTheBooks(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    evidenceDueBy: timestamptz('evidence_due_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('disputes_provider_ref_key').on(t.providerRef),
    index('disputes_created_idx').on(t.createdAt),
  ],
);

/**
 * Payments counted and summed per day and status, kept by a trigger on `payments` in the transaction of
 * each payment and refund: totals, rates by month and a status's count read a few hundred rows instead
 * of every payment. Days are UTC.
 */
export const paymentDayTotals = pgTable(
  'payment_day_totals',
  {
    day: date('day').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    payments: integer('payments').notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);
