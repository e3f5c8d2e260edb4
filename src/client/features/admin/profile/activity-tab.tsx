import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userActivityItem } from '@shared/contracts/staff-profile';
import { HistoryIcon } from 'lucide-react';
import { ListBody } from '@client/components/list/list-body';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { ListPager } from '@client/components/list/list-pager';
import { Badge } from '@client/components/ui/badge';
import { relativeTime } from '@client/lib/relative-time';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { useNow } from '@client/lib/use-now';
import { userActivityQuery } from './api';
import { humanize } from './profile-format';

const PAGE_SIZE = 10;

/**
 * Activity: the member's own audit trail (GET /api/admin/user-activity), newest first, paged on the
 * server. Mounted only while the dialog shows this tab, so it is asked for only then.
 */
export function ActivityTab() {
  const [page, setPage] = useState(1);
  const activity = useQuery(userActivityQuery({ page, pageSize: PAGE_SIZE }));
  const now = useNow();

  return (
    <div className="grid gap-3">
      <ListBody
        query={activity}
        noun="activity"
        empty={{
          icon: HistoryIcon,
          text: 'What you change in the back office shows here.',
        }}
      >
        {(data) => (
          <ColumnTable
            label="Your activity"
            columns={activityColumns(now)}
            rows={data.items}
            rowProps={{ 'data-testid': 'profile-activity-row' }}
          />
        )}
      </ListBody>
      {activity.data && activity.data.total > 0 ? (
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={activity.data.total}
          onPage={setPage}
          busy={activity.isFetching}
          label="Activity pages"
          noun={activity.data.total === 1 ? 'entry' : 'entries'}
        />
      ) : null}
    </div>
  );
}

type ActivityItem = z.infer<typeof userActivityItem>;

function activityColumns(now: number): Column<ActivityItem>[] {
  return [
    {
      key: 'action',
      label: 'Action',
      cellClassName: 'whitespace-normal',
      cell: (item) => <span className="font-medium">{humanize(item.action)}</span>,
    },
    {
      key: 'resource',
      label: 'Resource',
      from: 'lg',
      cellProps: (item) => ({ title: item.resourceId ?? undefined }),
      cell: (item) => humanize(item.resourceType),
    },
    {
      key: 'result',
      label: 'Result',
      from: 'md',
      cell: (item) =>
        item.success ? <Badge variant="success">Success</Badge> : <Badge variant="destructive">Failed</Badge>,
    },
    {
      key: 'when',
      label: 'When',
      from: 'md',
      cellClassName: 'whitespace-nowrap text-muted-foreground',
      cell: (item) => (
        <time dateTime={item.createdAt} title={formatStaffDateTime(item.createdAt)}>
          {relativeTime(item.createdAt, now)}
        </time>
      ),
    },
  ];
}
