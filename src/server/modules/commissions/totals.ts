import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { CommissionListQuery, CommissionTotals } from '../../../shared/contracts/commissions';
import { isoDay } from '../../../shared/days';
import type { Executor } from '../../db/client';
import { salesCommissionTotals as kept } from '../../db/schema';
import { isUuid } from '../../lib/uuid';
import type { PgColumn } from 'drizzle-orm/pg-core';

// Commission figures read from the totals the triggers on sales_commissions keep per sales user, month
// earned, status and month paid (migration 0026, docs/commissions.md "Totals at size"): a few rows per
// sales user and month, however many commissions there are.

/** A sales user filter on `column`: an id that is not a UUID matches no one (instead of failing the cast). */
export const salesUserIs = (column: PgColumn, salesUserId: string | undefined) =>
  salesUserId === undefined ? undefined : isUuid(salesUserId) ? eq(column, salesUserId) : sql`false`;

const count = (condition?: SQL) =>
  sql<number>`coalesce(sum(${kept.commissions})${condition ? sql` filter (where ${condition})` : sql``}, 0)`.mapWith(
    Number,
  );
const cents = (condition?: SQL) =>
  sql<number>`coalesce(sum(${kept.commissionCents})${condition ? sql` filter (where ${condition})` : sql``}, 0)`.mapWith(
    Number,
  );

/** The history's filters on the kept totals: the month a commission was earned is a month row. */
function keptFilterOf(query: Omit<CommissionListQuery, 'page' | 'pageSize'>): SQL | undefined {
  return and(
    salesUserIs(kept.salesUserId, query.salesUserId),
    query.status ? eq(kept.status, query.status) : undefined,
    query.month ? eq(kept.month, `${query.month}-01`) : undefined,
  );
}

/** Count and amounts of every commission the history's filters match, not just the page. Dollars. */
export async function commissionTotalsOf(
  exec: Executor,
  query: Omit<CommissionListQuery, 'page' | 'pageSize'>,
): Promise<CommissionTotals> {
  const pending = eq(kept.status, 'pending');
  const paid = eq(kept.status, 'paid');
  const [t] = await exec
    .select({
      count: count(),
      pendingCount: count(pending),
      paidCount: count(paid),
      pendingCents: cents(pending),
      paidCents: cents(paid),
      totalCents: cents(),
    })
    .from(kept)
    .where(keptFilterOf(query));
  return {
    count: t?.count ?? 0,
    pendingCount: t?.pendingCount ?? 0,
    paidCount: t?.paidCount ?? 0,
    pendingAmount: (t?.pendingCents ?? 0) / 100,
    paidAmount: (t?.paidCents ?? 0) / 100,
    totalAmount: (t?.totalCents ?? 0) / 100,
  };
}

/** A sales user's pending commissions, and those paid since the start of `now`'s month (UTC). */
export async function ownTotalsOf(exec: Executor, salesUserId: string, now: Date) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const pending = eq(kept.status, 'pending');
  const paidThisMonth = and(eq(kept.status, 'paid'), gte(kept.paidMonth, isoDay(monthStart)))!;
  const [t] = await exec
    .select({
      pendingCount: count(pending),
      pendingCents: cents(pending),
      paidCount: count(paidThisMonth),
      paidCents: cents(paidThisMonth),
    })
    .from(kept)
    .where(eq(kept.salesUserId, salesUserId));
  return {
    pendingAmount: (t?.pendingCents ?? 0) / 100,
    pendingCount: t?.pendingCount ?? 0,
    paidThisMonthAmount: (t?.paidCents ?? 0) / 100,
    paidThisMonthCount: t?.paidCount ?? 0,
  };
}
