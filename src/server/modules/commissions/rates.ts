import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CommissionRate, CreateRateRequest } from '../../../shared/contracts/commissions';
import type { Executor } from '../../db/client';
import { plans, salesCommissionRates, staffUsers } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { staffNameOf } from '../team';
import { inTransaction } from '../../http/request-context';
import { isUuid } from '../../lib/uuid';
import type { StaffContext } from '../../http/staff-context';

export const SALES_ONLY_MESSAGE = 'Only sales users can receive commission rates';
export const SALES_USER_NOT_FOUND = 'Sales user not found';
export const PLAN_NOT_FOUND = 'Plan not found';

const creator = alias(staffUsers, 'creator');

function ratesQuery(exec: Executor) {
  return exec
    .select({
      id: salesCommissionRates.id,
      salesUserId: salesCommissionRates.salesUserId,
      salesUserName: staffNameOf(staffUsers),
      planId: salesCommissionRates.planId,
      planName: plans.name,
      commissionRate: salesCommissionRates.commissionRate,
      isActive: salesCommissionRates.isActive,
      createdAt: salesCommissionRates.createdAt,
      createdBy: staffNameOf(creator),
    })
    .from(salesCommissionRates)
    .innerJoin(staffUsers, eq(staffUsers.id, salesCommissionRates.salesUserId))
    .leftJoin(plans, eq(plans.id, salesCommissionRates.planId))
    .leftJoin(creator, eq(creator.id, salesCommissionRates.createdBy));
}

type RateRow = Awaited<ReturnType<typeof ratesQuery>>[number];
const toRate = (r: RateRow): CommissionRate => ({
  ...r,
  planName: r.planName ?? r.planId,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Every rate, active ones first, then the replaced ones newest first. A handful per sales user and
 * plan: the list is a team's configuration, not a growing ledger (docs/commissions.md).
 */
export async function listRates(exec: Executor): Promise<CommissionRate[]> {
  const rows = await ratesQuery(exec).orderBy(
    desc(salesCommissionRates.isActive),
    desc(salesCommissionRates.createdAt),
    asc(salesCommissionRates.id),
  );
  return rows.map(toRate);
}

/**
 * A new rate for a sales user and plan; the one it replaces stays, inactive. The sales user's row is
 * locked first, so two staff setting a rate at once are applied one after the other.
 */
export async function createRate(ctx: StaffContext, input: CreateRateRequest): Promise<CommissionRate> {
  return inTransaction(ctx, async ({ db: tx, actor }) => {
    const [member] = isUuid(input.salesUserId)
      ? await tx
          .select({ id: staffUsers.id, role: staffUsers.role })
          .from(staffUsers)
          .where(eq(staffUsers.id, input.salesUserId))
          .for('no key update')
      : [];
    if (!member) throw notFound(SALES_USER_NOT_FOUND);
    if (member.role !== 'sales') throw badRequest(SALES_ONLY_MESSAGE, { salesUserId: SALES_ONLY_MESSAGE });
    const [plan] = await tx
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.id, input.planId), isNull(plans.deletedAt)));
    if (!plan) throw badRequest(PLAN_NOT_FOUND, { planId: PLAN_NOT_FOUND });

    const replaced = await tx
      .update(salesCommissionRates)
      .set({ isActive: false })
      .where(
        and(
          eq(salesCommissionRates.salesUserId, member.id),
          eq(salesCommissionRates.planId, plan.id),
          eq(salesCommissionRates.isActive, true),
        ),
      )
      .returning({ id: salesCommissionRates.id, commissionRate: salesCommissionRates.commissionRate });
    const [row] = await tx
      .insert(salesCommissionRates)
      .values({
        salesUserId: member.id,
        planId: plan.id,
        commissionRate: input.commissionRate,
        createdBy: ctx.staff.id,
      })
      .returning({ id: salesCommissionRates.id });
    await recordAudit(tx, actor, {
      action: 'create',
      resourceType: 'commission_rate',
      resourceId: row!.id,
      oldValues: replaced[0] ? { rateId: replaced[0].id, commissionRate: replaced[0].commissionRate } : null,
      newValues: { salesUserId: member.id, planId: plan.id, commissionRate: input.commissionRate },
    });
    const [saved] = await ratesQuery(tx).where(eq(salesCommissionRates.id, row!.id));
    return toRate(saved!);
  });
}
