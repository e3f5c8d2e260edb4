import { and, asc, count, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import {
  type AdminSubscription,
  type SubscriptionListQuery,
  type TrialActionQuery,
} from '../../../shared/contracts/billing-admin';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import type { Db } from '../../db/client';
import { customers, plans, subscriptions } from '../../db/schema';
import { likePattern } from './context';

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
};

type Row = {
  subscriptionId: string;
  customerId: string;
  companyName: string;
  email: string;
  customerStatus: string;
  planId: string;
  planName: string | null;
  status: string;
  priceCents: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: Date | null;
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

async function page(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  request: { page: number; pageSize: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(where)
      .orderBy(...order)
      .limit(request.pageSize)
      .offset(pageOffset(request)),
    db
      .select({ n: count() })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .where(where),
  ]);
  return toPage(request, rows.map(toItem), total?.n ?? 0);
}

/** Customers and their subscriptions: searched (company, name, email), filtered by status, sorted, paged. */
export async function listSubscriptions(db: Db, query: SubscriptionListQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(subscriptions.status, query.status));
  if (query.search) conditions.push(like(customers.searchText, likePattern(query.search)));
  const field = query.sort.replace(/^-/, '') as keyof typeof ORDERS;
  const order = ORDERS[field](query.sort.startsWith('-') ? desc : asc);
  return page(db, conditions.length ? and(...conditions) : undefined, order, query);
}

/** Spec 3 §9 'trial requiring action': customers with status pending or on the starter plan. */
export async function listTrialActions(db: Db, query: TrialActionQuery) {
  const conditions: SQL[] = [or(eq(customers.status, 'pending'), eq(customers.planId, 'starter'))!];
  if (query.search) conditions.push(like(customers.searchText, likePattern(query.search)));
  return page(db, and(...conditions), byCompany(asc), query);
}
