import { useState } from 'react';
import type { StaffPayment } from '@shared/contracts/staff-payments';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { CopyableValue } from '@client/components/copyable-value';
import { DialogFrame } from '@client/components/dialog-frame';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { changeRow } from '@client/components/list/row-change';
import { formatUsd, payerOf, PAYMENT_TEXTS } from './payments-format';
import { useRetryPayment } from './transactions-api';

/**
 * Retry a failed payment (spec 3 §2): the server charges the card on file now, or, without one (or
 * for a declined checkout), issues a new payment link, shown here to copy until emails are sent.
 */
export function RetryDialog({ payment, open, onOpenChange }: DialogOpenProps & { payment: StaffPayment }) {
  const retry = useRetryPayment();
  const [link, setLink] = useState<string | null>(null);
  const payer = payerOf(payment);

  if (link) {
    const url = new URL(link, window.location.origin).toString();
    return (
      <DialogFrame
        open={open}
        onOpenChange={onOpenChange}
        title="New payment link"
        description={`${payer} has no card on file that can be charged. Send them this link to pay; it works for 7 days.`}
        width="xl"
      >
        <CopyableValue
          label="Payment link"
          value={url}
          copyLabel="Copy payment link"
          testId="retry-payment-link"
        />
      </DialogFrame>
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      variant="default"
      title="Retry this payment?"
      description={`${payer}: ${formatUsd(payment.amount)} for ${payment.description}. The card on file is charged now; without one, the customer gets a new payment link.`}
      confirmLabel="Retry payment"
      onConfirm={async () => {
        let answerLink: string | null = null;
        const made = await changeRow(() => retry.mutateAsync(payment.id), {
          done: (answer) => {
            answerLink = answer.paymentLink;
            return {
              title: PAYMENT_TEXTS.retried,
              description: answer.outcome === 'link' ? PAYMENT_TEXTS.retriedLink : answer.message,
              variant: 'success',
            };
          },
          failed: { title: PAYMENT_TEXTS.retryFailed, fallback: PAYMENT_TEXTS.retryFailedText },
        });
        if (!made) return;
        if (answerLink) setLink(answerLink);
        else onOpenChange(false);
      }}
    />
  );
}
