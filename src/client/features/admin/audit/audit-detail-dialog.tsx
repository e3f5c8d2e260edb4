import type { AuditLogEntry } from '@shared/contracts/audit';
import { DialogFrame } from '@client/components/dialog-frame';
import { Badge } from '@client/components/ui/badge';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { AuditDiffTable } from './audit-diff-table';
import { actionLabel, diffOf } from './audit-format';

/** One audit row: who, what, where from, and its old and new values as a diff. */
export function AuditDetailDialog({
  entry,
  onOpenChange,
}: {
  entry: AuditLogEntry;
  onOpenChange: (open: boolean) => void;
}) {
  const lines = diffOf(entry.oldValues, entry.newValues);
  const facts: [string, string | null][] = [
    ['When', formatStaffDateTime(entry.timestamp)],
    ['Who', entry.userName ? `${entry.userName} (${entry.actorType})` : entry.actorType],
    ['Resource', `${entry.resourceType}${entry.resourceId ? ` ${entry.resourceId}` : ''}`],
    ['Account', entry.accountId],
    ['IP address', entry.ipAddress],
    ['User agent', entry.userAgentFull],
    ['Chain position', entry.chainSeq === null ? 'Not sealed yet' : String(entry.chainSeq)],
  ];
  return (
    <DialogFrame
      open
      onOpenChange={onOpenChange}
      width="3xl"
      title={`Audit entry #${entry.id}`}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{entry.category}</Badge>
          <span>{actionLabel(entry.action)}</span>
          <Badge variant={entry.success ? 'success' : 'destructive'}>
            {entry.success ? 'Succeeded' : 'Failed'}
          </Badge>
        </span>
      }
    >
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
      </dl>
      <h3 className="mt-4 text-sm font-semibold">Changes</h3>
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">No values were recorded with this entry.</p>
      ) : (
        <AuditDiffTable lines={lines} />
      )}
    </DialogFrame>
  );
}
