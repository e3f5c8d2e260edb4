import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  PAYMENT_REQUEST_TYPES,
  PAYMENT_TERMS_DAYS,
  PAYMENT_TERMS_LABELS,
  paymentRequestInput,
  type PaymentRequestSent,
  type PaymentRequestType,
} from '@shared/contracts/billing-admin';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { SelectField, TextareaField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { SearchBox } from '@client/components/list/search-box';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { billingSettingsQuery, subscriptionsQuery, useSendPaymentRequest } from './billing-api';
import { dayFromToday } from './billing-format';
import { RequestLinkResult } from './request-link-result';

type Values = {
  customerId: string;
  amount: string;
  description: string;
  dueDate: string;
  type: PaymentRequestType;
};

const TYPE_OPTIONS = PAYMENT_REQUEST_TYPES.map((t) => ({
  value: t,
  label: t === 'invoice' ? 'Invoice' : 'Subscription',
}));

/** The form's boxes as the request: the amount as a number, an empty due date left to the terms. */
const toInput = (v: Values) => ({
  customerId: v.customerId,
  amount: v.amount.trim() === '' ? undefined : Number(v.amount),
  description: v.description,
  dueDate: v.dueDate || undefined,
  type: v.type,
});

/**
 * Send Payment Request (docs/billing-admin.md): customer, amount, description, due date (by default
 * the payment terms' from today) and type; Send is disabled until customer, amount and description are
 * set. The answer is the checkout link for the customer, shown to copy until emails are sent.
 */
export function PaymentRequestDialog({ open, onOpenChange }: DialogOpenProps) {
  const terms = useQuery(billingSettingsQuery);
  const termsDays = terms.data ? PAYMENT_TERMS_DAYS[terms.data.paymentTerms] : 30;
  const form = useSchemaForm({
    schema: paymentRequestInput,
    defaultValues: { customerId: '', amount: '', description: '', dueDate: '', type: 'invoice' } as Values,
    toInput,
  });
  // The terms' date, once they are known, unless the box was edited.
  const dueDirty = !!form.formState.dirtyFields.dueDate;
  useEffect(() => {
    if (!dueDirty) form.setValue('dueDate', dayFromToday(termsDays));
  }, [termsDays, dueDirty, form]);
  const [customerId, amount, description] = useWatch({
    control: form.control,
    name: ['customerId', 'amount', 'description'],
  });
  const [search, setSearch] = useState('');
  const matches = useQuery(
    subscriptionsQuery({ search: search || undefined, page: 1, pageSize: 20, sort: 'companyName' }),
  );
  const send = useSendPaymentRequest();
  const [sent, setSent] = useState<PaymentRequestSent | null>(null);

  const onSubmit = form.submit(
    async (input) => {
      const answer = await send.mutateAsync(input);
      setSent(answer);
      toast({ title: 'Payment Request Sent', description: answer.message, variant: 'success' });
    },
    (error, shownOnFields) => {
      if (!shownOnFields)
        toast({
          title: `Failed to send payment request: ${errorMessageOf(error, 'Please try again.')}`,
          variant: 'destructive',
        });
    },
  );

  const customerOptions = (matches.data?.items ?? []).map((c) => ({
    value: c.customerId,
    label: `${c.companyName} (${c.email})`,
  }));
  const ready = !!customerId && amount.trim() !== '' && description.trim() !== '';

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send Payment Request"
      description="The customer pays it by card at checkout; it is listed below with its state."
      submitLabel="Send Request"
      submitDisabled={!ready}
      pending={form.formState.isSubmitting}
      onSubmit={onSubmit}
      result={sent ? <RequestLinkResult title="Payment Request Sent" sent={sent} /> : undefined}
    >
      <div className="grid gap-2">
        <SearchBox
          value={search}
          onChange={setSearch}
          label="Find a customer"
          placeholder="Find by company, name or email…"
          className="sm:max-w-none"
        />
        <SelectField
          form={form}
          name="customerId"
          label="Customer"
          required
          placeholder={
            matches.isPending
              ? 'Loading customers…'
              : customerOptions.length
                ? 'Choose a customer'
                : 'No customer matches'
          }
          disabled={!customerOptions.length && !customerId}
          options={customerOptions}
        />
      </div>
      <FieldRow>
        <TextField
          form={form}
          name="amount"
          label="Amount ($)"
          required
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
        />
        <SelectField form={form} name="type" label="Type" options={TYPE_OPTIONS} />
      </FieldRow>
      <TextareaField form={form} name="description" label="Description" required rows={3} maxLength={500} />
      <TextField
        form={form}
        name="dueDate"
        label="Due date"
        type="date"
        description={
          terms.data
            ? `By default: the payment terms, ${PAYMENT_TERMS_LABELS[terms.data.paymentTerms]}.`
            : undefined
        }
        className="[&_input]:max-w-48"
      />
    </FormDialog>
  );
}
