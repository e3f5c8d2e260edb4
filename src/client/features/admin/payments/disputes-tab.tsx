import { useQuery } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { disputeListQuery, type Dispute } from '@shared/contracts/payment-operations';
import type { Column } from '@client/components/list/columns';
import { ListSection } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { Badge, type BadgeProps } from '@client/components/ui/badge';
import { formatStaffDate } from '@client/lib/staff-dates';
import { formatMoneyMinus } from '@client/lib/format';
import { disputesQuery } from './operations-api';
import { HeadedSection } from '@client/components/section-heading';
import { TwoLineCell } from '@client/components/list/two-line-cell';

/** Stripe's dispute statuses, as staff read them. */
const STATUS_LABELS: Record<string, [string, BadgeProps['variant']]> = {
  warning_needs_response: ['Inquiry: needs response', 'warning'],
  warning_under_review: ['Inquiry: under review', 'secondary'],
  warning_closed: ['Inquiry closed', 'outline'],
  needs_response: ['Needs response', 'destructive'],
  under_review: ['Under review', 'secondary'],
  won: ['Won', 'success'],
  lost: ['Lost', 'destructive'],
};
const reasonLabel = (reason: string) => reason.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * Disputes (docs/payment-operations.md): card disputes Stripe reports through its signed webhook, newest first. With the
 * sandbox provider there is no card network to dispute through, and the screen says so.
 */
export default function DisputesTab() {
  const state = useListState({ sorts: ['newest'], defaultSort: 'newest', pageSize: 20, scope: 'disputes' });
  const list = useQuery(disputesQuery(disputeListQuery.parse(state.query)));
  const sandbox = list.data?.provider === 'sandbox';
  return (
    <HeadedSection
      id="disputes-heading"
      title="Disputes"
      description="Chargebacks and inquiries that customers’ banks open on card payments, as Stripe reports them."
      className="space-y-4"
    >
      <ListSection
        state={state}
        query={list}
        noun="disputes"
        empty={{
          icon: ShieldCheckIcon,
          title: 'No disputes',
          text: sandbox
            ? 'Disputes arrive from Stripe. Payments run on the built-in sandbox, which has no card network to dispute through, so there are none.'
            : 'Disputes arrive from Stripe through its signed webhook (charge.dispute events). None has been received.',
        }}
        label="Disputes"
        columns={DISPUTE_COLUMNS}
        pager={{ label: 'Dispute pages', noun: ['dispute', 'disputes'] }}
      />
    </HeadedSection>
  );
}

const statusOf = (d: Dispute) => {
  const [label, variant] = STATUS_LABELS[d.status] ?? [d.status, 'outline'];
  return <Badge variant={variant}>{label}</Badge>;
};

const DISPUTE_COLUMNS: readonly Column<Dispute>[] = [
  {
    key: 'customer',
    label: 'Customer',
    cell: (d) => <TwoLineCell main={d.companyName ?? 'Payment not found'} detail={d.providerRef} />,
  },
  {
    key: 'opened',
    label: 'Opened',
    from: 'md',
    cellClassName: 'whitespace-nowrap',
    cell: (d) => formatStaffDate(d.createdAt),
  },
  { key: 'reason', label: 'Reason', from: 'xl', cell: (d) => reasonLabel(d.reason), narrow: false },
  {
    key: 'evidenceDue',
    label: 'Evidence due',
    from: '2xl',
    cellClassName: 'whitespace-nowrap',
    cell: (d) => (d.evidenceDueBy ? formatStaffDate(d.evidenceDueBy) : '\u2014'),
    narrow: false,
  },
  {
    key: 'amount',
    label: 'Amount',
    numeric: true,
    cell: (d) => formatMoneyMinus(d.amount),
  },
  { key: 'status', label: 'Status', from: 'lg', cell: statusOf },
];
