import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  COMMISSION_TYPES,
  type Commission,
  type CommissionListQuery,
  type CommissionTotals,
  type MyCommissions,
} from '../../../shared/contracts/commissions';
import { COMMISSION_STATUSES } from '../../../shared/statuses';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import type { Executor } from '../../db/client';
import { salesCommissions } from '../../db/schema';
import { recordAudit } from '../audit';
import { inTransaction } from '../../http/request-context';
import type { StaffContext } from '../../http/staff-context';

type CommissionRow = typeof salesCommissions.$inferSelect;

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export const toCommission = (r: CommissionRow): Commission => ({
  id: r.id,
  salesUserId: r.salesUserId,
  salesUserName: r.salesUserName,
  customerId: r.customerId,
  companyName: r.companyName,
  paymentId: r.paymentId,
  planId: r.planId,
  commissionType: oneOf(COMMISSION_TYPES, r.commissionType, 'payment'),
  baseAmount: r.baseCents / 100,
  commissionRate: r.commissionRate,
  commissionAmount: r.commissionCents / 100,
  status: oneOf(COMMISSION_STATUSES, r.status, 'pending'),
  paidAt: r.paidAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** The first instant of a YYYY-MM month and of the next, in UTC. */
export function monthRange(month: string): [Date, Date] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return [new Date(Date.UTC(year, m - 1, 1)), new Date(Date.UTC(year, m, 1))];
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

function filterOf(query: Omit<CommissionListQuery, 'page' | 'pageSize'>): SQL | undefined {
  const range = query.month ? monthRange(query.month) : null;
  return and(
    query.salesUserId !== undefined
      ? isUuid(query.salesUserId)
        ? eq(salesCommissions.salesUserId, query.salesUserId)
        : sql`false`
      : undefined,
    query.status ? eq(salesCommissions.status, query.status) : undefined,
    range ? gte(salesCommissions.createdAt, range[0]) : undefined,
    range ? lt(salesCommissions.createdAt, range[1]) : undefined,
  );
}

const cents = (condition?: SQL) =>
  condition
    ? sql<number>`coalesce(sum(${salesCommissions.commissionCents}) filter (where ${condition}), 0)`.mapWith(
        Number,
      )
    : sql<number>`coalesce(sum(${salesCommissions.commissionCents}), 0)`.mapWith(Number);
const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

async function totalsOf(exec: Executor, where: SQL | undefined): Promise<CommissionTotals> {
  const pending = eq(salesCommissions.status, 'pending');
  const paid = eq(salesCommissions.status, 'paid');
  const [t] = await exec
    .select({
      count: count(),
      pendingCount: counted(pending),
      paidCount: counted(paid),
      pendingCents: cents(pending),
      paidCents: cents(paid),
      totalCents: cents(),
    })
    .from(salesCommissions)
    .where(where);
  return {
    count: t?.count ?? 0,
    pendingCount: t?.pendingCount ?? 0,
    paidCount: t?.paidCount ?? 0,
    pendingAmount: (t?.pendingCents ?? 0) / 100,
    paidAmount: (t?.paidCents ?? 0) / 100,
    totalAmount: (t?.totalCents ?? 0) / 100,
  };
}

/** The commission history, filtered and paged on the server, with totals over every matching row. */
export async function listCommissions(exec: Executor, query: CommissionListQuery) {
  const where = filterOf(query);
  const [rows, totals] = await Promise.all([
    exec
      .select()
      .from(salesCommissions)
      .where(where)
      .orderBy(desc(salesCommissions.createdAt), desc(salesCommissions.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    totalsOf(exec, where),
  ]);
  return { ...toPage(query, rows.map(toCommission), totals.count), totals };
}

/**
 * Marks pending commissions paid. Only pending rows change, in one UPDATE, so two staff marking the
 * same rows at once pay each once; the answer says how many this call marked.
 */
export async function markCommissionsPaid(ctx: StaffContext, ids: string[], now: Date): Promise<number> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return 0;
  return inTransaction(ctx, async ({ db: tx, actor }) => {
    const updated = await tx
      .update(salesCommissions)
      .set({ status: 'paid', paidAt: now, paidByStaffId: ctx.staff.id })
      .where(and(inArray(salesCommissions.id, valid), eq(salesCommissions.status, 'pending')))
      .returning({
        id: salesCommissions.id,
        salesUserId: salesCommissions.salesUserId,
        commissionCents: salesCommissions.commissionCents,
      });
    if (updated.length > 0) {
      await recordAudit(tx, actor, {
        action: 'mark_paid',
        resourceType: 'commission',
        resourceId: updated.length === 1 ? updated[0]!.id : null,
        oldValues: { status: 'pending' },
        newValues: {
          status: 'paid',
          ids: updated.map((u) => u.id),
          amount: updated.reduce((sum, u) => sum + u.commissionCents, 0) / 100,
        },
      });
    }
    return updated.length;
  });
}

/** A sales user's own card: what is owed, what was paid this month (UTC), and the last 5 rows. */
export async function myCommissions(exec: Executor, salesUserId: string, now: Date): Promise<MyCommissions> {
  const mine = eq(salesCommissions.salesUserId, salesUserId);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const pending = eq(salesCommissions.status, 'pending');
  const paidThisMonth = and(eq(salesCommissions.status, 'paid'), gte(salesCommissions.paidAt, monthStart))!;
  const [[t], recent] = await Promise.all([
    exec
      .select({
        pendingCount: counted(pending),
        pendingCents: cents(pending),
        paidCount: counted(paidThisMonth),
        paidCents: cents(paidThisMonth),
      })
      .from(salesCommissions)
      .where(mine),
    exec
      .select()
      .from(salesCommissions)
      .where(mine)
      .orderBy(desc(salesCommissions.createdAt), desc(salesCommissions.id))
      .limit(5),
  ]);
  return {
    pendingAmount: (t?.pendingCents ?? 0) / 100,
    pendingCount: t?.pendingCount ?? 0,
    paidThisMonthAmount: (t?.paidCents ?? 0) / 100,
    paidThisMonthCount: t?.paidCount ?? 0,
    recent: recent.map(toCommission),
  };
}
