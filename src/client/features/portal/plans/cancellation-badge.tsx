import { Badge } from '@client/components/ui/badge';
import { formatShortDate } from '@client/lib/format';

/**
 * A subscription whose cancellation is pending: what it reads everywhere the portal shows the
 * subscription's state (Overview, Billing, the current plan), instead of a green "Active".
 */
export function cancellationDate(sub: {
  cancelAtPeriodEnd: boolean;
  subscriptionStatus: string;
  currentPeriodEnd: string | null;
}): string | null {
  if (!sub.cancelAtPeriodEnd || sub.subscriptionStatus === 'canceled') return null;
  return formatShortDate(sub.currentPeriodEnd);
}

/** "Cancels on Dec 21, 2026". */
export function CancelsOnBadge({ date, className }: { date: string; className?: string }) {
  return (
    <Badge variant="warning" data-testid="cancels-on" className={className}>
      Cancels on {date}
    </Badge>
  );
}
