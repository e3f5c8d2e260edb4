import { type EmailStatus } from '@shared/statuses';
import { Badge } from '@client/components/ui/badge';

/** An email's delivery status as a badge. */
export const STATUS_LABELS: Record<EmailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};
const STATUS_VARIANTS = {
  queued: 'secondary',
  sending: 'secondary',
  sent: 'success',
  failed: 'destructive',
} as const;

export function StatusBadge({ status }: { status: EmailStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}
