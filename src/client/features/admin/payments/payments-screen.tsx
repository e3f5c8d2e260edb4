import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { ScreenHeader } from '@client/components/screen-header';
import { NeedsPermission } from '@client/components/needs-permission';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton } from '@client/components/ui/skeleton';
import { SubTabs } from '@client/components/sub-tabs';
import { useSubTab } from '@client/lib/use-sub-tab';
import { PaymentsHeaderActions } from './payments-header-actions';

/** The eight sub-tabs (docs/staff-payments.md), in order; Overview is the default. */
const PAYMENT_VIEWS = [
  'overview',
  'billing',
  'transactions',
  'invoicing',
  'expenses',
  'disputes',
  'analytics',
  'reconciliation',
] as const;
type PaymentView = (typeof PAYMENT_VIEWS)[number];

const VIEW_LABELS: Record<PaymentView, string> = {
  overview: 'Overview',
  billing: 'Billing Management',
  transactions: 'Transactions',
  invoicing: 'Invoicing',
  expenses: 'Expenses',
  disputes: 'Disputes',
  analytics: 'Analytics',
  reconciliation: 'Reconciliation',
};

/** Each sub-tab is its own chunk: the tab's first load carries only the one shown. */
const VIEW_SCREENS: Record<PaymentView, LazyExoticComponent<ComponentType>> = {
  overview: lazy(() => import('./overview-tab')),
  billing: lazy(() => import('./billing-tab')),
  transactions: lazy(() => import('./transactions-tab')),
  invoicing: lazy(() => import('./invoicing-tab')),
  expenses: lazy(() => import('./expenses-tab')),
  disputes: lazy(() => import('./disputes-tab')),
  analytics: lazy(() => import('./payment-analytics-tab')),
  reconciliation: lazy(() => import('./reconciliation-tab')),
};

/**
 * Billing & Payments (tab `payments`, docs/staff-payments.md) on the real billing engine. Viewing
 * needs `canViewPayments`; refunds need `canProcessRefunds` (the server checks both on every call).
 */
export default function PaymentsScreen() {
  const [view, setView] = useSubTab(PAYMENT_VIEWS);
  const Screen = VIEW_SCREENS[view];
  return (
    <NeedsPermission flag="canViewPayments" label="Loading payments">
      <div className="space-y-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <ScreenHeader
            title="Payment Management"
            description="Payments, refunds, invoices, requests and expenses, from the billing engine’s own records."
          />
          <PaymentsHeaderActions />
        </div>
        <SubTabs
          views={PAYMENT_VIEWS}
          labels={VIEW_LABELS}
          value={view}
          onChange={setView}
          label="Payment Management sections"
        >
          <Suspense
            fallback={
              <LoadingBlock label={`Loading ${VIEW_LABELS[view]}`}>
                <Skeleton className="h-64" />
              </LoadingBlock>
            }
          >
            <Screen />
          </Suspense>
        </SubTabs>
      </div>
    </NeedsPermission>
  );
}
