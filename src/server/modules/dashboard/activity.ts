import { count, desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityItem, activityListQuery } from '../../../shared/contracts/dashboard';
import { pageOffset, toPage, type Page } from '../../../shared/contracts/common';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema';

/**
 * What an activity item's metadata may show (docs/staff-dashboard.md, and the retry): the feed is read by
 * every staff role, so anything else a writer put there (an id, a token, a reason with a card
 * number in it) stays in the database. Only plain values pass.
 */
const SHOWN_METADATA = [
  'planName',
  'amount',
  'customerEmail',
  'ipAddress',
  'userAgent',
  'location',
  'attempt',
];

export function shownMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const key of SHOWN_METADATA) {
    const value = metadata[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      shown[key] = value;
  }
  return shown;
}

/**
 * How far back Recent Activity reaches: its newest entries, however many the table holds. Counting
 * a million rows for 'Show All (n)' on every dashboard load would hold the embedded database for
 * over 100 ms; counting at most this many takes a few milliseconds at any size, and so do its pages.
 * The full history is the audit log's.
 */
export const RECENT_ACTIVITY_LIMIT = 1000;

/** The dashboard's Recent Activity, newest first, one page at a time, within the newest 1,000. */
export async function activityPage(
  db: Db,
  query: z.infer<typeof activityListQuery>,
): Promise<Page<ActivityItem>> {
  const offset = pageOffset(query);
  const newest = db
    .select({ id: activities.id })
    .from(activities)
    .orderBy(desc(activities.createdAt))
    .limit(RECENT_ACTIVITY_LIMIT)
    .as('newest');
  const [rows, [total]] = await Promise.all([
    offset >= RECENT_ACTIVITY_LIMIT
      ? []
      : db
          .select()
          .from(activities)
          .orderBy(desc(activities.createdAt), desc(activities.id))
          .limit(Math.min(query.pageSize, RECENT_ACTIVITY_LIMIT - offset))
          .offset(offset),
    db.select({ n: count() }).from(newest),
  ]);
  return toPage(
    query,
    rows.map((row) => ({
      id: row.id,
      action: row.action,
      description: row.description,
      metadata: shownMetadata(row.metadata),
      customerId: row.customerId,
      createdAt: row.createdAt.toISOString(),
    })),
    total?.n ?? 0,
  );
}
