import { and, asc, desc, eq, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  TRIAL_ACTION_DAYS,
  type AdminSubscription,
  type SubscriptionListQuery,
  type TrialAction,
  type TrialActionQuery,
} from '../../../../shared/contracts/billing-admin';
import { pageOffset, toPage } from '../../../../shared/contracts/common';
import type { Db } from '../../../db/client';
import { countUpTo } from '../../../db/bounded-count';
import { customers, plans, subscriptions } from '../../../db/schema';
import { likePattern } from '../../../lib/sql-like';
import { shortDate } from '../../../lib/day-text';
import type { CustomerStatus, SubscriptionStatus } from '../../../../shared/statuses';

const columns = {
  subscriptionId: subscriptions.id,
  customerId: customers.id,
  companyName: customers.companyName,
  email: customers.email,
  customerStatus: customers.status,
  planId: subscriptions.planId,
  planName: plans.name,
  status: subscriptions.status,
  priceCents: subscriptions.priceCents,
  currentPeriodStart: subscriptions.currentPeriodStart,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  trialEndsAt: subscriptions.trialEndsAt,
  updatedAt: subscriptions.updatedAt,
};

type Row = {
  subscriptionId: string;
  customerId: string;
  companyName: string;
  email: string;
  customerStatus: CustomerStatus;
  planId: string;
  planName: string | null;
  status: SubscriptionStatus;
  priceCents: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: Date | null;
  updatedAt: Date;
};

const toItem = (row: Row): AdminSubscription => ({
  subscriptionId: row.subscriptionId,
  customerId: row.customerId,
  companyName: row.companyName,
  email: row.email,
  customerStatus: row.customerStatus,
  planId: row.planId,
  planName: row.planName ?? row.planId,
  status: row.status,
  price: row.priceCents / 100,
  currentPeriodStart: row.currentPeriodStart.toISOString(),
  currentPeriodEnd: row.currentPeriodEnd.toISOString(),
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
});

/** Company order as `customers_company_idx` keeps it (lower(company_name), id). */
const byCompany = (direction: typeof asc) => [
  direction(sql`lower(${customers.companyName})`),
  direction(customers.id),
];

const ORDERS = {
  companyName: byCompany,
  currentPeriodEnd: (direction: typeof asc) => [
    direction(subscriptions.currentPeriodEnd),
    direction(subscriptions.id),
  ],
  price: (direction: typeof asc) => [direction(subscriptions.priceCents), direction(subscriptions.id)],
} as const;

/**
 * A page of subscriptions with their customer and plan. `where` names subscriptions' columns only (a
 * condition on the customer is a subquery, `customerMatches`), so the count reads one table's index and
 * stops at COUNT_CAP: 100,000 subscriptions cost what 10,001 do.
 */
async function page<T = AdminSubscription>(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  request: { page: number; pageSize: number },
  item: (row: Row) => T = toItem as (row: Row) => T,
) {
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(where)
      .orderBy(...order)
      .limit(request.pageSize)
      .offset(pageOffset(request)),
    countUpTo(db, subscriptions, where, COUNT_CAP),
  ]);
  return toPage(request, rows.map(item), total);
}

const COUNT_CAP = 10_000;

/** Subscriptions whose customer the search matches (company, name, email). */
const customerMatches = (search: string) =>
  inArray(
    subscriptions.customerId,
    sql`(select ${customers.id} from ${customers} where ${like(customers.searchText, likePattern(search))})`,
  );

/** Customers and their subscriptions: searched (company, name, email), filtered by status, sorted, paged. */
export async function listSubscriptions(db: Db, query: SubscriptionListQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(subscriptions.status, query.status));
  if (query.search) conditions.push(customerMatches(query.search));
  const field = query.sort.replace(/^-/, '') as keyof typeof ORDERS;
  const order = ORDERS[field](query.sort.startsWith('-') ? desc : asc);
  return page(db, conditions.length ? and(...conditions) : undefined, order, query);
}

const DAY_MS = 86_400_000;

/** The reason a row is in "Trials requiring action", in the words the screen shows. */
export function trialActionReason(row: Pick<Row, 'status' | 'trialEndsAt' | 'updatedAt'>, now: Date) {
  if (row.status === 'pending') {
    // A pending subscription is left alone by the billing rules until paid: its last change is when it
    // became pending (a trial or a renewal that ended unpaid).
    return {
      reasonKind: 'checkout_pending' as const,
      reason: `Checkout pending since ${shortDate(row.updatedAt)}`,
    };
  }
  const days = Math.max(
    0,
    Math.ceil(((row.trialEndsAt?.getTime() ?? now.getTime()) - now.getTime()) / DAY_MS),
  );
  return {
    reasonKind: 'trial_ending' as const,
    reason: days === 0 ? 'Trial ends today' : `Trial ends in ${days} ${days === 1 ? 'day' : 'days'}`,
  };
}

/**
 * "Trials requiring action" (docs/product-rules.md; not "every pending or Starter customer", which
 * listed paying Starter customers): trials ending within TRIAL_ACTION_DAYS days and checkouts left
 * pending (status pending: a trial or renewal ended unpaid), each with its reason.
 */
export async function listTrialActions(db: Db, now: Date, query: TrialActionQuery) {
  const horizon = new Date(now.getTime() + TRIAL_ACTION_DAYS * DAY_MS);
  const conditions: SQL[] = [
    or(
      and(eq(subscriptions.status, 'trialing'), lte(subscriptions.trialEndsAt, horizon)),
      eq(subscriptions.status, 'pending'),
    )!,
  ];
  if (query.search) conditions.push(customerMatches(query.search));
  return page<TrialAction>(db, and(...conditions), byCompany(asc), query, (row) => ({
    ...toItem(row),
    ...trialActionReason(row, now),
  }));
}
