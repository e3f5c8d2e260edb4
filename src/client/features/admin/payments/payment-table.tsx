import { RefreshCwIcon, Undo2Icon } from 'lucide-react';
import { PAYMENT_STATUS_LABELS, type PaymentSort, type StaffPayment } from '@shared/contracts/staff-payments';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListTable } from '@client/components/list/list-table';
import { SortHeader } from '@client/components/list/sort-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TableRow } from '@client/components/ui/table';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { formatMoney } from '@client/lib/format';
import { deletedCustomerNote, payerOf, paymentStatusBadge } from './payments-format';

export type PaymentRowActions = {
  /** Shown on rows that can be refunded, when the member may refund. */
  onRefund?: (p: StaffPayment) => void;
  /** Shown on rows that can be retried, when the member may retry. */
  onRetry?: (p: StaffPayment) => void;
};

/**
 * Payments as a table: customer, date, amount, status and the provider reference, giving way on narrow
 * screens. With `sort`, the date and amount headers sort the list on the server.
 */
export function PaymentTable({
  items,
  label,
  sort,
  onSort,
  actions = {},
}: {
  items: readonly StaffPayment[];
  label: string;
  sort?: PaymentSort;
  onSort?: (sort: PaymentSort) => void;
  actions?: PaymentRowActions;
}) {
  const hasActions = Boolean(actions.onRefund || actions.onRetry);
  return (
    <ListTable
      label={label}
      actions={hasActions}
      head={
        <>
          <ListHead>Customer</ListHead>
          {sort && onSort ? (
            <SortHeader field="createdAt" label="Date" sort={sort} onSort={onSort} newestFirst from="md" />
          ) : (
            <ListHead from="md">Date</ListHead>
          )}
          <ListHead from="3xl">Description</ListHead>
          {sort && onSort ? (
            <SortHeader
              field="amount"
              label="Amount"
              sort={sort}
              onSort={onSort}
              newestFirst
              className="text-right"
            />
          ) : (
            <ListHead className="text-right">Amount</ListHead>
          )}
          <ListHead from="lg">Status</ListHead>
          <ListHead from="5xl">Reference</ListHead>
        </>
      }
    >
      {items.map((p) => (
        <PaymentRow key={p.id} payment={p} actions={actions} hasActions={hasActions} />
      ))}
    </ListTable>
  );
}

function StatusBadge({ payment: p }: { payment: StaffPayment }) {
  return (
    <Badge variant={paymentStatusBadge(p.status)} data-testid="payment-status">
      {PAYMENT_STATUS_LABELS[p.status]}
    </Badge>
  );
}

function PaymentRow({
  payment: p,
  actions,
  hasActions,
}: {
  payment: StaffPayment;
  actions: PaymentRowActions;
  hasActions: boolean;
}) {
  const payer = payerOf(p);
  const deleted = deletedCustomerNote(p);
  const date = <time dateTime={p.createdAt}>{formatStaffDateTime(p.createdAt)}</time>;
  return (
    <TableRow data-testid="payment-row" data-payment-id={p.id}>
      <ListCell className="min-w-0">
        <span className="font-medium">{payer}</span>
        {deleted && payer !== deleted ? (
          <Badge variant="secondary" className="ml-2" data-testid="payment-customer-deleted">
            {deleted}
          </Badge>
        ) : null}
        {p.customerEmail ? (
          <span className="block text-xs break-all text-muted-foreground">{p.customerEmail}</span>
        ) : null}
        <NarrowDetails until="5xl">
          <NarrowItem until="md">{date}</NarrowItem>
          <NarrowItem until="3xl">{p.description}</NarrowItem>
          <NarrowItem until="lg">
            <StatusBadge payment={p} />
          </NarrowItem>
          {p.stripePaymentIntentId ? (
            <NarrowItem until="5xl">
              <span className="font-mono text-xs break-all">{p.stripePaymentIntentId}</span>
            </NarrowItem>
          ) : null}
        </NarrowDetails>
        {p.status === 'failed' && p.failureMessage ? (
          <span className="mt-1 block text-xs text-destructive">{p.failureMessage}</span>
        ) : null}
      </ListCell>
      <ListCell from="md" className="whitespace-nowrap">
        {date}
      </ListCell>
      <ListCell from="3xl">{p.description}</ListCell>
      <ListCell className="text-right whitespace-nowrap tabular-nums" data-testid="payment-amount">
        <span className="font-medium">{formatMoney(p.amount)}</span>
        {p.refunded > 0 ? (
          <span className="block text-xs text-muted-foreground" data-testid="payment-refunded">
            {formatMoney(p.refunded)} refunded
          </span>
        ) : null}
      </ListCell>
      <ListCell from="lg">
        <StatusBadge payment={p} />
      </ListCell>
      <ListCell from="5xl" className="font-mono text-xs break-all">
        {p.stripePaymentIntentId ?? '—'}
      </ListCell>
      {hasActions ? (
        <ListCell className="text-right">
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
        </ListCell>
      ) : null}
    </TableRow>
  );
}
