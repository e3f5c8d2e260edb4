import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { ScreenFrame } from '@client/components/screen-frame';
import { ScreenSections } from '@client/components/screen-sections';
import { NeedsPermission } from '@client/components/needs-permission';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton } from '@client/components/ui/skeleton';
import { PaymentsHeaderActions } from './payments-header-actions';

/** The eight sub-tabs (docs/staff-payments.md), in order; Overview is the default. */
const VIEW_LABELS = {
  overview: 'Overview',
  billing: 'Billing Management',
  transactions: 'Transactions',
  invoicing: 'Invoicing',
  expenses: 'Expenses',
  disputes: 'Disputes',
  analytics: 'Analytics',
  reconciliation: 'Reconciliation',
} as const;
type PaymentView = keyof typeof VIEW_LABELS;

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
  return (
    <NeedsPermission flag="canViewPayments" label="Loading payments">
      <ScreenFrame
        title="Payment Management"
        description="Payments, refunds, invoices, requests and expenses, from the billing engine’s own records."
        actions={<PaymentsHeaderActions />}
      >
        <ScreenSections sections={VIEW_LABELS} label="Payment Management sections">
          {(view) => <ViewScreen view={view} />}
        </ScreenSections>
      </ScreenFrame>
    </NeedsPermission>
  );
}

function ViewScreen({ view }: { view: PaymentView }) {
  const Screen = VIEW_SCREENS[view];
  return (
    <Suspense
      fallback={
        <LoadingBlock label={`Loading ${VIEW_LABELS[view]}`}>
          <Skeleton className="h-64" />
        </LoadingBlock>
      }
    >
      <Screen />
    </Suspense>
  );
}
