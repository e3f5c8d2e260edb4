import { useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@shared/contracts/email';
import { DialogFrame } from '@client/components/dialog-frame';
import { QueryView } from '@client/components/query-view';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { outboxMessageQuery } from './api';
import { StatusBadge } from './email-status';

const WITHHELD = {
  erased: 'This email held a password or a link: its body was erased once it was delivered.',
  admins_only: 'This email holds a password or a link: only an admin can read it, and the read is recorded.',
} as const;

/**
 * One email: who, when, how it went, and its body (a sensitive one as the server allows). Opened from
 * its row, or by its id alone (`&message=<id>`, the link a "queued, not delivered" notice gives).
 */
export function OutboxMessageDialog({
  id,
  row,
  onOpenChange,
}: {
  id: string;
  /** The list's row, shown while the message loads; without it the dialog waits for the message. */
  row?: OutboxMessage;
  onOpenChange: (open: boolean) => void;
}) {
  const detail = useQuery(outboxMessageQuery(id));
  const message = detail.data ?? row;
  if (!message) {
    return (
      <DialogFrame open onOpenChange={onOpenChange} width="3xl" title="Email" description="Loading the email">
        <QueryView
          query={detail}
          noun="email"
          skeleton={<Skeleton className="h-40" aria-label="Loading the email" />}
        >
          {() => null}
        </QueryView>
      </DialogFrame>
    );
  }
  const facts: [string, string | null][] = [
    ['To', message.toName ? `${message.toName} <${message.toEmail}>` : message.toEmail],
    ['Template', message.templateName],
    ['Created', formatStaffDateTime(message.createdAt)],
    ['Sent', message.sentAt ? formatStaffDateTime(message.sentAt) : null],
    ['Attempts', String(message.attempts)],
    ['Via', message.transport === 'sendgrid' ? 'SendGrid' : message.transport === 'smtp' ? 'SMTP' : null],
    ['Server said', message.lastError],
  ];
  return (
    <DialogFrame
      open
      onOpenChange={onOpenChange}
      width="3xl"
      title={message.subject}
      description={<StatusBadge status={message.status} />}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts
          .filter(([, v]) => v !== null)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
      </dl>
      <QueryView
        query={detail}
        noun="email"
        skeleton={<Skeleton className="h-40" aria-label="Loading the email" />}
      >
        {(d) =>
          d.bodyWithheld ? (
            <p className="rounded-md border p-3 text-sm text-muted-foreground">{WITHHELD[d.bodyWithheld]}</p>
          ) : (
            <div className="space-y-2">
              {d.attachments.length ? (
                <p className="text-sm text-muted-foreground">
                  {d.attachments.length === 1
                    ? 'Invoice PDF attached'
                    : `${d.attachments.length} invoice PDFs attached`}
                </p>
              ) : null}
              <pre className="max-h-96 overflow-auto rounded-md border bg-muted/40 p-3 text-sm break-words whitespace-pre-wrap font-sans">
                {d.text}
              </pre>
            </div>
          )
        }
      </QueryView>
    </DialogFrame>
  );
}
