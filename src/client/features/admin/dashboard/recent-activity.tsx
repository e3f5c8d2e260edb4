import { lazy, Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDownIcon, HistoryIcon } from 'lucide-react';
import type { ActivityItem } from '@shared/contracts/dashboard';
import { ListBody } from '@client/components/list/list-body';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { relativeTime } from '@client/lib/relative-time';
import { useNow } from '@client/lib/use-now';
import { useDashboardRefreshMs } from '@client/lib/use-staff-preferences';
import { activityQuery } from './api';
import { activityBadge, activityDetails, activityTitle } from './activity-format';
import { formatDateTime } from './dashboard-format';

/**
 * The pager (with its page-size select) only shows after 'Show All': loaded then, so the dashboard,
 * the shell's first screen, does not carry it (bench: admin shell JS).
 */
const ListStatePager = lazy(() =>
  import('@client/components/list/list-pager').then((m) => ({ default: m.ListStatePager })),
);

/** Items before 'Show All', and a page of the full feed after it. */
export const ACTIVITY_PREVIEW = 5;
export const ACTIVITY_PAGE_SIZE = 25;

function ActivityRow({ item, now }: { item: ActivityItem; now: number }) {
  const badge = activityBadge(item.action);
  const details = activityDetails(item.metadata);
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4 sm:px-6">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium break-words">{activityTitle(item)}</p>
          <Badge variant={badge.tone}>{badge.label}</Badge>
        </div>
        {details.length > 0 ? (
          <ul className="space-y-0.5 text-sm text-muted-foreground">
            {details.map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        ) : null}
        {item.customerId ? (
          <p className="text-xs text-muted-foreground">
            Customer ID: <span className="font-mono break-all">{item.customerId}</span>
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2 text-xs text-muted-foreground sm:flex-col sm:items-end sm:gap-0.5 sm:text-right">
        <span className="font-medium text-foreground">{relativeTime(item.createdAt, now)}</span>
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
      </div>
    </li>
  );
}

/** Under the feed: the pager and Show Less once everything shows, else Show All when there is more. */
function ActivityFooter({
  showAll,
  paging,
  feed,
  onShowAll,
}: {
  showAll: boolean;
  paging: { page: number; setPage: (page: number) => void };
  feed: { data?: { total: number }; isFetching: boolean };
  onShowAll: (all: boolean) => void;
}) {
  const total = feed.data?.total ?? 0;
  return showAll ? (
    <div className="space-y-3 border-t px-4 py-3 sm:px-6">
      <Suspense fallback={null}>
        <ListStatePager
          state={{ ...paging, pageSize: ACTIVITY_PAGE_SIZE }}
          query={feed}
          label="Activity pages"
          noun="items"
        />
      </Suspense>
      <div className="flex justify-center">
        <Button variant="outline" size="sm" onClick={() => onShowAll(false)}>
          Show Less
        </Button>
      </div>
    </div>
  ) : total > ACTIVITY_PREVIEW ? (
    <div className="flex justify-center border-t px-4 py-3">
      <Button variant="outline" size="sm" onClick={() => onShowAll(true)}>
        Show All ({total.toLocaleString('en-US')})
      </Button>
    </div>
  ) : null;
}

/**
 * The collapsible Recent Activity card (docs/staff-dashboard.md): the newest five from GET /api/admin/activity,
 * then 'Show All (n)' pages through the whole feed on the server, 25 at a time.
 */
export function RecentActivity() {
  const [open, setOpen] = useState(true);
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(1);
  const request = showAll ? { page, pageSize: ACTIVITY_PAGE_SIZE } : { page: 1, pageSize: ACTIVITY_PREVIEW };
  const feed = useQuery({ ...activityQuery(request), refetchInterval: useDashboardRefreshMs() });
  const now = useNow();
  const bodyId = useId();

  const toggleAll = (all: boolean) => {
    setShowAll(all);
    setPage(1);
  };

  const body = (
    <ListBody
      query={feed}
      noun="recent activity"
      skeletonRows={ACTIVITY_PREVIEW}
      empty={{
        icon: HistoryIcon,
        headingLevel: 'h3',
        title: 'No recent activity found.',
        text: 'Activity will appear here as actions are performed.',
      }}
    >
      {({ items }) => (
        <>
          <ol aria-label="Activity" className="divide-y border-t" data-testid="activity-list">
            {items.map((item) => (
              <ActivityRow key={item.id} item={item} now={now} />
            ))}
          </ol>
          <ActivityFooter showAll={showAll} paging={{ page, setPage }} feed={feed} onShowAll={toggleAll} />
        </>
      )}
    </ListBody>
  );

  return (
    <Card className="gap-0 overflow-hidden">
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0 px-4 py-4 sm:px-6">
        <div className="space-y-1">
          <CardTitle asHeading="h2" className="text-base">
            Recent Activity
          </CardTitle>
          <CardDescription>
            Sign-ups, payments, plan changes and staff sign-ins, newest first.
          </CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={open ? 'Collapse recent activity' : 'Expand recent activity'}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronDownIcon className={cn('transition-transform', !open && '-rotate-90')} aria-hidden="true" />
        </Button>
      </CardHeader>
      <div id={bodyId} hidden={!open}>
        {body}
      </div>
    </Card>
  );
}
