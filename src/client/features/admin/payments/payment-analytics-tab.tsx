import { useQuery } from '@tanstack/react-query';
import { BanknoteIcon, PercentIcon, RotateCcwIcon, TriangleAlertIcon } from 'lucide-react';
import type { PaymentAnalytics } from '@shared/contracts/payment-operations';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListTable } from '@client/components/list/list-table';
import { QueryView } from '@client/components/query-view';
import { StatTile, StatTileGrid, StatTilesSkeleton } from '@client/components/stat-tile';
import { TableRow } from '@client/components/ui/table';
import { formatMoneyMinus } from '@client/lib/format';
import { paymentAnalyticsQuery } from './operations-api';
import { formatCount, formatMonth, formatRate } from './operations-format';

const MONTHS = 12;

/**
 * Analytics (docs/payment-operations.md): refund rate (refunded ÷ collected) and failure rate (failed ÷ attempted) by
 * month over the last 12 months, from the payments and refunds themselves.
 */
export default function PaymentAnalyticsTab() {
  const analytics = useQuery(paymentAnalyticsQuery(MONTHS));
  return (
    <section aria-labelledby="payment-analytics-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="payment-analytics-heading" className="text-lg font-semibold">
          Refund and failure rates
        </h2>
        <p className="text-sm text-muted-foreground">
          The last {MONTHS} months. Refund rate: money refunded in the month ÷ money collected in it. Failure
          rate: declined charges ÷ charges with an outcome (pending ones are left out).
        </p>
      </div>
      <QueryView
        query={analytics}
        noun="payment analytics"
        skeleton={<StatTilesSkeleton label="Loading payment analytics" />}
      >
        {(data) => <Figures data={data} />}
      </QueryView>
    </section>
  );
}

function Figures({ data }: { data: PaymentAnalytics }) {
  const t = data.totals;
  const newestFirst = [...data.months].reverse();
  return (
    <div className="space-y-4">
      <StatTileGrid>
        <StatTile
          icon={RotateCcwIcon}
          label="Refund rate"
          value={formatRate(t.refundRate)}
          hint={`${MONTHS} months`}
        />
        <StatTile
          icon={TriangleAlertIcon}
          label="Failure rate"
          value={formatRate(t.failureRate)}
          hint={`${formatCount(t.failed)} of ${formatCount(t.attempted)} ${t.attempted === 1 ? 'charge' : 'charges'}`}
        />
        <StatTile
          icon={BanknoteIcon}
          label="Collected"
          value={formatMoneyMinus(t.collected)}
          hint={`${MONTHS} months, before refunds`}
        />
        <StatTile
          icon={PercentIcon}
          label="Refunded"
          value={formatMoneyMinus(t.refunded)}
          hint={`${MONTHS} months`}
        />
      </StatTileGrid>
      <ListTable
        label="Refund and failure rates by month"
        actions={false}
        head={
          <>
            <ListHead>Month</ListHead>
            <ListHead from="lg" className="text-right">
              Collected
            </ListHead>
            <ListHead from="lg" className="text-right">
              Refunded
            </ListHead>
            <ListHead className="text-right">Refund rate</ListHead>
            <ListHead from="xl" className="text-right">
              Failed / charges
            </ListHead>
            <ListHead className="text-right">Failure rate</ListHead>
          </>
        }
      >
        {newestFirst.map((m) => (
          <TableRow key={m.month} data-testid="analytics-month">
            <ListCell>
              <span className="font-medium">{formatMonth(m.month)}</span>
              <NarrowDetails until="xl">
                <NarrowItem until="lg">
                  {formatMoneyMinus(m.refunded)} of {formatMoneyMinus(m.collected)} refunded
                </NarrowItem>
                <NarrowItem until="xl">
                  {formatCount(m.failed)} of {formatCount(m.attempted)} failed
                </NarrowItem>
              </NarrowDetails>
            </ListCell>
            <ListCell from="lg" className="text-right tabular-nums">
              {formatMoneyMinus(m.collected)}
            </ListCell>
            <ListCell from="lg" className="text-right tabular-nums">
              {formatMoneyMinus(m.refunded)}
            </ListCell>
            <ListCell className="text-right tabular-nums">{formatRate(m.refundRate)}</ListCell>
            <ListCell from="xl" className="text-right tabular-nums">
              {formatCount(m.failed)} / {formatCount(m.attempted)}
            </ListCell>
            <ListCell className="text-right tabular-nums">{formatRate(m.failureRate)}</ListCell>
          </TableRow>
        ))}
      </ListTable>
    </div>
  );
}
