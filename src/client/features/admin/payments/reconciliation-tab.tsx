import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleCheckIcon } from 'lucide-react';
import {
  RECONCILIATION_TOLERANCE_LABELS,
  RECONCILIATION_TOLERANCES,
  reconciliationQuery as reconciliationQuerySchema,
  type ReconciliationRow,
} from '@shared/contracts/payment-operations';
import type { Column } from '@client/components/list/columns';
import { FilterSelect } from '@client/components/list/filter-select';
import { ListSection } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { formatStaffDate } from '@client/lib/staff-dates';
import { formatMoneyChange, formatMoneyMinus } from '@client/lib/format';
import { reconciliationQuery } from './operations-api';
import { formatMonth } from './operations-format';
import { ReconciliationTiles } from './reconciliation-tiles';
import { HeadedSection } from '@client/components/section-heading';
import { TwoLineCell } from '@client/components/list/two-line-cell';

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
  const monthOptions = months.some((m) => m.value === month)
    ? months
    : [...months, { value: month, label: formatMonth(month) }];
  const data = list.data;

  return (
    <HeadedSection
      id="reconciliation-heading"
      title="Reconciliation"
      description="Payments against invoices: each invoice of the month whose completed payments, less refunds, differ from its total by more than the tolerance."
      className="space-y-4"
    >
      <ListSection
        state={state}
        query={list}
        noun="flagged invoices"
        toolbar={{
          className: 'flex-wrap',
          children: (
            <>
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
            </>
          ),
        }}
        isFiltered={false}
        aboveList={<ReconciliationTiles counts={data} tolerance={tolerance} month={month} />}
        empty={{
          icon: CircleCheckIcon,
          title: 'Nothing to reconcile',
          text: `Every paid invoice of ${formatMonth(month)} matches its payments within ${RECONCILIATION_TOLERANCE_LABELS[tolerance]}.`,
        }}
        label="Flagged invoices"
        columns={FLAGGED_COLUMNS}
        rowKey={(r) => r.invoiceId}
        rowProps={{ 'data-testid': 'reconcile-row' }}
        pager={{ label: 'Flagged invoice pages', noun: ['invoice', 'invoices'] }}
      />
    </HeadedSection>
  );
}

const FLAGGED_COLUMNS: readonly Column<ReconciliationRow>[] = [
  {
    key: 'invoice',
    label: 'Invoice',
    cell: (r) => <TwoLineCell main={r.number} detail={r.companyName} />,
  },
  {
    key: 'issued',
    label: 'Issued',
    from: 'xl',
    cellClassName: 'whitespace-nowrap',
    cell: (r) => formatStaffDate(r.issuedAt),
    narrow: false,
  },
  {
    key: 'status',
    label: 'Status',
    from: '2xl',
    cellClassName: 'capitalize',
    cell: (r) => r.status,
    narrow: false,
  },
  {
    key: 'total',
    label: 'Invoice total',
    from: 'lg',
    numeric: true,
    cell: (r) => formatMoneyMinus(r.invoiceTotal),
    narrowLabel: 'Total',
  },
  {
    key: 'paid',
    label: 'Paid',
    from: 'md',
    numeric: true,
    cell: (r) => (
      <>
        {formatMoneyMinus(r.paid)}
        {r.refunded > 0 ? (
          <span className="block text-xs text-muted-foreground">
            {formatMoneyMinus(r.refunded)} refunded · net {formatMoneyMinus(r.net)}
          </span>
        ) : null}
      </>
    ),
    narrow: (r) => (
      <>
        {formatMoneyMinus(r.paid)}
        {r.refunded > 0 ? `, ${formatMoneyMinus(r.refunded)} refunded` : ''}
      </>
    ),
    narrowLabel: true,
  },
  {
    key: 'difference',
    label: 'Difference',
    numeric: true,
    cellClassName: 'font-medium text-destructive',
    cell: (r) => formatMoneyChange(r.difference),
  },
];
