import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryView } from '@client/components/query-view';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton, Skeletons } from '@client/components/ui/skeleton';
import type { BillingInfo } from '@shared/contracts/portal';
import { billingInfoQuery, profileQuery } from '../api';
import { BillingAddressDialog } from './billing-address-dialog';
import {
  BillingSettingsCard,
  InvoicesCard,
  PaymentMethodsCard,
  RecentTransactionsCard,
} from './billing-cards';
import { BillingEmailDialog } from './billing-email-dialog';
import { InvoicesDialog } from './invoices-dialog';
import { SummaryCards } from './summary-cards';
import { TransactionsDialog } from './transactions-dialog';

// The card form (and Stripe.js when Stripe is the provider) loads only when the dialog opens.
const PaymentMethodsDialog = lazy(() => import('./payment-methods-dialog'));

function BillingSkeleton() {
  return (
    <LoadingBlock label="Loading billing">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
        <Skeletons count={5} className="h-28 rounded-xl" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    </LoadingBlock>
  );
}

type OpenDialog = 'cards' | 'cards-add' | 'transactions' | 'invoices' | 'email' | 'address' | null;

/** The Billing & Payments tab (docs/customer-portal.md), with real figures or honest empty states only. */
export default function BillingTab({ email }: { email: string }) {
  const billing = useQuery(billingInfoQuery);
  const profile = useQuery(profileQuery(email));
  return (
    <QueryView query={billing} noun="billing" skeleton={<BillingSkeleton />}>
      {(info) => (
        // Undefined while the profile loads (a skeleton), null for an unlimited plan.
        <BillingSections
          info={info}
          email={email}
          carLimit={profile.isError ? null : profile.data?.carLimit}
        />
      )}
    </QueryView>
  );
}

function BillingSections({
  info,
  email,
  carLimit,
}: {
  info: BillingInfo;
  email: string;
  carLimit: number | null | undefined;
}) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <div className="grid gap-6">
      <SummaryCards billing={info} carLimit={carLimit} />
      <div className="grid gap-6 lg:grid-cols-2">
        <PaymentMethodsCard
          billing={info}
          onManage={(withForm) => setDialog(withForm ? 'cards-add' : 'cards')}
        />
        <RecentTransactionsCard email={email} onViewAll={() => setDialog('transactions')} />
        <InvoicesCard email={email} billing={info} onViewAll={() => setDialog('invoices')} />
        <BillingSettingsCard
          billing={info}
          onEmail={() => setDialog('email')}
          onAddress={() => setDialog('address')}
        />
      </div>

      {dialog === 'cards' || dialog === 'cards-add' ? (
        <Suspense fallback={null}>
          <PaymentMethodsDialog
            billing={info}
            open
            onOpenChange={close}
            startWithForm={dialog === 'cards-add'}
          />
        </Suspense>
      ) : null}
      {dialog === 'transactions' ? <TransactionsDialog email={email} open onOpenChange={close} /> : null}
      {dialog === 'invoices' ? <InvoicesDialog open onOpenChange={close} /> : null}
      {/* Mounted only while open, so each opening starts from the values on file. */}
      {dialog === 'email' ? (
        <BillingEmailDialog email={email} currentBillingEmail={info.billingEmail} open onOpenChange={close} />
      ) : null}
      {dialog === 'address' ? (
        <BillingAddressDialog email={email} current={info.billingAddress} open onOpenChange={close} />
      ) : null}
    </div>
  );
}
