import { useState } from 'react';
import type { StaffPayment } from '@shared/contracts/staff-payments';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { SentByEmail } from '@client/components/sent-by-email';
import { DialogFrame } from '@client/components/dialog-frame';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { changeRow } from '@client/components/list/row-change';
import { formatUsd, payerOf, PAYMENT_TEXTS } from './payments-format';
import { useRetryPayment } from './transactions-api';

/**
 * Retry a failed payment (spec 3 §2): the server charges the card on file now, or, without one (or
 * for a declined checkout), issues a new payment link and emails it to the customer (never shown here).
 */
export function RetryDialog({ payment, open, onOpenChange }: DialogOpenProps & { payment: StaffPayment }) {
  const retry = useRetryPayment();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const payer = payerOf(payment);

  if (sentTo) {
    return (
      <DialogFrame
        open={open}
        onOpenChange={onOpenChange}
        title="New payment link"
        description={`${payer} has no card on file that can be charged. They pay through a new link, which works for 7 days.`}
        width="xl"
      >
        <SentByEmail what="The new payment link" email={sentTo} testId="retry-link-sent" />
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
        let answerSentTo: string | null = null;
        const made = await changeRow(() => retry.mutateAsync(payment.id), {
          done: (answer) => {
            answerSentTo = answer.sentTo;
            return {
              title: PAYMENT_TEXTS.retried,
              description: answer.outcome === 'link' ? PAYMENT_TEXTS.retriedLink : answer.message,
              variant: 'success',
            };
          },
          failed: { title: PAYMENT_TEXTS.retryFailed, fallback: PAYMENT_TEXTS.retryFailedText },
        });
        if (!made) return;
        if (answerSentTo) setSentTo(answerSentTo);
        else onOpenChange(false);
      }}
    />
  );
}
