import { z } from 'zod';

/**
 * Staff notifications (live notifications, docs/staff-notifications.md):
 * `GET /api/admin/notifications`, polled by the admin shell, and the per-staff read marks. The
 * constants and texts live in notification-feed.ts (zod/mini, the shell's first load) and are
 * re-exported here. Rules and the window: docs/staff-notifications.md.
 */
export {
  NOTIFICATION_LIST_SIZE,
  NOTIFICATION_POLL_MS,
  NOTIFICATION_TOAST_MS,
  NOTIFICATION_TOAST_TITLE,
  NOTIFICATION_TYPES,
  NOTIFICATION_WINDOW_DAYS,
  NOTIFICATIONS_EXAMINED_PER_POLL,
  isKnownNotificationType,
  notificationText,
  type NotificationType,
} from './notification-feed';

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
