import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { randomId, createdAt } from './columns';
import { customers } from './customers';
import { staffUsers } from './staff';

// What staff are told: the dashboard's activity feed and staff notifications.

/** The activity feed staff see on the dashboard (docs/staff-dashboard.md "Recent Activity"). */
export const activities = pgTable(
  'activities',
  {
    id: randomId(),
    action: text('action').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
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
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
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
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffUserId, t.notificationId] })],
);
