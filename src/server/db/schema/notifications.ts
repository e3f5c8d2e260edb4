import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ownedByIfAny } from './account-columns';
import { randomId, timestamptz, createdAt } from './columns';
import { ofStaff } from './staff-columns';

// What staff are told: the dashboard's activity feed and staff notifications.

/** The activity feed staff see on the dashboard (docs/staff-dashboard.md "Recent Activity"). */
export const activities = pgTable(
  'activities',
  {
    id: randomId(),
    action: text('action').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    customerId: ownedByIfAny(),
    createdAt: createdAt(),
  },
  (t) => [index('activities_created_idx').on(t.createdAt), index('activities_customer_idx').on(t.customerId)],
);

/** Staff notifications (docs/staff-notifications.md). */
export const notifications = pgTable(
  'notifications',
  {
    id: randomId(),
    type: text('type').notNull(),
    customerId: ownedByIfAny(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_created_idx').on(t.createdAt)],
);

/** Which staff member has read which notification: each sees their own unread count. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    staffUserId: ofStaff('staff_user_id').notNull(),
    readAt: timestamptz('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffUserId, t.notificationId] })],
);
