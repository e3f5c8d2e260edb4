import type { Executor } from '../../../db/client';
import { usd } from '../../../lib/money-text';
import { notifyStaff, recordActivity } from '../../notifications';
import type { CustomerRow } from './rows';

/**
 * A declined charge (checkout, upgrade or renewal), told to staff in the transaction that records
 * it: a notification to follow up on, and the feed's "<company>: <what> of $X failed (<reason>)".
 */
export async function reportFailedPayment(
  tx: Executor,
  customer: Pick<CustomerRow, 'id' | 'email' | 'companyName'>,
  failure: {
    /** What was charged: 'checkout payment', 'upgrade payment', 'payment' (a renewal). */
    what: string;
    amountCents: number;
    reason: string;
    /** What happens next, after the feed text. */
    then?: string;
    /** What else the notification and the feed entry carry. */
    notification?: Record<string, unknown>;
    activity?: Record<string, unknown>;
  },
): Promise<void> {
  const { what, amountCents, reason, then = '' } = failure;
  const amount = amountCents / 100;
  await notifyStaff(tx, customer, 'payment_failed', { amount, reason, ...failure.notification });
  await recordActivity(tx, customer, {
    action: 'payment_failed',
    description: `${customer.companyName}: ${what} of ${usd(amountCents)} failed (${reason})${then}`,
    metadata: { amount, ...failure.activity },
  });
}
