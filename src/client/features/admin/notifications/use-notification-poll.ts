import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_TOAST_MS,
  NOTIFICATION_TOAST_TITLE,
  notificationText,
} from '@shared/contracts/notification-feed';
import { toast } from '@client/lib/toast';
import { invalidateDomains } from '@client/lib/data-freshness';
import { notificationsQuery } from './api';
import { newsOf, readSeen, rememberSeen } from './notification-news';

/**
 * The admin shell's live notifications (docs/staff-notifications.md): polls, toasts the newest when it is news, and
 * makes every staff screen that read the data it changed refetch. Mounted once, by the header's bell.
 */
export function useNotificationPoll() {
  const queryClient = useQueryClient();
  const query = useQuery(notificationsQuery);
  const answered = useRef(false);
  const data = query.data;

  useEffect(() => {
    if (!data) return;
    const seen = readSeen();
    const news = newsOf(data.notifications, seen, !answered.current);
    answered.current = true;
    rememberSeen(seen, news.seen);
    if (news.toast) {
      toast({
        title: NOTIFICATION_TOAST_TITLE,
        description: notificationText(news.toast),
        duration: NOTIFICATION_TOAST_MS,
      });
    }
    void invalidateDomains(queryClient, news.changed);
  }, [data, queryClient]);

  return query;
}
