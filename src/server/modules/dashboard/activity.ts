import { count, desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityItem, activityListQuery } from '../../../shared/contracts/dashboard';
import { pageOffset, toPage, type Page } from '../../../shared/contracts/common';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema';

/**
 * What an activity item's metadata may show (spec 2 §3 plus the retry attempt): the feed is read by
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

/** The dashboard's Recent Activity, newest first, one page at a time. */
export async function activityPage(
  db: Db,
  query: z.infer<typeof activityListQuery>,
): Promise<Page<ActivityItem>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activities)
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(activities),
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
