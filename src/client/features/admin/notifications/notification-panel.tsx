import { useId, type RefObject } from 'react';
import { CheckCheckIcon, CheckIcon } from 'lucide-react';
import { notificationText, type StaffNotification } from '@shared/contracts/notification-feed';
import { Button } from '@client/components/ui/button';
import { PopoverFromButton } from '@client/components/ui/popover';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessageOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { relativeTime } from '@client/lib/relative-time';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { toast } from '@client/lib/toast';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from './api';
import type { useNotificationPoll } from './use-notification-poll';

type Poll = ReturnType<typeof useNotificationPoll>;

/**
 * The bell's panel (lazy, see `NotificationBell`): the newest notifications in a popover by the bell,
 * from the poll the bell runs.
 */
export default function NotificationPanelPopover({
  open,
  onOpenChange,
  button,
  id,
  poll,
  count,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  button: RefObject<HTMLButtonElement | null>;
  id: string;
  poll: Poll;
  count: number;
}) {
  const titleId = useId();
  return (
    <PopoverFromButton
      open={open}
      onOpenChange={onOpenChange}
      button={button}
      id={id}
      align="end"
      aria-labelledby={titleId}
      className="p-0"
    >
      <NotificationPanel titleId={titleId} poll={poll} count={count} />
    </PopoverFromButton>
  );
}

function NotificationPanel({ titleId, poll, count }: { titleId: string; poll: Poll; count: number }) {
  const markAll = useMarkAllNotificationsRead();
  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Notifications not marked read',
          description: errorMessageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-sm font-semibold">
            Notifications
          </h2>
          <p className="text-xs text-muted-foreground">{count > 0 ? `${count} unread` : 'All caught up'}</p>
        </div>
        <Button variant="ghost" size="sm" onClick={onMarkAll} disabled={count === 0 || markAll.isPending}>
          <CheckCheckIcon aria-hidden="true" />
          Mark all read
        </Button>
      </div>
      {poll.isPending ? (
        <div className="flex flex-col gap-2 p-3" aria-busy="true" aria-label="Loading notifications">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : poll.isError && !poll.data ? (
        <p className="p-4 text-sm text-muted-foreground">
          {errorMessageOf(poll.error, 'Notifications could not be loaded.')} They are tried again every 30
          seconds.
        </p>
      ) : poll.data && poll.data.notifications.length > 0 ? (
        <ul className="max-h-[min(24rem,60dvh)] divide-y overflow-y-auto" aria-label="Recent notifications">
          {poll.data.notifications.map((n) => (
            <NotificationItem key={n.id} notification={n} />
          ))}
        </ul>
      ) : (
        <div className="p-4 text-sm">
          <p className="font-medium">No notifications yet</p>
          <p className="text-muted-foreground">
            Customers&apos; plan changes, new cards, cancellations and failed payments show here.
          </p>
        </div>
      )}
    </div>
  );
}

function NotificationItem({ notification: n }: { notification: StaffNotification }) {
  const markRead = useMarkNotificationRead();
  const text = notificationText(n);
  const onMarkRead = () =>
    markRead.mutate(n.id, {
      onError: (error) =>
        toast({
          title: 'Notification not marked read',
          description: errorMessageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <li className="flex items-start gap-2 px-3 py-2" data-read={n.read} data-testid="notification-item">
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-primary')}
      />
      <div className="min-w-0 flex-1">
        <p className={cn('break-words text-sm', n.read ? 'text-muted-foreground' : 'font-medium')}>
          {n.read ? null : <span className="sr-only">Unread: </span>}
          {text}
        </p>
        <time
          dateTime={n.createdAt}
          title={formatStaffDateTime(n.createdAt)}
          className="text-xs text-muted-foreground"
        >
          {relativeTime(n.createdAt)}
        </time>
      </div>
      {n.read ? null : (
        <Button
          variant="ghost"
          size="icon"
          className="size-7 shrink-0"
          aria-label={`Mark read: ${text}`}
          title="Mark read"
          onClick={onMarkRead}
          disabled={markRead.isPending}
        >
          <CheckIcon aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}
