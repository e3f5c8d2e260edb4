import type { AuditLogEntry } from '@shared/contracts/audit';
import type { Column } from '@client/components/list/columns';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { actionLabel } from './audit-format';

/** The entries' columns; an actor who is a person filters the list to their entries. */
export function auditColumns(onActor: (email: string) => void): Column<AuditLogEntry>[] {
  return [
    {
      key: 'time',
      label: 'Time',
      sort: 'createdAt',
      newestFirst: true,
      cell: (e) => <span className="whitespace-nowrap">{formatStaffDateTime(e.timestamp)}</span>,
    },
    {
      key: 'actor',
      label: 'Actor',
      sort: 'actor',
      from: 'lg',
      cellClassName: 'max-w-56 break-all',
      // A system job's name (billing) is not a person to filter by.
      cell: (e) =>
        e.userName?.includes('@') ? (
          <Button variant="link" className="h-auto p-0 text-left" onClick={() => onActor(e.userName!)}>
            {e.userName}
          </Button>
        ) : (
          <span className="text-muted-foreground">{e.userName ?? e.actorType}</span>
        ),
    },
    {
      key: 'action',
      label: 'Action',
      sort: 'action',
      from: 'md',
      cell: (e) => (
        <span className="flex flex-wrap items-center gap-1">
          <Badge variant="outline">{e.category}</Badge>
          <span>{actionLabel(e.action)}</span>
        </span>
      ),
    },
    {
      key: 'resource',
      label: 'Resource',
      from: '4xl',
      cellClassName: 'max-w-64',
      cell: (e) => (
        <span className="flex flex-col">
          <span>{e.resourceType}</span>
          {e.resourceId ? <span className="break-all text-muted-foreground">{e.resourceId}</span> : null}
        </span>
      ),
    },
    {
      key: 'outcome',
      label: 'Outcome',
      from: '3xl',
      cell: (e) => (
        <Badge variant={e.success ? 'success' : 'destructive'}>{e.success ? 'Succeeded' : 'Failed'}</Badge>
      ),
    },
    {
      key: 'ip',
      label: 'IP address',
      from: '5xl',
      cellClassName: 'whitespace-nowrap',
      cell: (e) => e.ipAddress,
      narrow: false,
    },
    {
      key: 'userAgent',
      label: 'User agent',
      from: '6xl',
      cellClassName: 'max-w-72 truncate',
      cellProps: (e) => ({ title: e.userAgentFull ?? undefined }),
      cell: (e) => e.userAgent,
      narrow: false,
    },
  ];
}
