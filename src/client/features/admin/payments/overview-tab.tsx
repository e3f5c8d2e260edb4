import { useQuery } from '@tanstack/react-query';
import { ReceiptIcon } from 'lucide-react';
import { paymentListQuery } from '@shared/contracts/staff-payments';
import { ColumnTable } from '@client/components/list/column-table';
import { ListBody } from '@client/components/list/list-body';
import { FinancialAnalytics, PaymentFigures } from './overview-figures';
import { PAYMENT_TABLE } from './payment-table';
import { paymentsQuery } from './transactions-api';
import { HeadedSection } from '@client/components/section-heading';

/** The transactions overview lists the first 5 payments. */
const RECENT = paymentListQuery.parse({ pageSize: 5 });

/**
 * Overview (docs/staff-payments.md): figures from the admin stats, the provider metrics (MRR, defined as Revenue
 * Analytics defines it) and the financial analytics, then the 5 newest payments. Each figure comes
 * from its own call and shows its own failure.
 */
export default function OverviewTab() {
  const recent = useQuery(paymentsQuery(RECENT));

  return (
    <div className="space-y-6">
      <PaymentFigures />

      <FinancialAnalytics />

      <HeadedSection id="recent-payments-heading" title="Recent transactions" className="space-y-3">
        <ListBody
          query={recent}
          noun="transactions"
          empty={{
            icon: ReceiptIcon,
            text: 'Payments appear here when customers check out and when subscriptions renew.',
          }}
        >
          {(page) => <ColumnTable label="Recent transactions" rows={page.items} {...PAYMENT_TABLE} />}
        </ListBody>
      </HeadedSection>
    </div>
  );
}
