import { AUDIT_COUNT_CAP } from '@shared/contracts/audit';
import { ScreenHeader } from '@client/components/screen-header';
import { Button } from '@client/components/ui/button';
import { ExportLink } from '@client/components/export-link';

/** The screen's title and Export, which downloads the rows the filters match as CSV. */
export function AuditHeader({ exportUrl }: { exportUrl: string }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <ScreenHeader
        title="Audit Logs"
        description="Every change, sign-in, refusal and export, with who made it and from where."
      />
      <ExportLink href={exportUrl} testId="audit-export" className="shrink-0" />
    </div>
  );
}

/** The list's heading and how many entries match (capped: "10,000+"), once the count is known. */
export function AuditEntriesHeading({
  page,
}: {
  page: { total: number; totalCapped?: boolean } | undefined;
}) {
  const total = page?.total;
  return (
    <div className="flex items-baseline justify-between gap-2">
      <h2 id="audit-list-heading" className="text-lg font-semibold">
        Entries
      </h2>
      {total !== undefined ? (
        <p className="text-sm text-muted-foreground" data-testid="audit-total">
          {page?.totalCapped ? `${AUDIT_COUNT_CAP.toLocaleString()}+` : total.toLocaleString()}{' '}
          {total === 1 ? 'entry' : 'entries'}
        </p>
      ) : null}
    </div>
  );
}

/** The person the list is narrowed to (chosen from an entry's actor), and the way back to everyone. */
export function ActorNote({ actor, onShowEveryone }: { actor: string; onShowEveryone: () => void }) {
  return (
    <p className="text-sm">
      Showing entries by <strong>{actor}</strong>.{' '}
      <Button variant="link" className="h-auto p-0" onClick={onShowEveryone}>
        Show everyone
      </Button>
    </p>
  );
}
