import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarClockIcon, FileStackIcon, UsersRoundIcon } from 'lucide-react';
import {
  SUBSCRIPTION_SORTS,
  subscriptionListQuery,
  trialActionQuery as trialActionListQuery,
  TRIAL_ACTION_DAYS,
  type AdminSubscription,
  type TrialAction,
  type GenerateMonthlyResult,
} from '@shared/contracts/billing-admin';
import { SUBSCRIPTION_STATUSES } from '@shared/statuses';
import { ListSection, statusFilter } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { Button } from '@client/components/ui/button';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { subscriptionsQuery, trialActionQuery, useGenerateMonthlyInvoices } from './billing-api';
import { SUBSCRIPTION_STATUS_LABELS } from './billing-format';
import { PaymentRequestDialog } from './payment-request-dialog';
import { SubscriptionRequestDialog } from './subscription-request-dialog';
import { HeadedSection } from '@client/components/section-heading';
import { PaymentRequestsSection } from './payment-requests-section';
import { subscriptionColumns, subscriptionRows } from './subscription-columns';

/**
 * Billing Management (docs/billing-admin.md): customers and their subscriptions, the customers needing trial
 * action, Generate Monthly Invoices, subscription and payment requests, and the payment requests with
 * their state (docs/billing-admin.md).
 */
export default function BillingTab() {
  const [requesting, setRequesting] = useState<AdminSubscription | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <div className="space-y-8">
      <BillingActions />
      <SubscriptionsSection onRequest={setRequesting} />
      <TrialActionSection onRequest={setRequesting} />
      <PaymentRequestsSection onSend={() => setSending(true)} />
      {requesting ? (
        <SubscriptionRequestDialog
          key={requesting.customerId}
          customer={requesting}
          open
          onOpenChange={(open) => !open && setRequesting(null)}
        />
      ) : null}
      {sending ? <PaymentRequestDialog open onOpenChange={setSending} /> : null}
    </div>
  );
}

function BillingActions() {
  const generate = useGenerateMonthlyInvoices();
  const [result, setResult] = useState<GenerateMonthlyResult | null>(null);
  const run = async () => {
    try {
      const answer = await generate.mutateAsync();
      setResult(answer);
      toast({
        title: 'Monthly invoices generated successfully',
        description: answer.message,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: `Failed to generate invoices: ${errorMessageOf(error, 'Please try again.')}`,
        variant: 'destructive',
      });
    }
  };
  return (
    <section aria-labelledby="billing-actions-heading" className="rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-prose space-y-1">
          <h2 id="billing-actions-heading" className="text-lg font-semibold">
            Monthly invoices
          </h2>
          <p className="text-sm text-muted-foreground">
            Issues every active or past-due subscription its invoice for the current period, once: running it
            again makes no second invoice.
          </p>
          {result ? (
            <p className="text-sm font-medium" role="status" data-testid="generate-result">
              Created {result.created}, skipped {result.skipped} (already invoiced).
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void run()} disabled={generate.isPending} aria-busy={generate.isPending}>
            <FileStackIcon aria-hidden="true" />
            Generate Monthly Invoices
          </Button>
        </div>
      </div>
    </section>
  );
}

const STATUS_OPTIONS = SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: SUBSCRIPTION_STATUS_LABELS[s] }));

function SubscriptionsSection({ onRequest }: { onRequest: (s: AdminSubscription) => void }) {
  const state = useListState({
    sorts: SUBSCRIPTION_SORTS,
    defaultSort: 'companyName',
    filters: { status: SUBSCRIPTION_STATUSES },
    pageSize: 10,
    scope: 'subs',
  });
  const list = useQuery(subscriptionsQuery(subscriptionListQuery.parse(state.query)));
  return (
    <HeadedSection
      id="subscriptions-heading"
      title="Customers and subscriptions"
      className="space-y-3"
      description="Every customer's subscription: plan, status, price and current period."
    >
      <ListSection
        state={state}
        query={list}
        noun="subscriptions"
        toolbar={{
          search: { label: 'Search subscriptions', placeholder: 'Search company, name or email…' },
          filters: [statusFilter(STATUS_OPTIONS)],
          clear: true,
        }}
        empty={{
          icon: UsersRoundIcon,
          text: 'Customers appear here when they sign up.',
        }}
        label="Subscriptions"
        columns={subscriptionColumns({ sortable: true })}
        {...subscriptionRows(onRequest)}
        pager={{ label: 'Subscription pages', noun: ['subscription', 'subscriptions'] }}
      />
    </HeadedSection>
  );
}

function TrialActionSection({ onRequest }: { onRequest: (s: AdminSubscription) => void }) {
  const state = useListState({
    sorts: ['companyName'],
    defaultSort: 'companyName',
    pageSize: 5,
    scope: 'trial',
  });
  const list = useQuery(trialActionQuery(trialActionListQuery.parse(state.query)));
  return (
    <HeadedSection
      id="trial-action-heading"
      title="Trials requiring action"
      className="space-y-3"
      description={`Trials that end within ${TRIAL_ACTION_DAYS} days and checkouts left pending (a trial or renewal that ended unpaid).`}
    >
      <ListSection
        state={state}
        query={list}
        noun="customers"
        toolbar={{
          search: { label: 'Search trials requiring action', placeholder: 'Search company, name or email…' },
          clear: true,
        }}
        empty={{
          icon: CalendarClockIcon,
          title: 'Nothing needs action',
          text: `No trial ends within ${TRIAL_ACTION_DAYS} days and no checkout is pending.`,
        }}
        label="Trials requiring action"
        columns={subscriptionColumns<TrialAction>({ reasonOf: (s) => s.reason })}
        {...subscriptionRows(onRequest)}
        pager={{ label: 'Trial action pages', noun: ['customer', 'customers'] }}
      />
    </HeadedSection>
  );
}
