import { cn } from '@client/lib/cn';
import { Badge } from '@client/components/ui/badge';

export type ThreadMessage = {
  id: string;
  /** Whose side wrote it: the customer's messages sit on one side, the support team's on the other. */
  side: 'customer' | 'staff';
  authorName: string;
  body: string;
  createdAt: string;
  /** A staff note the customer never sees (staff screens only). */
  internal?: boolean;
};

/**
 * A conversation (a support ticket's thread): each message with its author and time, the body as
 * written (line breaks kept), internal notes tinted and labelled. `formatTime` is the screen's own
 * (the staff timezone preference, or the browser's).
 */
export function MessageThread({
  messages,
  formatTime,
  label,
  empty,
}: {
  messages: readonly ThreadMessage[];
  formatTime: (iso: string) => string;
  label: string;
  empty: string;
}) {
  if (messages.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ol aria-label={label} className="grid gap-3">
      {messages.map((m) => (
        <li
          key={m.id}
          data-testid="thread-message"
          className={cn(
            'rounded-lg border p-3 text-sm',
            m.side === 'staff' ? 'bg-muted/50 sm:ml-8' : 'bg-background sm:mr-8',
            m.internal && 'border-dashed border-warning bg-warning/10',
          )}
        >
          <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{m.authorName}</span>
            {m.internal ? <Badge variant="warning">Internal note</Badge> : null}
            <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
          </div>
          <p className="whitespace-pre-wrap break-words">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
