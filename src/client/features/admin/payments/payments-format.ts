import {
  DELETED_CUSTOMER_LABEL,
  PAYMENT_STATUS_LABELS,
  type PaymentListStatus,
  type StaffPayment,
} from '@shared/contracts/staff-payments';

export const STATUS_OPTIONS = (Object.keys(PAYMENT_STATUS_LABELS) as PaymentListStatus[]).map((s) => ({
  value: s,
  label: PAYMENT_STATUS_LABELS[s],
}));

/** Completed green, pending yellow, failed red, refunded grey. */
export function paymentStatusBadge(
  status: PaymentListStatus,
): 'success' | 'warning' | 'destructive' | 'secondary' {
  if (status === 'completed') return 'success';
  if (status === 'pending') return 'warning';
  if (status === 'failed') return 'destructive';
  return 'secondary';
}

/** Who paid: the account's company, or the invoice's billing name once the account was deleted. */
export const payerOf = (p: StaffPayment): string =>
  p.customer?.companyName ?? p.customerName ?? DELETED_CUSTOMER_LABEL;

/** 'Deleted customer' when the paying account was deleted (its payment is kept for the books), else null. */
export const deletedCustomerNote = (p: StaffPayment): string | null =>
  p.customerDeletedAt ? DELETED_CUSTOMER_LABEL : null;

/** The product's texts for payments. */
export const PAYMENT_TEXTS = {
  refunded: 'Refund processed',
  refundFailed: 'Refund failed',
  refundFailedText: 'Failed to process refund. Please try again.',
  retried: 'Payment retry initiated',
  retriedLink: 'The customer will receive a new payment link.',
  retryFailed: 'Retry failed',
  retryFailedText: 'Failed to retry payment. Please try again.',
} as const;
