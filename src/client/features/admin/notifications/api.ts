import { queryOptions } from '@tanstack/react-query';
import {
  NOTIFICATION_POLL_MS,
  notificationFeed,
  notificationReadAnswer,
} from '@shared/contracts/notification-feed';
import { apiJson, getJson, apiMutation } from '@client/lib/calls';

/*
 * The staff notifications (docs/staff-notifications.md): the list the admin shell polls, and this staff member's read
 * marks. Rules and decisions: docs/staff-notifications.md.
 */

export const notificationsKey = ['/api/admin/notifications'] as const;

/**
 * Polled every 30 s and on window focus, the one exception to the app's "no automatic
 * refetch": always stale, so a focus refetches; not in a background tab (the focus catches up).
 */
export const notificationsQuery = queryOptions({
  queryKey: notificationsKey,
  queryFn: (context) => getJson(notificationsKey[0], notificationFeed, context),
  staleTime: 0,
  refetchInterval: NOTIFICATION_POLL_MS,
  refetchOnWindowFocus: true,
});

/** POST /api/admin/notifications/:id/read: read for this staff member only; again is a no-op. */
export const useMarkNotificationRead = apiMutation((id: string) =>
  apiJson('POST', `${notificationsKey[0]}/${encodeURIComponent(id)}/read`, notificationReadAnswer, {}),
);

/** POST /api/admin/notifications/read-all: every unread one of the last 30 days, for this staff member. */
export const useMarkAllNotificationsRead = apiMutation(() =>
  apiJson('POST', `${notificationsKey[0]}/read-all`, notificationReadAnswer, {}),
);
