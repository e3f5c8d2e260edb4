import * as z from 'zod/mini';
import type { DataDomain } from '../data-domains';

/*
 * The staff notifications as the admin shell reads them: notifications.ts's answers written again with
 * zod/mini, with the constants and texts both sides use. The bell loads with the shell's first view,
 * and zod/mini's core keeps that about 12 kB lighter than zod itself (bench: admin shell JS), as
 * staff-session.ts does for the session. notification-feed.test.ts checks both describe the same JSON.
 */

/** Types the billing engine and the portal write (server/modules/notifications/service.ts). */
export const NOTIFICATION_TYPES = [
  'plan_upgrade',
  'plan_downgrade',
  'payment_method_added',
  'subscription_cancelled',
  'payment_failed',
  'payment_disputed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The list answers this many, newest first. */
export const NOTIFICATION_LIST_SIZE = 20;
/** Unread counts and "Mark all read" look this far back; older notifications count as seen. */
export const NOTIFICATION_WINDOW_DAYS = 30;
/** The poll runs every 30 s, and examines at most 5 notifications. */
export const NOTIFICATION_POLL_MS = 30_000;
export const NOTIFICATIONS_EXAMINED_PER_POLL = 5;
/** The toast's title and its display time. */
export const NOTIFICATION_TOAST_TITLE = 'Customer Update';
export const NOTIFICATION_TOAST_MS = 5000;

export const notificationFeedItem = z.object({
  id: z.string(),
  type: z.string(),
  customerId: z.nullable(z.string()),
  data: z.catchall(
    z.object({ customerEmail: z.optional(z.string()), action: z.optional(z.string()) }),
    z.unknown(),
  ),
  createdAt: z.string(),
  read: z.boolean(),
});
export type StaffNotification = z.infer<typeof notificationFeedItem>;

export const notificationFeed = z.object({
  notifications: z.array(notificationFeedItem),
  count: z.number().check(z.int()),
});

export const notificationReadAnswer = z.object({
  success: z.literal(true),
  count: z.number().check(z.int()),
});

/**
 * The toast texts by type ('{email} upgraded their plan' ...). A failed payment is ours (the
 * billing engine writes it; the first four types predate it). A type written later reads generically.
 */
const DESCRIPTIONS: Record<NotificationType, (email: string) => string> = {
  plan_upgrade: (email) => `${email} upgraded their plan`,
  plan_downgrade: (email) => `${email} downgraded their plan`,
  payment_method_added: (email) => `${email} added a payment method`,
  subscription_cancelled: (email) => `${email} cancelled their subscription`,
  payment_failed: (email) => `A payment by ${email} failed`,
  payment_disputed: (email) => `A payment by ${email} was disputed`,
};

/**
 * The data each event changed: when it reaches a staff member's shell, every screen that read one of
 * these refetches (the freshness model, docs/client-kit.md). Each list holds what the customer's own
 * request reported writing (data-freshness.test.ts proves it per type).
 */
export const NOTIFICATION_CHANGES: Record<NotificationType, readonly DataDomain[]> = {
  plan_upgrade: [
    'customers',
    'subscriptions',
    'payments',
    'invoices',
    'activity',
    'email',
    'notifications',
    'audit',
  ],
  plan_downgrade: ['customers', 'subscriptions', 'activity', 'email', 'notifications', 'audit'],
  subscription_cancelled: ['customers', 'subscriptions', 'activity', 'email', 'notifications', 'audit'],
  payment_method_added: ['customers', 'payment-methods', 'activity', 'notifications', 'audit'],
  payment_failed: [
    'customers',
    'subscriptions',
    'payments',
    'invoices',
    'payment-methods',
    'payment-requests',
    'limits',
    'activity',
    'email',
    'notifications',
    'audit',
  ],
  payment_disputed: ['payments', 'invoices', 'activity', 'notifications', 'audit'],
};

/** A type this build does not know (written by a newer server): anything about the customer may have moved. */
export const UNKNOWN_NOTIFICATION_CHANGES: readonly DataDomain[] = [
  ...new Set(Object.values(NOTIFICATION_CHANGES).flat()),
];

export function isKnownNotificationType(type: string): type is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type);
}

/** The line a notification reads as, in the toast and in the bell's list. */
export function notificationText(n: Pick<StaffNotification, 'type' | 'data'>): string {
  const email = n.data.customerEmail || 'A customer';
  return isKnownNotificationType(n.type) ? DESCRIPTIONS[n.type](email) : `${email}: account updated`;
}
