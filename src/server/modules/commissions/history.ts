import { and, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import {
  COMMISSION_TYPES,
  type Commission,
  type CommissionListQuery,
  type MyCommissions,
} from '../../../shared/contracts/commissions';
import { COMMISSION_STATUSES } from '../../../shared/statuses';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import type { Executor } from '../../db/client';
import { salesCommissions } from '../../db/schema';
import { commissionTotalsOf, ownTotalsOf, salesUserIs } from './totals';
import { isUuid } from '../../lib/uuid';
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

function filterOf(query: Omit<CommissionListQuery, 'page' | 'pageSize'>): SQL | undefined {
  const range = query.month ? monthRange(query.month) : null;
  return and(
    salesUserIs(salesCommissions.salesUserId, query.salesUserId),
    query.status ? eq(salesCommissions.status, query.status) : undefined,
    range ? gte(salesCommissions.createdAt, range[0]) : undefined,
    range ? lt(salesCommissions.createdAt, range[1]) : undefined,
  );
}

/**
 * The commission history, filtered and paged on the server, with totals (and the page count) over every
 * matching row, from the kept totals.
 */
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
    commissionTotalsOf(exec, query),
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
  const [totals, recent] = await Promise.all([
    ownTotalsOf(exec, salesUserId, now),
    exec
      .select()
      .from(salesCommissions)
      .where(eq(salesCommissions.salesUserId, salesUserId))
      .orderBy(desc(salesCommissions.createdAt), desc(salesCommissions.id))
      .limit(5),
  ]);
  return { ...totals, recent: recent.map(toCommission) };
}
