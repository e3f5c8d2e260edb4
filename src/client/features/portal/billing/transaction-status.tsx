import { Badge, type BadgeProps } from '@client/components/ui/badge';
import type { PaymentHistoryItem } from '../api';

/** The product's text wherever the transaction history cannot be loaded (Recent Transactions, View All). */
export const TRANSACTION_HISTORY_ERROR = 'Unable to load transaction history.';

const STATUS: Record<string, { label: string; variant: BadgeProps['variant'] }> = {
  // Succeeded and paid both count as paid.
  succeeded: { label: 'Paid', variant: 'success' },
  paid: { label: 'Paid', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  refunded: { label: 'Refunded', variant: 'secondary' },
  partially_refunded: { label: 'Partially refunded', variant: 'secondary' },
  pending: { label: 'Pending', variant: 'warning' },
  open: { label: 'Open', variant: 'warning' },
  void: { label: 'Void', variant: 'secondary' },
};

/** A payment's or an invoice's status as a coloured badge. */
export function StatusBadge({ status }: { status: PaymentHistoryItem['status'] | string }) {
  const known = STATUS[status] ?? { label: status, variant: 'outline' as const };
  return <Badge variant={known.variant}>{known.label}</Badge>;
}
