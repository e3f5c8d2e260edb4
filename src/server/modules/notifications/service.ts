import type { Executor } from '../../db/client';
import { activities, notifications } from '../../db/schema';

/** Staff notification types (spec 2 §4 live notifications, issue 3). */
export type NotificationType =
  'plan_upgrade' | 'plan_downgrade' | 'payment_method_added' | 'subscription_cancelled' | 'payment_failed';

/** Activity actions on the staff dashboard feed (spec 2 §3). */
export type ActivityAction =
  | 'customer_registered'
  | 'payment_succeeded'
  | 'payment_failed'
  | 'plan_changed'
  | 'customer_updated'
  | 'admin_login';

/** Write both in the transaction of the change they describe. */
export async function notifyStaff(
  tx: Executor,
  input: {
    type: NotificationType;
    customerId: string;
    customerEmail: string;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(notifications).values({
    type: input.type,
    customerId: input.customerId,
    data: { ...input.data, customerEmail: input.customerEmail, action: input.type },
  });
}

export async function recordActivity(
  tx: Executor,
  input: {
    action: ActivityAction;
    description: string;
    customerId?: string | null;
    metadata?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(activities).values({
    action: input.action,
    description: input.description,
    customerId: input.customerId ?? null,
    metadata: input.metadata ?? {},
  });
}
