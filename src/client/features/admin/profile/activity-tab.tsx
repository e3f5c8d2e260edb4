import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HistoryIcon } from 'lucide-react';
import { ListBody } from '@client/components/list/list-body';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListPager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { Badge } from '@client/components/ui/badge';
import { TableRow } from '@client/components/ui/table';
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
        isFiltered={false}
        onClearFilters={() => setPage(1)}
        empty={{
          icon: HistoryIcon,
          title: 'No activity yet',
          text: 'What you change in the back office shows here.',
        }}
      >
        {(data) => (
          <ListTable
            actions={false}
            label="Your activity"
            head={
              <>
                <ListHead>Action</ListHead>
                <ListHead from="lg">Resource</ListHead>
                <ListHead from="md">Result</ListHead>
                <ListHead from="md">When</ListHead>
              </>
            }
          >
            {data.items.map((item) => {
              const result = item.success ? (
                <Badge variant="success">Success</Badge>
              ) : (
                <Badge variant="destructive">Failed</Badge>
              );
              const when = (
                <time dateTime={item.createdAt} title={formatStaffDateTime(item.createdAt)}>
                  {relativeTime(item.createdAt, now)}
                </time>
              );
              const resource = humanize(item.resourceType);
              return (
                <TableRow key={item.id} data-testid="profile-activity-row">
                  <ListCell className="whitespace-normal">
                    <span className="font-medium">{humanize(item.action)}</span>
                    <NarrowDetails until="lg">
                      <NarrowItem until="lg">{resource}</NarrowItem>
                      <NarrowItem until="md">{result}</NarrowItem>
                      <NarrowItem until="md">{when}</NarrowItem>
                    </NarrowDetails>
                  </ListCell>
                  <ListCell from="lg" title={item.resourceId ?? undefined}>
                    {resource}
                  </ListCell>
                  <ListCell from="md">{result}</ListCell>
                  <ListCell from="md" className="whitespace-nowrap text-muted-foreground">
                    {when}
                  </ListCell>
                </TableRow>
              );
            })}
          </ListTable>
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
