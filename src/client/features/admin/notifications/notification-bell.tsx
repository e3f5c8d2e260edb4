import { lazy, Suspense, useId, useRef, useState } from 'react';
import { BellIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { useNotificationPoll } from './use-notification-poll';

/**
 * The panel and the popover it opens in, their own chunk: loaded when the bell is first pointed at or
 * pressed, so the popover machinery (positioning, focus and outside-click layers, about 20 kB gzip)
 * stays out of the shell's first load.
 */
const loadNotificationPanel = () => import('./notification-panel');
const NotificationPanel = lazy(loadNotificationPanel);

const countLabel = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The header's bell (lazy, so the shell's first chunk stays small): this staff member's unread count,
 * and a panel of the newest notifications with their time, a mark-read per item and "Mark all read".
 * It also runs the shell's poll, so the toasts come wherever staff are in the shell.
 */
export default function NotificationBell() {
  const poll = useNotificationPoll();
  const count = poll.data?.count ?? 0;
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notification-bell"
        onClick={() => {
          setOpened(true);
          setOpen(!open);
        }}
        onPointerEnter={() => void loadNotificationPanel()}
      >
        <BellIcon aria-hidden="true" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute right-0.5 top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-destructive-foreground"
          >
            {countLabel(count)}
          </span>
        ) : null}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <NotificationPanel
            open={open}
            onOpenChange={setOpen}
            button={button}
            id={panelId}
            poll={poll}
            count={count}
          />
        </Suspense>
      ) : null}
    </>
  );
}
