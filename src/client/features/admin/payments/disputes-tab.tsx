import { useQuery } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { disputeListQuery, type Dispute } from '@shared/contracts/payment-operations';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListBody } from '@client/components/list/list-body';
import { ListStatePager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { Badge, type BadgeProps } from '@client/components/ui/badge';
import { TableRow } from '@client/components/ui/table';
import { formatStaffDate } from '@client/lib/staff-dates';
import { formatMoneyMinus } from '@client/lib/format';
import { disputesQuery } from './operations-api';

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
  useKeepPageInRange(state, list.data, list.isPlaceholderData);
  const sandbox = list.data?.provider === 'sandbox';
  return (
    <section aria-labelledby="disputes-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="disputes-heading" className="text-lg font-semibold">
          Disputes
        </h2>
        <p className="text-sm text-muted-foreground">
          Chargebacks and inquiries that customers&rsquo; banks open on card payments, as Stripe reports them.
        </p>
      </div>
      <ListBody
        query={list}
        noun="disputes"
        isFiltered={false}
        onClearFilters={() => undefined}
        empty={{
          icon: ShieldCheckIcon,
          title: 'No disputes',
          text: sandbox
            ? 'Disputes arrive from Stripe. Payments run on the built-in sandbox, which has no card network to dispute through, so there are none.'
            : 'Disputes arrive from Stripe through its signed webhook (charge.dispute events). None has been received.',
        }}
      >
        {(page) => (
          <ListTable
            label="Disputes"
            actions={false}
            head={
              <>
                <ListHead>Customer</ListHead>
                <ListHead from="md">Opened</ListHead>
                <ListHead from="xl">Reason</ListHead>
                <ListHead from="2xl">Evidence due</ListHead>
                <ListHead className="text-right">Amount</ListHead>
                <ListHead from="lg">Status</ListHead>
              </>
            }
          >
            {page.items.map((d) => (
              <DisputeRow key={d.id} dispute={d} />
            ))}
          </ListTable>
        )}
      </ListBody>
      <ListStatePager state={state} query={list} label="Dispute pages" noun={['dispute', 'disputes']} />
    </section>
  );
}

function DisputeRow({ dispute: d }: { dispute: Dispute }) {
  const [label, variant] = STATUS_LABELS[d.status] ?? [d.status, 'outline'];
  const status = <Badge variant={variant}>{label}</Badge>;
  return (
    <TableRow>
      <ListCell>
        <span className="font-medium">{d.companyName ?? 'Payment not found'}</span>
        <span className="block text-xs text-muted-foreground">{d.providerRef}</span>
        <NarrowDetails until="lg">
          <NarrowItem until="md">{formatStaffDate(d.createdAt)}</NarrowItem>
          <NarrowItem until="lg">{status}</NarrowItem>
        </NarrowDetails>
      </ListCell>
      <ListCell from="md" className="whitespace-nowrap">
        {formatStaffDate(d.createdAt)}
      </ListCell>
      <ListCell from="xl">{reasonLabel(d.reason)}</ListCell>
      <ListCell from="2xl" className="whitespace-nowrap">
        {d.evidenceDueBy ? formatStaffDate(d.evidenceDueBy) : '\u2014'}
      </ListCell>
      <ListCell className="text-right tabular-nums">{formatMoneyMinus(d.amount)}</ListCell>
      <ListCell from="lg">{status}</ListCell>
    </TableRow>
  );
}
