import { SendIcon } from 'lucide-react';
import type { AdminSubscription } from '@shared/contracts/billing-admin';
import type { Column } from '@client/components/list/columns';
import { Badge } from '@client/components/ui/badge';
import { RowButton } from '@client/components/list/row-button';
import { formatStaffDate } from '@client/lib/staff-dates';
import { formatMoney } from '@client/lib/format';
import { SUBSCRIPTION_STATUS_LABELS, subscriptionStatusBadge } from './billing-format';

/** Statuses whose subscription can be paid at checkout, so a subscription request makes sense. */
const REQUESTABLE = new Set(['trialing', 'pending', 'past_due']);

/**
 * The columns of both subscription lists: the subscriptions sort by their headers; the trials requiring
 * action say, under each status, why the row is listed.
 */
export function subscriptionColumns<T extends AdminSubscription>({
  sortable = false,
  reasonOf,
}: {
  sortable?: boolean;
  reasonOf?: (s: T) => string;
}): Column<T>[] {
  return [
    {
      key: 'customer',
      label: 'Customer',
      sort: sortable ? 'companyName' : undefined,
      cell: (s) => (
        <>
          <span className="font-medium">{s.companyName}</span>
          <span className="block text-xs break-all text-muted-foreground">{s.email}</span>
        </>
      ),
    },
    { key: 'plan', label: 'Plan', from: 'lg', cell: (s) => s.planName },
    {
      key: 'status',
      label: reasonOf ? 'Status and reason' : 'Status',
      cell: (s) => (
        <>
          <Badge variant={subscriptionStatusBadge(s.status)}>
            {SUBSCRIPTION_STATUS_LABELS[s.status as keyof typeof SUBSCRIPTION_STATUS_LABELS] ?? s.status}
          </Badge>
          {reasonOf ? (
            <span className="mt-1 block text-xs font-medium" data-testid="trial-action-reason">
              {reasonOf(s)}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'price',
      label: 'Price',
      sort: sortable ? 'price' : undefined,
      newestFirst: true,
      from: 'xl',
      cellClassName: 'tabular-nums',
      cell: (s) => `${formatMoney(s.price)}/mo`,
    },
    {
      key: 'period',
      label: 'Current period',
      sort: sortable ? 'currentPeriodEnd' : undefined,
      from: '3xl',
      cellClassName: 'text-sm',
      cell: (s) => (
        <>
          {formatStaffDate(s.currentPeriodStart)} – {formatStaffDate(s.currentPeriodEnd)}
          {s.cancelAtPeriodEnd ? (
            <span className="block text-xs text-destructive">Cancels at period end</span>
          ) : null}
          {s.status === 'trialing' && s.trialEndsAt ? (
            <span className="block text-xs text-muted-foreground">
              Trial ends {formatStaffDate(s.trialEndsAt)}
            </span>
          ) : null}
        </>
      ),
    },
  ];
}

/** A subscription row: its test id, and Request payment where checkout can be paid. */
export function subscriptionRows(onRequest: (s: AdminSubscription) => void) {
  return {
    rowKey: (s: AdminSubscription) => s.subscriptionId,
    rowProps: { 'data-testid': 'subscription-row' },
    actions: (s: AdminSubscription) =>
      REQUESTABLE.has(s.status) ? (
        // The words where the row has room; the icon alone on a narrow list.
        <RowButton
          word="Request payment"
          label={`Request payment: ${s.companyName}`}
          icon={SendIcon}
          wordFrom="@3xl"
          onClick={() => onRequest(s)}
        />
      ) : null,
  };
}
