import type { Executor } from '../../db/client';
import { activities, notifications } from '../../db/schema';
import type { NotificationType } from '../../../shared/contracts/notifications';

/** Staff notification types (live notifications, issue 3): the shared contract's. */
export type { NotificationType };

/** Activity actions on the staff dashboard feed (docs/staff-dashboard.md). */
export type ActivityAction =
  | 'customer_registered'
  | 'payment_succeeded'
  | 'payment_failed'
  | 'payment_refunded'
  | 'plan_changed'
  | 'customer_updated'
  | 'admin_login';

/** The customer a notification or feed entry is about: staff know them by their email. */
export type AboutCustomer = { id: string; email: string };

/** Write both in the transaction of the change they describe. */
export async function notifyStaff(
  tx: Executor,
  customer: AboutCustomer,
  type: NotificationType,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(notifications).values({
    type,
    customerId: customer.id,
    data: { ...data, customerEmail: customer.email, action: type },
  });
}

export async function recordActivity(
  tx: Executor,
  customer: AboutCustomer,
  entry: { action: ActivityAction; description: string; metadata?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(activities).values({
    action: entry.action,
    description: entry.description,
    customerId: customer.id,
    metadata: { ...entry.metadata, customerEmail: customer.email },
  });
}
