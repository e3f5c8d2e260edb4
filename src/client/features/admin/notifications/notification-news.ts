import type { QueryKey } from '@tanstack/react-query';
import {
  NOTIFICATIONS_EXAMINED_PER_POLL,
  type NotificationType,
  type StaffNotification,
} from '@shared/contracts/notification-feed';

/*
 * What one poll's answer means for the shell (spec 2 §4): the newest notification, when it is news,
 * becomes the 'Customer Update' toast; the types of up to 5 new ones say which cached staff data is
 * out of date. "News" is what this browser session has not seen, and the shell's first answer is
 * all seen: only what happens while the shell is open is announced.
 */

/**
 * The query key roots each area's `api.ts` exports (the shared agreement of issue 10): customers,
 * the dashboard's stats and activity, the fleet control center's figures. Written out here because a
 * feature does not import another feature's files; staff billing has no cached keys yet.
 */
export const STAFF_DATA_KEYS = {
  customers: ['staff-customers'],
  dashboard: ['staff-dashboard'],
  fleetCenter: ['fleet-center'],
  disputes: ['/api/admin/disputes'],
} as const satisfies Record<string, QueryKey>;

const { customers, dashboard, fleetCenter, disputes } = STAFF_DATA_KEYS;

/** What each event changes: plans and cancellations move revenue, plans and limits; cards move health. */
const STALE_BY_TYPE: Record<NotificationType, readonly QueryKey[]> = {
  plan_upgrade: [customers, dashboard, fleetCenter],
  plan_downgrade: [customers, dashboard, fleetCenter],
  subscription_cancelled: [customers, dashboard, fleetCenter],
  payment_method_added: [customers, fleetCenter],
  payment_failed: [customers, dashboard, fleetCenter],
  payment_disputed: [disputes],
};
const STALE_UNKNOWN: readonly QueryKey[] = [customers, dashboard, fleetCenter];

export type PollNews = {
  /** The newest notification, when it is news: the toast. */
  toast: StaffNotification | null;
  /** Key roots to refetch, each once. */
  stale: QueryKey[];
  /** Ids to remember as seen from now on. */
  seen: string[];
};

export function newsOf(
  notifications: readonly StaffNotification[],
  seen: ReadonlySet<string>,
  firstAnswer: boolean,
): PollNews {
  if (firstAnswer) return { toast: null, stale: [], seen: notifications.map((n) => n.id) };
  const examined = notifications.slice(0, NOTIFICATIONS_EXAMINED_PER_POLL).filter((n) => !seen.has(n.id));
  const newest = notifications[0];
  const stale = new Map<string, QueryKey>();
  for (const n of examined) {
    const keys = (STALE_BY_TYPE as Record<string, readonly QueryKey[]>)[n.type] ?? STALE_UNKNOWN;
    for (const key of keys) stale.set(JSON.stringify(key), key);
  }
  return {
    toast: newest && examined[0]?.id === newest.id ? newest : null,
    stale: [...stale.values()],
    seen: examined.map((n) => n.id),
  };
}

const SEEN_STORAGE_KEY = 'motorpool.staffNotifications.seen';
/** Enough to cover every list the server answers (20) several times over. */
const SEEN_LIMIT = 100;

/** The ids this browser session has seen (sessionStorage: a new session starts over). */
export function readSeen(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SEEN_STORAGE_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberSeen(previous: ReadonlySet<string>, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const all = [...previous, ...ids.filter((id) => !previous.has(id))].slice(-SEEN_LIMIT);
  try {
    sessionStorage.setItem(SEEN_STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage unavailable: the shell's own first-answer rule still keeps old news quiet.
  }
}
