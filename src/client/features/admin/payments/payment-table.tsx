import { RefreshCwIcon, Undo2Icon } from 'lucide-react';
import { PAYMENT_STATUS_LABELS, type StaffPayment } from '@shared/contracts/staff-payments';
import type { Column } from '@client/components/list/columns';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { formatMoney } from '@client/lib/format';
import { deletedCustomerNote, payerOf, paymentStatusBadge } from './payments-format';

export type PaymentRowActions = {
  /** Shown on rows that can be refunded, when the member may refund. */
  onRefund?: (p: StaffPayment) => void;
  /** Shown on rows that can be retried, when the member may retry. */
  onRetry?: (p: StaffPayment) => void;
};

function StatusBadge({ payment: p }: { payment: StaffPayment }) {
  return (
    <Badge variant={paymentStatusBadge(p.status)} data-testid="payment-status">
      {PAYMENT_STATUS_LABELS[p.status]}
    </Badge>
  );
}

const dateOf = (p: StaffPayment) => <time dateTime={p.createdAt}>{formatStaffDateTime(p.createdAt)}</time>;

/**
 * Payments as a table: customer, date, amount, status and the provider reference, giving way on narrow
 * screens. Sorted (the transactions), the date and amount headers sort the list on the server.
 */
export const PAYMENT_TABLE = {
  columns: [
    {
      key: 'customer',
      label: 'Customer',
      cellClassName: 'min-w-0',
      cell: (p) => {
        const payer = payerOf(p);
        const deleted = deletedCustomerNote(p);
        return (
          <>
            <span className="font-medium">{payer}</span>
            {deleted && payer !== deleted ? (
              <Badge variant="secondary" className="ml-2" data-testid="payment-customer-deleted">
                {deleted}
              </Badge>
            ) : null}
            {p.customerEmail ? (
              <span className="block text-xs break-all text-muted-foreground">{p.customerEmail}</span>
            ) : null}
          </>
        );
      },
      afterDetails: (p) =>
        p.status === 'failed' && p.failureMessage ? (
          <span className="mt-1 block text-xs text-destructive">{p.failureMessage}</span>
        ) : null,
    },
    {
      key: 'date',
      label: 'Date',
      sort: 'createdAt',
      newestFirst: true,
      from: 'md',
      cellClassName: 'whitespace-nowrap',
      cell: dateOf,
    },
    { key: 'description', label: 'Description', from: '3xl', cell: (p) => p.description },
    {
      key: 'amount',
      label: 'Amount',
      sort: 'amount',
      newestFirst: true,
      numeric: true,
      cellClassName: 'whitespace-nowrap',
      cellProps: () => ({ 'data-testid': 'payment-amount' }),
      cell: (p) => (
        <>
          <span className="font-medium">{formatMoney(p.amount)}</span>
          {p.refunded > 0 ? (
            <span className="block text-xs text-muted-foreground" data-testid="payment-refunded">
              {formatMoney(p.refunded)} refunded
            </span>
          ) : null}
        </>
      ),
    },
    { key: 'status', label: 'Status', from: 'lg', cell: (p) => <StatusBadge payment={p} /> },
    {
      key: 'reference',
      label: 'Reference',
      from: '5xl',
      cellClassName: 'font-mono text-xs break-all',
      cell: (p) => p.stripePaymentIntentId ?? '—',
      narrow: (p) =>
        p.stripePaymentIntentId ? (
          <span className="font-mono text-xs break-all">{p.stripePaymentIntentId}</span>
        ) : null,
    },
  ] satisfies Column<StaffPayment>[],
  rowKey: (p: StaffPayment) => p.id,
  rowProps: (p: StaffPayment) => ({ 'data-testid': 'payment-row', 'data-payment-id': p.id }),
};

/** Retry and Refund on the rows that allow them, for a member who may; none: no actions column. */
export function paymentActions(actions: PaymentRowActions) {
  if (!actions.onRefund && !actions.onRetry) return undefined;
  return (p: StaffPayment) => {
    const payer = payerOf(p);
    return (
      <span className="inline-flex gap-1">
        {actions.onRetry && p.canRetry ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => actions.onRetry?.(p)}
            aria-label={`Retry payment: ${payer}, ${formatMoney(p.amount)}`}
          >
            <RefreshCwIcon aria-hidden="true" />
            <span className="hidden sm:inline">Retry</span>
          </Button>
        ) : null}
        {actions.onRefund && p.canRefund ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => actions.onRefund?.(p)}
            aria-label={`Refund payment: ${payer}, ${formatMoney(p.amount)}`}
          >
            <Undo2Icon aria-hidden="true" />
            <span className="hidden sm:inline">Refund</span>
          </Button>
        ) : null}
      </span>
    );
  };
}
