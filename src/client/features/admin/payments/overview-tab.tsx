import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangleIcon,
  BadgeDollarSignIcon,
  CreditCardIcon,
  PercentIcon,
  ReceiptIcon,
  RepeatIcon,
  RotateCcwIcon,
  UsersIcon,
} from 'lucide-react';
import { paymentListQuery } from '@shared/contracts/staff-payments';
import { ColumnTable } from '@client/components/list/column-table';
import { ListBody } from '@client/components/list/list-body';
import { QueryStatTile, QueryStatTiles } from '@client/components/query-view';
import { formatMoney } from '@client/lib/format';
import { PAYMENT_TABLE } from './payment-table';
import {
  financialAnalyticsQuery,
  paymentStatsQuery,
  paymentsQuery,
  stripeMetricsQuery,
} from './transactions-api';

/** The transactions overview lists the first 5 payments. */
const RECENT = paymentListQuery.parse({ pageSize: 5 });

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Overview (docs/staff-payments.md): figures from the admin stats, the provider metrics (MRR, defined as Revenue
 * Analytics defines it) and the financial analytics, then the 5 newest payments. Each figure comes
 * from its own call and shows its own failure.
 */
export default function OverviewTab() {
  const stats = useQuery(paymentStatsQuery);
  const mrr = useQuery(stripeMetricsQuery);
  const analytics = useQuery(financialAnalyticsQuery);
  const recent = useQuery(paymentsQuery(RECENT));

  return (
    <div className="space-y-6">
      <section aria-labelledby="payments-overview-heading" className="space-y-4">
        <h2 id="payments-overview-heading" className="sr-only">
          Payment figures
        </h2>
        <div className="grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <QueryStatTile
            query={stats}
            noun="payment stats"
            tileOf={(s) => ({
              label: 'Total Revenue',
              value: formatMoney(s.totalRevenue),
              hint: 'completed payments, net of refunds',
              icon: BadgeDollarSignIcon,
              testId: 'tile-total-revenue',
            })}
          />
          <QueryStatTile
            query={mrr}
            noun="monthly recurring revenue"
            tileOf={(m) => ({
              label: 'Monthly Recurring Revenue',
              value: formatMoney(m.mrr),
              hint: 'active and past-due subscriptions, as on the dashboard',
              icon: RepeatIcon,
              testId: 'tile-mrr',
            })}
          />
          <QueryStatTile
            query={stats}
            noun="payment stats"
            tileOf={(s) => ({
              label: 'Failed Payments',
              value: count(s.failedPayments),
              hint: 'declined charges, all time',
              icon: AlertTriangleIcon,
              testId: 'tile-failed-payments',
            })}
          />
          <QueryStatTile
            query={stats}
            noun="payment stats"
            tileOf={(s) => ({
              label: 'Total Customers',
              value: count(s.totalCustomers),
              hint: 'customer accounts, any status',
              icon: UsersIcon,
              testId: 'tile-total-customers',
            })}
          />
        </div>
      </section>

      <section aria-labelledby="financial-analytics-heading" className="space-y-3">
        <h2 id="financial-analytics-heading" className="text-lg font-semibold">
          Financial analytics
        </h2>
        <QueryStatTiles
          query={analytics}
          noun="financial analytics"
          columns={3}
          tilesOf={(a) => [
            {
              // Total Revenue is the tile above (the same figure, one name): here, what it is net of.
              label: 'Refunded',
              value: formatMoney(a.refundedAmount),
              hint: 'refunds made, all time; Total Revenue is net of them',
              icon: RotateCcwIcon,
              testId: 'tile-refunded',
            },
            {
              label: 'Payment Success Rate',
              value: a.paymentSuccessRate === null ? '—' : `${a.paymentSuccessRate}%`,
              hint: `${count(a.completedPayments)} completed of ${count(a.completedPayments + a.failedPayments)} attempted`,
              icon: PercentIcon,
              testId: 'tile-success-rate',
            },
            {
              label: 'Average Transaction',
              value: a.averageTransactionValue === null ? '—' : formatMoney(a.averageTransactionValue),
              hint: 'per completed payment, before refunds',
              icon: CreditCardIcon,
              testId: 'tile-average-transaction',
            },
          ]}
        />
      </section>

      <section aria-labelledby="recent-payments-heading" className="space-y-3">
        <h2 id="recent-payments-heading" className="text-lg font-semibold">
          Recent transactions
        </h2>
        <ListBody
          query={recent}
          noun="transactions"
          isFiltered={false}
          onClearFilters={() => undefined}
          empty={{
            icon: ReceiptIcon,
            title: 'No transactions yet',
            text: 'Payments appear here when customers check out and when subscriptions renew.',
          }}
        >
          {(page) => <ColumnTable label="Recent transactions" rows={page.items} {...PAYMENT_TABLE} />}
        </ListBody>
      </section>
    </div>
  );
}
