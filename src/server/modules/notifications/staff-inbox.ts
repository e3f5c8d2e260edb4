import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  NOTIFICATION_LIST_SIZE,
  NOTIFICATION_WINDOW_DAYS,
  type NotificationList,
} from '../../../shared/contracts/notifications';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { notificationReads, notifications } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import type { Services } from '../../services';

/**
 * Each member's view of the staff notifications (docs/staff-notifications.md): the newest, which of them this
 * person has read (notification_reads), and how many of the last NOTIFICATION_WINDOW_DAYS they
 * have not. Older ones count as seen, which bounds the count and "Mark all read" however long the
 * table grows (docs/staff-notifications.md).
 */
export type StaffInboxDeps = Pick<Services, 'db' | 'clock'>;
type Reader = { staffId: string; actor: AuditActor };

const windowStart = (clock: Clock) => new Date(clock.now().getTime() - NOTIFICATION_WINDOW_DAYS * 86_400_000);

const readBy = (staffId: string) =>
  sql`exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${notifications.id}
    and ${notificationReads.staffUserId} = ${staffId})`;

/** This staff member's unread notifications in the window. */
const unreadIn = (staffId: string, since: Date) =>
  and(gt(notifications.createdAt, since), sql`not ${readBy(staffId)}`);

async function countUnread(exec: Executor, staffId: string, since: Date): Promise<number> {
  const [row] = await exec
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(unreadIn(staffId, since));
  return row?.count ?? 0;
}

/** The newest notifications with this reader's marks, and the unread count, in one statement. */
export async function staffNotifications(
  { db, clock }: StaffInboxDeps,
  staffId: string,
): Promise<NotificationList> {
  const since = windowStart(clock);
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      customerId: notifications.customerId,
      data: notifications.data,
      createdAt: notifications.createdAt,
      read: sql<boolean>`(${readBy(staffId)} or ${notifications.createdAt} <= ${since.toISOString()}::timestamptz)`,
      // The count rides along on every row, so the read stays one statement.
      unread: sql<number>`(select count(*)::int from ${notifications} as n where n.created_at > ${since.toISOString()}::timestamptz
        and not exists (select 1 from ${notificationReads} as r where r.notification_id = n.id and r.staff_user_id = ${staffId}))`,
    })
    .from(notifications)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_SIZE);
  return {
    notifications: rows.map(({ unread: _unread, ...n }) => ({
      ...n,
      data: n.data ?? {},
      createdAt: n.createdAt.toISOString(),
    })),
    // No rows means no notifications at all, so nothing unread either.
    count: rows[0]?.unread ?? 0,
  };
}

/** Marks one notification read for this staff member; again is a no-op. Answers the new count. */
export async function markNotificationRead(
  { db, clock }: StaffInboxDeps,
  { staffId, actor }: Reader,
  id: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [notification] = await tx
      .select({ id: notifications.id, type: notifications.type, customerId: notifications.customerId })
      .from(notifications)
      .where(eq(notifications.id, id));
    if (!notification) throw notFound('Notification not found');
    const marked = await tx
      .insert(notificationReads)
      .values({ notificationId: id, staffUserId: staffId, readAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: notificationReads.notificationId });
    if (marked.length > 0) {
      await recordAudit(
        tx,
        { ...actor, accountId: notification.customerId },
        {
          action: 'mark_read',
          resourceType: 'notification',
          resourceId: id,
          newValues: { type: notification.type },
        },
      );
    }
    return countUnread(tx, staffId, windowStart(clock));
  });
}

/** Marks every unread notification of the window read for this staff member. Answers the new count (0). */
export async function markAllNotificationsRead(
  { db, clock }: StaffInboxDeps,
  { staffId, actor }: Reader,
): Promise<number> {
  const since = windowStart(clock);
  return db.transaction(async (tx) => {
    const unread = tx
      .select({
        notificationId: notifications.id,
        staffUserId: sql<string>`${staffId}::uuid`.as('staff_user_id'),
        readAt: sql<Date>`${clock.now().toISOString()}::timestamptz`.as('read_at'),
      })
      .from(notifications)
      .where(unreadIn(staffId, since));
    const marked = await tx
      .insert(notificationReads)
      .select(unread)
      .onConflictDoNothing()
      .returning({ id: notificationReads.notificationId });
    if (marked.length > 0) {
      await recordAudit(tx, actor, {
        action: 'mark_all_read',
        resourceType: 'notification',
        newValues: { marked: marked.length },
      });
    }
    return countUnread(tx, staffId, since);
  });
}
