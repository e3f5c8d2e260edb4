import { useQuery } from '@tanstack/react-query';
import { BanknoteIcon, PercentIcon, RotateCcwIcon, TriangleAlertIcon } from 'lucide-react';
import type { PaymentAnalytics } from '@shared/contracts/payment-operations';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { QueryView } from '@client/components/query-view';
import { StatTilesSkeleton } from '@client/components/stat-tile';
import { StatTileRow } from '@client/components/stat-tile-row';
import { formatMoneyMinus } from '@client/lib/format';
import { paymentAnalyticsQuery } from './operations-api';
import { formatCount, formatMonth, formatRate } from './operations-format';
import { HeadedSection } from '@client/components/section-heading';

const MONTHS = 12;

/**
 * Analytics (docs/payment-operations.md): refund rate (refunded ÷ collected) and failure rate (failed ÷ attempted) by
 * month over the last 12 months, from the payments and refunds themselves.
 */
export default function PaymentAnalyticsTab() {
  const analytics = useQuery(paymentAnalyticsQuery(MONTHS));
  return (
    <HeadedSection
      id="payment-analytics-heading"
      title="Refund and failure rates"
      className="space-y-4"
      description={
        <>
          The last {MONTHS} months. Refund rate: money refunded in the month ÷ money collected in it. Failure
          rate: declined charges ÷ charges with an outcome (pending ones are left out).
        </>
      }
    >
      <QueryView
        query={analytics}
        noun="payment analytics"
        skeleton={<StatTilesSkeleton label="Loading payment analytics" />}
      >
        {(data) => <Figures data={data} />}
      </QueryView>
    </HeadedSection>
  );
}

const MONTH_COLUMNS: readonly Column<PaymentAnalytics['months'][number]>[] = [
  { key: 'month', label: 'Month', cell: (m) => <span className="font-medium">{formatMonth(m.month)}</span> },
  // Collected and refunded stand together in the narrow detail: "$x of $y refunded".
  {
    key: 'collected',
    label: 'Collected',
    from: 'lg',
    numeric: true,
    cell: (m) => formatMoneyMinus(m.collected),
    narrow: (m) => `${formatMoneyMinus(m.refunded)} of ${formatMoneyMinus(m.collected)} refunded`,
  },
  {
    key: 'refunded',
    label: 'Refunded',
    from: 'lg',
    numeric: true,
    cell: (m) => formatMoneyMinus(m.refunded),
    narrow: false,
  },
  {
    key: 'refundRate',
    label: 'Refund rate',
    numeric: true,
    cell: (m) => formatRate(m.refundRate),
  },
  {
    key: 'failed',
    label: 'Failed / charges',
    from: 'xl',
    numeric: true,
    cell: (m) => `${formatCount(m.failed)} / ${formatCount(m.attempted)}`,
    narrow: (m) => `${formatCount(m.failed)} of ${formatCount(m.attempted)} failed`,
  },
  {
    key: 'failureRate',
    label: 'Failure rate',
    numeric: true,
    cell: (m) => formatRate(m.failureRate),
  },
];

function Figures({ data }: { data: PaymentAnalytics }) {
  const t = data.totals;
  const newestFirst = [...data.months].reverse();
  return (
    <div className="space-y-4">
      <StatTileRow
        tiles={[
          {
            icon: RotateCcwIcon,
            label: 'Refund rate',
            value: formatRate(t.refundRate),
            hint: `${MONTHS} months`,
          },
          {
            icon: TriangleAlertIcon,
            label: 'Failure rate',
            value: formatRate(t.failureRate),
            hint: `${formatCount(t.failed)} of ${formatCount(t.attempted)} ${t.attempted === 1 ? 'charge' : 'charges'}`,
          },
          {
            icon: BanknoteIcon,
            label: 'Collected',
            value: formatMoneyMinus(t.collected),
            hint: `${MONTHS} months, before refunds`,
          },
          {
            icon: PercentIcon,
            label: 'Refunded',
            value: formatMoneyMinus(t.refunded),
            hint: `${MONTHS} months`,
          },
        ]}
      />
      <ColumnTable
        label="Refund and failure rates by month"
        columns={MONTH_COLUMNS}
        rows={newestFirst}
        rowKey={(m) => m.month}
        rowProps={{ 'data-testid': 'analytics-month' }}
      />
    </div>
  );
}
