import { and, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { pageOffset, toPage, type Page, type PageTotal } from '../../../../shared/contracts/common';
import type {
  PaymentExportQuery,
  PaymentListQuery,
  PaymentSort,
  PaymentListStatus,
  StaffPayment,
} from '../../../../shared/contracts/staff-payments';
import { countUpTo, searchCountCap } from '../../../db/bounded-count';
import type { Db, Executor } from '../../../db/client';
import { keysetSort, type SortKey } from '../../../db/keyset-sort';
import { snapshotCache, type SnapshotCache } from '../../../db/snapshot-cache';
import { customers, invoices, paymentDayTotals, payments, refunds, subscriptions } from '../../../db/schema';
import { likePattern } from '../../../lib/sql-like';
import type { PaymentStatus } from '../../../../shared/statuses';
import { isUuid } from '../../../lib/uuid';

/**
 * The statuses the staff payments list shows, as the billing engine stores them (`recordPayment`):
 * it writes `succeeded` for a completed payment; a refund that reaches the whole amount writes
 * `refunded` (docs/staff-payments.md, "Statuses").
 */
export const STORED_STATUS: Record<PaymentListStatus, PaymentStatus> = {
  completed: 'succeeded',
  pending: 'pending',
  failed: 'failed',
  refunded: 'refunded',
};

export function statusOf(stored: PaymentStatus): PaymentListStatus {
  if (stored === 'succeeded') return 'completed';
  if (stored === 'failed' || stored === 'refunded') return stored;
  return 'pending';
}

/** A payment provider's reference: Stripe's `ch_…`, `pi_…`, `py_…`, the sandbox's `ch_sbx_…`. */
const PROVIDER_REF = /^(ch|pi|py)_[A-Za-z0-9_]+$/;

type Filters = Pick<PaymentExportQuery, 'search' | 'status'>;

/**
 * The list's filters; the export takes the same ones. Each is index-friendly: the status walks
 * `payments_status_created_idx`; the search finds the matching customers first (their
 * `search_text`) and then their payments by `payments_customer_idx`; a term shaped like a payment id
 * (a UUID) or a provider reference (`ch_…`) finds that payment by its own index instead.
 * Descriptions are not searched: that would read every payment (docs/staff-payments.md).
 */
export function paymentFilter(query: Filters): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(payments.status, STORED_STATUS[query.status]));
  if (query.search) {
    const term = query.search;
    const pattern = likePattern(term);
    // The term's shape picks the one index that can answer it: an OR across them (or a union of
    // their ids) makes the planner read every payment, or hash a million ids for a broad term.
    if (isUuid(term)) conditions.push(eq(payments.id, term.toLowerCase()));
    else if (PROVIDER_REF.test(term)) conditions.push(eq(payments.providerRef, term));
    else {
      conditions.push(
        inArray(
          payments.customerId,
          sql`(select ${customers.id} from ${customers} where ${like(customers.searchText, pattern)})`,
        ),
      );
    }
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Each sort the payments list offers, with the id as the tie-break (db/keyset-sort.ts). */
const SORT_KEYS = {
  createdAt: { key: sql`${payments.createdAt}`, cast: 'timestamptz' },
  amount: { key: sql`${payments.amountCents}`, cast: 'integer' },
} satisfies Record<string, SortKey>;

export const sortOf = (sort: PaymentSort) =>
  keysetSort(SORT_KEYS, sort, { column: payments.id, cast: 'uuid' });

/** What is held by refunds sent to the provider and not yet answered. */
const heldCents = sql<number>`(select coalesce(sum(${refunds.amountCents}), 0)::int from ${refunds}
  where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'pending')`.mapWith(Number);

/**
 * Retry is offered for a failed payment whose account still owes it: a renewal whose period invoice
 * is still open, or a declined checkout while the subscription is still unpaid (a payment link then).
 */
const retryable = sql<boolean>`(${payments.status} = 'failed' and ${payments.customerId} is not null and (
  ${invoices.status} = 'open'
  or (${payments.invoiceId} is null and ${payments.idempotencyKey} like 'checkout-failed:%'
      and ${subscriptions.status} in ('trialing', 'pending', 'past_due'))))`;

/**
 * One query for a page (or batch) of rows: the customer, the invoice's billing name, the holds. The
 * page is chosen on `payments` alone (an index walk of the order's index), and only its rows are
 * joined, so the joins never run over every matching payment.
 */
export async function paymentRows(
  db: Executor,
  options: { where?: SQL; order: SQL[]; limit: number; offset?: number; cursor?: SQL<string> },
) {
  const pageIds = db
    .select({ id: payments.id })
    .from(payments)
    .where(options.where)
    .orderBy(...options.order)
    .limit(options.limit)
    .offset(options.offset ?? 0);
  return db
    .select({
      payment: payments,
      customerId: customers.id,
      companyName: customers.companyName,
      email: customers.email,
      billingName: invoices.billingName,
      billingEmail: invoices.billingEmail,
      heldCents,
      retryable,
      cursor: options.cursor ?? sql<string>`''`,
    })
    .from(payments)
    .leftJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(subscriptions, eq(subscriptions.customerId, payments.customerId))
    .where(inArray(payments.id, pageIds))
    .orderBy(...options.order);
}

export type PaymentRow = Awaited<ReturnType<typeof paymentRows>>[number];

const dollars = (cents: number) => cents / 100;

export function toStaffPayment(row: PaymentRow): StaffPayment {
  const p = row.payment;
  const status = statusOf(p.status);
  const refundableCents =
    status === 'completed' ? Math.max(0, p.amountCents - p.refundedCents - row.heldCents) : 0;
  return {
    id: p.id,
    customer:
      row.customerId && row.companyName !== null && row.email !== null
        ? { id: row.customerId, companyName: row.companyName, email: row.email }
        : null,
    customerName: row.companyName ?? row.billingName ?? null,
    customerEmail: row.email ?? row.billingEmail ?? null,
    customerDeletedAt: p.customerDeletedAt?.toISOString() ?? null,
    amount: dollars(p.amountCents),
    refunded: dollars(p.refundedCents),
    refundable: dollars(refundableCents),
    status,
    planId: p.planId,
    paidAt: p.status === 'succeeded' || p.status === 'refunded' ? p.createdAt.toISOString() : null,
    createdAt: p.createdAt.toISOString(),
    stripePaymentIntentId: p.providerRef,
    description: p.description,
    failureMessage: p.failureMessage,
    invoiceId: p.invoiceId,
    canRetry: Boolean(row.retryable),
    canRefund: refundableCents > 0 && p.providerRef !== null,
  };
}

/** One payment as the list shows it (the answer of a refund or a retry). */
export async function staffPaymentById(db: Executor, id: string): Promise<StaffPayment | null> {
  const [row] = await paymentRows(db, { where: eq(payments.id, id), order: [], limit: 1 });
  return row ? toStaffPayment(row) : null;
}

/**
 * Pages and counts kept until the data changes (`db/snapshot-cache.ts`): counting a status over a
 * million payments reads its whole index range, and paging through one filter reuses the count.
 */
export type KeptPaymentReads = {
  pages: SnapshotCache<Page<StaffPayment>>;
  counts: SnapshotCache<PageTotal>;
};

export const keptPaymentReads = (db: Db): KeptPaymentReads => ({
  pages: snapshotCache(db),
  counts: snapshotCache(db),
});

/**
 * How many payments the filters match. Without a search it is read from `payment_day_totals` (kept by a
 * trigger in each payment's transaction: a few rows per day instead of a million index entries). A
 * search is counted from the rows, as far as ten pages past the page asked for (`searchCountCap`, "N+"
 * past it) like every searched list: counting every payment of a broad term ("harbor haulage", 25,000 of
 * them) took 240 ms, and under writes no kept count hid it.
 */
async function countPayments(db: Db, query: PaymentListQuery): Promise<PageTotal> {
  if (!query.search) {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${paymentDayTotals.payments}), 0)::float8`.mapWith(Number) })
      .from(paymentDayTotals)
      .where(query.status ? eq(paymentDayTotals.status, STORED_STATUS[query.status]) : undefined);
    return row?.n ?? 0;
  }
  return countUpTo(db, payments, paymentFilter(query), searchCountCap(query));
}

export async function listPayments(db: Db, query: PaymentListQuery, kept?: KeptPaymentReads) {
  const read = async () => {
    const where = paymentFilter(query);
    const countMatches = () => countPayments(db, query);
    // A searched count's cap moves with the page, so the cap is part of what it is kept under.
    const filterKey = JSON.stringify([
      query.search ?? '',
      query.status ?? '',
      query.search ? searchCountCap(query) : 0,
    ]);
    const rows = await paymentRows(db, {
      where,
      order: sortOf(query.sort).order,
      limit: query.pageSize,
      offset: pageOffset(query),
    });
    const total = kept ? await kept.counts(filterKey, countMatches) : await countMatches();
    return toPage<StaffPayment>(query, rows.map(toStaffPayment), total);
  };
  return kept ? kept.pages(JSON.stringify(query), read) : read();
}
