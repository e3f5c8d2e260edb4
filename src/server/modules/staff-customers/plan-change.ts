import {
  downgradePlan,
  previewPlanChange,
  upgradePlan,
  type PlanChangePreview,
  type PlanChangeResult,
  customerById,
} from '../billing';
import { notFound } from '../../http/errors';
import { usd } from '../../lib/money-text';
import { shortDate } from '../../lib/day-text';
import { billingAsStaff } from './context';
import { type StaffContext } from '../../http/staff-context';
import { CUSTOMER_NOT_FOUND } from './accounts';
import { isCustomerId } from './customer-rows';

/*
 * A paying customer's plan, changed by staff (issue 24 §4c): billing's own preview, upgrade and
 * downgrade (docs/billing.md), with the staff member as the audited actor. Nothing here prices or
 * charges anything itself: an upgrade charges the prorated difference now (exactly the previewed
 * amount while it holds), a downgrade waits for the period end, with the portal's refusals.
 */

async function billingFor(ctx: StaffContext, id: string) {
  if (!isCustomerId(id)) throw notFound(CUSTOMER_NOT_FOUND);
  const customer = await customerById(ctx.db, id);
  return { billing: billingAsStaff(ctx, id, ctx.db), company: customer.companyName };
}

/** Staff's words for what a downgrade will do; the numbers are billing's. */
const downgradeText = (company: string, planName: string, at: string, price: number) =>
  `Nothing is charged today. ${company}'s plan changes to ${planName} on ${shortDate(new Date(at))}, at ${usd(price * 100)}/month.`;

/** What the change would do, said before it is made: the portal's preview for the same input. */
export async function previewCustomerPlanChange(
  ctx: StaffContext,
  id: string,
  planId: string,
): Promise<PlanChangePreview> {
  const { billing, company } = await billingFor(ctx, id);
  const preview = await previewPlanChange(billing, planId);
  return preview.kind === 'downgrade'
    ? {
        ...preview,
        message: downgradeText(company, preview.planName, preview.effectiveAt, preview.newMonthlyPrice),
      }
    : preview;
}

/**
 * The change itself, by the preview's rule (a dearer plan is an upgrade, else a downgrade). An
 * upgrade is charged at most once however often it is sent (billing's claim and idempotency key).
 */
export async function changeCustomerPlan(
  ctx: StaffContext,
  id: string,
  planId: string,
  expectedAmount?: number,
): Promise<PlanChangeResult> {
  const { billing, company } = await billingFor(ctx, id);
  const { kind } = await previewPlanChange(billing, planId);
  if (kind === 'upgrade') {
    const done = await upgradePlan(billing, planId, expectedAmount);
    return { ...done, message: `${company} is now on the ${done.planName} plan.` };
  }
  const done = await downgradePlan(billing, planId);
  return {
    ...done,
    message: `${company}'s plan changes to ${done.planName} on ${shortDate(new Date(done.effectiveAt))}.`,
  };
}
