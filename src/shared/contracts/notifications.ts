import { z } from 'zod';

/**
 * Staff notifications (spec 2 §3 "Admin notification", §4 live notifications, §9 constants):
 * `GET /api/admin/notifications`, polled by the admin shell, and the per-staff read marks.
 * Rules and the window below: docs/staff-notifications.md.
 */

/** Types the billing engine and the portal write (server/modules/notifications/service.ts). */
export const NOTIFICATION_TYPES = [
  'plan_upgrade',
  'plan_downgrade',
  'payment_method_added',
  'subscription_cancelled',
  'payment_failed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The list answers this many, newest first. */
export const NOTIFICATION_LIST_SIZE = 20;
/** Unread counts and "Mark all read" look this far back; older notifications count as seen. */
export const NOTIFICATION_WINDOW_DAYS = 30;
/** Spec 2 §9: the poll runs every 30 s, and examines at most 5 notifications. */
export const NOTIFICATION_POLL_MS = 30_000;
export const NOTIFICATIONS_EXAMINED_PER_POLL = 5;
/** Spec 2 §4: the toast's title and its display time. */
export const NOTIFICATION_TOAST_TITLE = 'Customer Update';
export const NOTIFICATION_TOAST_MS = 5000;

export const staffNotification = z.object({
  id: z.string(),
  /** One of NOTIFICATION_TYPES; a type written later reads as a generic update. */
  type: z.string(),
  customerId: z.string().nullable(),
  /** Always `customerEmail` and `action` (the type); the rest is the event's own (plan ids, card). */
  data: z
    .object({ customerEmail: z.string().optional(), action: z.string().optional() })
    .catchall(z.unknown()),
  createdAt: z.string(),
  /** Whether this staff member has marked it read. */
  read: z.boolean(),
});
export type StaffNotification = z.infer<typeof staffNotification>;

export const notificationList = z.object({
  notifications: z.array(staffNotification),
  /** This staff member's unread notifications of the last NOTIFICATION_WINDOW_DAYS days. */
  count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationReadResponse = z.object({
  success: z.literal(true),
  /** The unread count after the change. */
  count: z.number().int(),
});

/**
 * Spec 2 §4's toast texts by type ('{email} upgraded their plan' ...). A failed payment is ours (the
 * billing engine writes it; the spec's list predates it). Other types: no toast, a generic line in
 * the bell.
 */
const DESCRIPTIONS: Record<NotificationType, (email: string) => string> = {
  plan_upgrade: (email) => `${email} upgraded their plan`,
  plan_downgrade: (email) => `${email} downgraded their plan`,
  payment_method_added: (email) => `${email} added a payment method`,
  subscription_cancelled: (email) => `${email} cancelled their subscription`,
  payment_failed: (email) => `A payment by ${email} failed`,
};

export function isKnownNotificationType(type: string): type is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type);
}

/** The line a notification reads as, in the toast and in the bell's list. */
export function notificationText(n: Pick<StaffNotification, 'type' | 'data'>): string {
  const email = n.data.customerEmail || 'A customer';
  return isKnownNotificationType(n.type) ? DESCRIPTIONS[n.type](email) : `${email}: account updated`;
}
