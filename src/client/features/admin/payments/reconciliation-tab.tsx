import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleCheckIcon, FileWarningIcon, FileXIcon, ScaleIcon } from 'lucide-react';
import {
  RECONCILIATION_TOLERANCE_LABELS,
  RECONCILIATION_TOLERANCES,
  reconciliationQuery as reconciliationQuerySchema,
  type ReconciliationRow,
} from '@shared/contracts/payment-operations';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { FilterSelect } from '@client/components/list/filter-select';
import { ListBody } from '@client/components/list/list-body';
import { ListStatePager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { ListToolbar } from '@client/components/list/list-toolbar';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { StatTile, StatTileGrid } from '@client/components/stat-tile';
import { TableRow } from '@client/components/ui/table';
import { formatStaffDate } from '@client/lib/staff-dates';
import { formatMoneyChange, formatMoneyMinus } from '@client/lib/format';
import { reconciliationQuery } from './operations-api';
import { formatCount, formatMonth } from './operations-format';

type Tolerance = (typeof RECONCILIATION_TOLERANCES)[number];
const DEFAULT_TOLERANCE: Tolerance = '0.01';
const TOLERANCE_OPTIONS = RECONCILIATION_TOLERANCES.map((t) => ({
  value: t,
  label: RECONCILIATION_TOLERANCE_LABELS[t],
}));
const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** This month and the 11 before it, newest first (UTC, as the server counts them). */
function recentMonths(now: Date) {
  return Array.from({ length: 12 }, (_, i) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))
      .toISOString()
      .slice(0, 7);
    return { value: month, label: formatMonth(month) };
  });
}

/**
 * Reconciliation (docs/payment-operations.md): the invoices of a month whose completed payments differ from their total
 * by more than the chosen tolerance ($0.01, $1.00, $5.00), largest difference first. A partly refunded
 * invoice that was paid in full is not a mismatch (paid − refunded = net); refunds show under Paid.
 * Refunded and void invoices are expected to differ and are counted apart; open invoices nothing was
 * paid on yet are awaiting payment, not mismatches.
 */
export default function ReconciliationTab() {
  const state = useListState({
    sorts: ['difference'],
    defaultSort: 'difference',
    filters: { tolerance: RECONCILIATION_TOLERANCES, month: isMonth },
    pageSize: 20,
    scope: 'reconcile',
  });
  const months = useMemo(() => recentMonths(new Date()), []);
  const month = state.filters.month || months[0]!.value;
  const tolerance = (state.filters.tolerance || DEFAULT_TOLERANCE) as Tolerance;
  const query = reconciliationQuerySchema.parse({ ...state.query, tolerance, month });
  const list = useQuery(reconciliationQuery(query));
  useKeepPageInRange(state, list.data, list.isPlaceholderData);
  const monthOptions = months.some((m) => m.value === month)
    ? months
    : [...months, { value: month, label: formatMonth(month) }];
  const data = list.data;

  return (
    <section aria-labelledby="reconciliation-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="reconciliation-heading" className="text-lg font-semibold">
          Reconciliation
        </h2>
        <p className="text-sm text-muted-foreground">
          Payments against invoices: each invoice of the month whose completed payments, less refunds, differ
          from its total by more than the tolerance.
        </p>
      </div>
      <ListToolbar className="flex-wrap">
        <FilterSelect
          value={tolerance}
          onChange={(v) => state.setFilter('tolerance', v === DEFAULT_TOLERANCE ? '' : v)}
          label="Tolerance"
          options={TOLERANCE_OPTIONS}
          className="sm:w-28"
        />
        <FilterSelect
          value={month}
          onChange={(v) => state.setFilter('month', v === months[0]!.value ? '' : v)}
          label="Invoices issued in"
          options={monthOptions}
          className="sm:w-40"
        />
      </ListToolbar>
      <StatTileGrid>
        <StatTile
          icon={CircleCheckIcon}
          label="Matched"
          value={data ? formatCount(data.matched) : '\u2014'}
          hint="Within the tolerance"
          testId="reconcile-matched"
        />
        <StatTile
          icon={FileWarningIcon}
          label="Flagged"
          value={data ? formatCount(data.flagged) : '\u2014'}
          hint={`Differ by more than ${RECONCILIATION_TOLERANCE_LABELS[tolerance]}`}
          testId="reconcile-flagged"
        />
        <StatTile
          icon={FileXIcon}
          label="Refunded or void"
          value={data ? formatCount(data.excluded) : '\u2014'}
          hint="Expected to differ; not reconciled"
        />
        <StatTile
          icon={ScaleIcon}
          label="Tolerance"
          value={RECONCILIATION_TOLERANCE_LABELS[tolerance]}
          hint={formatMonth(month)}
        />
      </StatTileGrid>
      <ListBody
        query={list}
        noun="flagged invoices"
        isFiltered={false}
        onClearFilters={() => undefined}
        empty={{
          icon: CircleCheckIcon,
          title: 'Nothing to reconcile',
          text: `Every paid invoice of ${formatMonth(month)} matches its payments within ${RECONCILIATION_TOLERANCE_LABELS[tolerance]}.`,
        }}
      >
        {(page) => (
          <ListTable
            label="Flagged invoices"
            actions={false}
            head={
              <>
                <ListHead>Invoice</ListHead>
                <ListHead from="xl">Issued</ListHead>
                <ListHead from="2xl">Status</ListHead>
                <ListHead from="lg" className="text-right">
                  Invoice total
                </ListHead>
                <ListHead from="md" className="text-right">
                  Paid
                </ListHead>
                <ListHead className="text-right">Difference</ListHead>
              </>
            }
          >
            {page.items.map((r) => (
              <FlaggedRow key={r.invoiceId} row={r} />
            ))}
          </ListTable>
        )}
      </ListBody>
      <ListStatePager
        state={state}
        query={list}
        label="Flagged invoice pages"
        noun={['invoice', 'invoices']}
      />
    </section>
  );
}

function FlaggedRow({ row: r }: { row: ReconciliationRow }) {
  return (
    <TableRow data-testid="reconcile-row">
      <ListCell>
        <span className="font-medium">{r.number}</span>
        <span className="block text-xs text-muted-foreground">{r.companyName}</span>
        <NarrowDetails until="lg">
          <NarrowItem until="lg">Total {formatMoneyMinus(r.invoiceTotal)}</NarrowItem>
          <NarrowItem until="md">
            Paid {formatMoneyMinus(r.paid)}
            {r.refunded > 0 ? `, ${formatMoneyMinus(r.refunded)} refunded` : ''}
          </NarrowItem>
        </NarrowDetails>
      </ListCell>
      <ListCell from="xl" className="whitespace-nowrap">
        {formatStaffDate(r.issuedAt)}
      </ListCell>
      <ListCell from="2xl" className="capitalize">
        {r.status}
      </ListCell>
      <ListCell from="lg" className="text-right tabular-nums">
        {formatMoneyMinus(r.invoiceTotal)}
      </ListCell>
      <ListCell from="md" className="text-right tabular-nums">
        {formatMoneyMinus(r.paid)}
        {r.refunded > 0 ? (
          <span className="block text-xs text-muted-foreground">
            {formatMoneyMinus(r.refunded)} refunded · net {formatMoneyMinus(r.net)}
          </span>
        ) : null}
      </ListCell>
      <ListCell className="text-right font-medium tabular-nums text-destructive">
        {formatMoneyChange(r.difference)}
      </ListCell>
    </TableRow>
  );
}
