import type { DashboardStats } from '@shared/contracts/dashboard';
import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangleIcon,
  BadgeDollarSignIcon,
  CreditCardIcon,
  PercentIcon,
  RepeatIcon,
  RotateCcwIcon,
  UsersIcon,
} from 'lucide-react';
import { QueryStatTile, QueryStatTiles } from '@client/components/query-view';
import type { StatTileProps } from '@client/components/stat-tile';
import { formatMoney } from '@client/lib/format';
import { financialAnalyticsQuery, paymentStatsQuery, stripeMetricsQuery } from './transactions-api';
import { HeadedSection } from '@client/components/section-heading';

const count = (n: number) => n.toLocaleString('en-US');

/** The overview's first tiles: revenue and MRR, failed payments and customers, each from its call. */
export function PaymentFigures() {
  const stats = useQuery(paymentStatsQuery);
  const mrr = useQuery(stripeMetricsQuery);
  // Three of the four tiles read the same call: each shows its own loading and failure.
  const statsTile = (tileOf: (s: DashboardStats) => StatTileProps) => (
    <QueryStatTile query={stats} noun="payment stats" tileOf={tileOf} />
  );
  return (
    <HeadedSection id="payments-overview-heading" title="Payment figures" hiddenTitle className="space-y-4">
      <div className="grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {statsTile((s) => ({
          label: 'Total Revenue',
          value: formatMoney(s.totalRevenue),
          hint: 'completed payments, net of refunds',
          icon: BadgeDollarSignIcon,
          testId: 'tile-total-revenue',
        }))}
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
        {statsTile((s) => ({
          label: 'Failed Payments',
          value: count(s.failedPayments),
          hint: 'declined charges, all time',
          icon: AlertTriangleIcon,
          testId: 'tile-failed-payments',
        }))}
        {statsTile((s) => ({
          label: 'Total Customers',
          value: count(s.totalCustomers),
          hint: 'customer accounts, any status',
          icon: UsersIcon,
          testId: 'tile-total-customers',
        }))}
      </div>
    </HeadedSection>
  );
}

/** Refunds, the success rate and the average transaction (the financial analytics call). */
export function FinancialAnalytics() {
  const analytics = useQuery(financialAnalyticsQuery);
  return (
    <HeadedSection id="financial-analytics-heading" title="Financial analytics" className="space-y-3">
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
    </HeadedSection>
  );
}
