import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  PAYMENT_TERMS_LABELS,
  paymentRequestInput,
  type PaymentRequestSent,
} from '@shared/contracts/billing-admin';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { SelectField, TextareaField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useSendPaymentRequest } from './billing-api';
import { RequestLinkResult } from './request-link-result';
import { useTermsDueDate } from './use-terms-due-date';
import { RequestCustomerField } from './request-customer-field';
import { EMPTY_REQUEST, TYPE_OPTIONS, toInput } from './payment-request-values';
import { AMOUNT_INPUT } from '@client/components/form/amount-input';

/**
 * Send Payment Request (docs/billing-admin.md): customer, amount, description, due date (by default
 * the payment terms' from today) and type; Send is disabled until customer, amount and description are
 * set. The answer is the checkout link for the customer, shown to copy until emails are sent.
 */
export function PaymentRequestDialog(dialog: DialogOpenProps) {
  const form = useSchemaForm({
    schema: paymentRequestInput,
    defaultValues: EMPTY_REQUEST,
    toInput,
  });
  const terms = useTermsDueDate(form);
  const [customerId, amount, description] = useWatch({
    control: form.control,
    name: ['customerId', 'amount', 'description'],
  });
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

  const ready = !!customerId && amount.trim() !== '' && description.trim() !== '';

  return (
    <FormDialog
      {...dialog}
      title="Send Payment Request"
      description="The customer pays it by card at checkout; it is listed below with its state."
      submitLabel="Send Request"
      submitDisabled={!ready}
      onSubmit={onSubmit}
      result={sent ? <RequestLinkResult title="Payment Request Sent" sent={sent} /> : undefined}
    >
      <RequestCustomerField form={form} customerId={customerId} />
      <FieldRow>
        <TextField form={form} name="amount" label="Amount ($)" {...AMOUNT_INPUT} />
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
