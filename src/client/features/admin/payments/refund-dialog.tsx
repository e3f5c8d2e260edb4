import { useState } from 'react';
import { refundInput, type RefundInput, type StaffPayment } from '@shared/contracts/staff-payments';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FormDialog } from '@client/components/form/form-dialog';
import { TextareaField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { toast } from '@client/lib/toast';
import { formatMoney } from '@client/lib/format';
import { payerOf, PAYMENT_TEXTS } from './payments-format';
import { useRefundPayment } from './transactions-api';

type RefundValues = { amount: string; reason: string };

/**
 * Refund a completed payment (docs/staff-payments.md): the amount defaults to what is left unrefunded, which the
 * 'Maximum refund' hint shows; the reason is optional. The dialog sends one `requestKey` for as long
 * as it is open, so a second press (or a retry after a lost answer) is the same single refund.
 */
export function RefundDialog({ payment, ...dialog }: DialogOpenProps & { payment: StaffPayment }) {
  const [requestKey] = useState(() => crypto.randomUUID());
  const form = useSchemaForm({
    schema: refundInput,
    defaultValues: { amount: payment.refundable.toFixed(2), reason: '' } satisfies RefundValues,
    toInput: (values: RefundValues): Partial<RefundInput> => {
      const text = values.amount.trim().replace(/^\$/, '');
      return {
        amount: text === '' ? undefined : Number(text),
        reason: values.reason.trim() || undefined,
        requestKey,
      };
    },
  });
  const refund = useRefundPayment();
  const payer = payerOf(payment);

  const onSubmit = form.submit(
    async (input) => {
      await refund.mutateAsync({ id: payment.id, input });
      toast({
        title: PAYMENT_TEXTS.refunded,
        description: `${formatMoney(input.amount)} refunded to ${payer}.`,
        variant: 'success',
      });
      dialog.onOpenChange(false);
    },
    { title: PAYMENT_TEXTS.refundFailed, fallback: PAYMENT_TEXTS.refundFailedText, always: true },
  );

  return (
    <FormDialog
      {...dialog}
      title="Refund payment"
      description={`${payer}: ${payment.description}, ${formatMoney(payment.amount)}${payment.refunded > 0 ? ` (${formatMoney(payment.refunded)} refunded already)` : ''}.`}
      submitLabel="Process refund"
      onSubmit={onSubmit}
    >
      <TextField
        form={form}
        name="amount"
        label="Refund amount ($)"
        required
        type="number"
        inputMode="decimal"
        min={0.01}
        max={payment.refundable}
        step={0.01}
        description={`Maximum refund: ${formatMoney(payment.refundable)}`}
        className="[&_input]:max-w-40"
      />
      <TextareaField form={form} name="reason" label="Reason (optional)" rows={3} />
    </FormDialog>
  );
}
