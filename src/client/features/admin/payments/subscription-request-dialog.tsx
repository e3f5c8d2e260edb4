import { useState } from 'react';
import {
  SUBSCRIPTION_REQUEST_DUE_DAYS,
  subscriptionRequestInput,
  type AdminSubscription,
  type PaymentRequestSent,
} from '@shared/contracts/billing-admin';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FormDialog } from '@client/components/form/form-dialog';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { formatStaffDate } from '@client/lib/staff-dates';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useCreateSubscriptionRequest } from './billing-api';
import { dayFromToday } from './billing-format';
import { RequestLinkResult } from './request-link-result';

/**
 * Create Subscription Request (docs/billing-admin.md): the amount by plan, due in 7 days; the answer is the
 * checkout link to hand on, which pays the customer's subscription and settles the request.
 */
export function SubscriptionRequestDialog({
  customer,
  ...dialog
}: DialogOpenProps & { customer: AdminSubscription }) {
  const form = useSchemaForm({
    schema: subscriptionRequestInput,
    defaultValues: { customerId: customer.customerId },
  });
  const create = useCreateSubscriptionRequest();
  const [sent, setSent] = useState<PaymentRequestSent | null>(null);
  const onSubmit = form.submit(
    async ({ customerId }) => {
      setSent(await create.mutateAsync(customerId));
      toast({
        title: 'Subscription Request Created',
        description: `For ${customer.companyName}.`,
        variant: 'success',
      });
    },
    (error) =>
      toast({
        title: `Failed to create subscription request: ${errorMessageOf(error, 'Please try again.')}`,
        variant: 'destructive',
      }),
  );
  const rows: [string, string][] = [
    ['Customer', `${customer.companyName} (${customer.email})`],
    ['Plan', customer.planName],
    ['Amount', 'The plan price the checkout charges'],
    ['Due', formatStaffDate(`${dayFromToday(SUBSCRIPTION_REQUEST_DUE_DAYS)}T12:00:00Z`)],
  ];
  return (
    <FormDialog
      {...dialog}
      title="Create Subscription Request"
      description="A checkout link for the customer to pay their subscription. The checkout charges the subscription's own terms."
      submitLabel="Create request"
      onSubmit={onSubmit}
      result={sent ? <RequestLinkResult title="Subscription Request Created" sent={sent} /> : undefined}
    >
      <dl className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </FormDialog>
  );
}
