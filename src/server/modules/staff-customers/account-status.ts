import { eq } from 'drizzle-orm';
import { type CustomerStatus } from '../../../shared/statuses';
import type { Executor } from '../../db/client';
import { customers, sessions } from '../../db/schema';
import { conflict } from '../../http/errors';
import { cancelSubscription, resumeSubscription, type SubscriptionRow } from '../billing';
import { billingAsStaff } from './context';
import { type StaffContext } from '../../http/staff-context';

type CustomerRecord = typeof customers.$inferSelect;

/**
 * The status billing gives an account (docs/staff-customers.md "Statuses"): cancelled once renewal
 * has stopped (scheduled or ended), pending while the first payment is awaited, otherwise active.
 */
export function billingStatus(sub: SubscriptionRow): CustomerStatus {
  if (sub.status === 'canceled' || sub.cancelAtPeriodEnd) return 'cancelled';
  if (sub.status === 'pending') return 'pending';
  return 'active';
}

export const statusEndedMessage = (company: string) =>
  `${company}'s subscription has ended, so the account cannot be set Active here: the customer subscribes again from checkout (or send them a payment link).`;
export const statusPendingMessage = (company: string) =>
  `${company} has not paid yet: the account becomes Active when its checkout is paid.`;
export const statusNotPendingMessage = (company: string) =>
  `Pending means awaiting the first payment at checkout, which ${company} is not.`;

/**
 * The status an edit asks for, made true the one way billing makes it (the portal's own functions,
 * staff as the actor, in the edit's transaction): Cancelled cancels the subscription (renewal stops,
 * access to the period end; a pending one ends now), Active on a scheduled cancellation resumes it.
 * Suspended is staff's alone and leaves billing as it is; an account without a subscription has
 * only the label. A status billing cannot give (Active before the first payment or after the end,
 * Pending on a trial or a paid subscription) is refused on the field, with nothing changed.
 */
export async function statusThroughBilling(
  tx: Executor,
  ctx: StaffContext,
  before: CustomerRecord,
  sub: SubscriptionRow | undefined,
  wanted: CustomerStatus,
): Promise<CustomerStatus> {
  if (wanted === 'suspended' || !sub) return wanted;
  const implied = billingStatus(sub);
  const refuse = (message: string) => conflict(message, { status: message });
  // Unchanged is no request: an edit of other fields never moves billing (nor is refused for it).
  if (wanted === implied || wanted === before.status) return wanted;
  const billing = billingAsStaff(ctx, before.id, tx);
  if (wanted === 'cancelled') {
    await cancelSubscription(billing);
    return wanted;
  }
  if (wanted === 'active' && implied === 'cancelled') {
    if (sub.status === 'canceled' || sub.currentPeriodEnd <= ctx.clock.now())
      throw refuse(statusEndedMessage(before.companyName));
    await resumeSubscription(billing);
    return wanted;
  }
  throw refuse(
    wanted === 'active'
      ? statusPendingMessage(before.companyName)
      : statusNotPendingMessage(before.companyName),
  );
}

/** Ends every session of the account: the owner's and the team members' (and staff's views into it). */
export const endAccountSessions = (tx: Executor, customerId: string) =>
  tx.delete(sessions).where(eq(sessions.customerId, customerId));
