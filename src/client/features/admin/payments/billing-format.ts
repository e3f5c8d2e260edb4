import type { BadgeProps } from '@client/components/ui/badge';
import type { PaymentRequestState } from '@shared/contracts/billing-admin';
import { type SubscriptionStatus } from '@shared/statuses';

type Variant = NonNullable<BadgeProps['variant']>;

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  pending: 'Pending',
  canceled: 'Cancelled',
};
export const subscriptionStatusBadge = (status: string): Variant =>
  status === 'active'
    ? 'success'
    : status === 'past_due' || status === 'pending'
      ? 'warning'
      : status === 'canceled'
        ? 'destructive'
        : 'secondary';

export const REQUEST_STATE_LABELS: Record<PaymentRequestState, string> = {
  open: 'Open',
  paid: 'Paid',
  expired: 'Expired',
};
export const requestStateBadge = (state: PaymentRequestState): Variant =>
  state === 'paid' ? 'success' : state === 'expired' ? 'destructive' : 'warning';

export const INVOICE_STATUS_LABELS: Record<string, string> = {
  paid: 'Paid',
  open: 'Open',
  void: 'Void',
  refunded: 'Refunded',
};
export const invoiceStatusBadge = (status: string): Variant =>
  status === 'paid' ? 'success' : status === 'open' ? 'warning' : 'secondary';

/** A day (YYYY-MM-DD) a number of days from today, in the browser's calendar. */
export function dayFromToday(days: number, today = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
