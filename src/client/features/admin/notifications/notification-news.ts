import type { DataDomain } from '@shared/data-domains';
import {
  isKnownNotificationType,
  NOTIFICATION_CHANGES,
  NOTIFICATIONS_EXAMINED_PER_POLL,
  UNKNOWN_NOTIFICATION_CHANGES,
  type StaffNotification,
} from '@shared/contracts/notification-feed';

/*
 * What one poll's answer means for the shell (docs/staff-notifications.md): the newest notification, when it is news,
 * becomes the 'Customer Update' toast; the types of up to 5 new ones say which data changed, and every
 * staff screen that read it refetches (the freshness model, docs/client-kit.md). "News" is what this browser session has not seen, and the shell's first answer is
 * all seen: only what happens while the shell is open is announced.
 */

export type PollNews = {
  /** The newest notification, when it is news: the toast. */
  toast: StaffNotification | null;
  /** The data the new events changed, each domain once. */
  changed: DataDomain[];
  /** Ids to remember as seen from now on. */
  seen: string[];
};

export function newsOf(
  notifications: readonly StaffNotification[],
  seen: ReadonlySet<string>,
  firstAnswer: boolean,
): PollNews {
  if (firstAnswer) return { toast: null, changed: [], seen: notifications.map((n) => n.id) };
  const examined = notifications.slice(0, NOTIFICATIONS_EXAMINED_PER_POLL).filter((n) => !seen.has(n.id));
  const newest = notifications[0];
  const changed = new Set<DataDomain>();
  for (const n of examined) {
    const domains = isKnownNotificationType(n.type)
      ? NOTIFICATION_CHANGES[n.type]
      : UNKNOWN_NOTIFICATION_CHANGES;
    for (const domain of domains) changed.add(domain);
  }
  return {
    toast: newest && examined[0]?.id === newest.id ? newest : null,
    changed: [...changed],
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
