import { useState } from 'react';
import type { EmailDelivery } from '@shared/contracts/email-delivery';
import type { StaffPayment } from '@shared/contracts/staff-payments';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { SentByEmail } from '@client/components/sent-by-email';
import { DialogFrame } from '@client/components/dialog-frame';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { changeRow } from '@client/components/list/row-change';
import { formatMoney } from '@client/lib/format';
import { payerOf, PAYMENT_TEXTS } from './payments-format';
import { useRetryPayment } from './transactions-api';

/**
 * Retry a failed payment (docs/staff-payments.md): the server charges the card on file now, or, without one (or
 * for a declined checkout), issues a new payment link and emails it to the customer (never shown here).
 */
export function RetryDialog({ payment, ...dialog }: DialogOpenProps & { payment: StaffPayment }) {
  const retry = useRetryPayment();
  const [sent, setSent] = useState<EmailDelivery | null>(null);
  const payer = payerOf(payment);

  if (sent) {
    return (
      <DialogFrame
        {...dialog}
        title="New payment link"
        description={`${payer} has no card on file that can be charged. They pay through a new link, which works for 7 days.`}
        width="xl"
      >
        <SentByEmail what="The new payment link" delivery={sent} staff testId="retry-link-sent" />
      </DialogFrame>
    );
  }

  return (
    <ConfirmDialog
      {...dialog}
      variant="default"
      title="Retry this payment?"
      description={`${payer}: ${formatMoney(payment.amount)} for ${payment.description}. The card on file is charged now; without one, the customer gets a new payment link.`}
      confirmLabel="Retry payment"
      onConfirm={async () => {
        let delivery: EmailDelivery | null = null;
        const made = await changeRow(() => retry.mutateAsync(payment.id), {
          done: (answer) => {
            delivery = answer.delivery;
            const linkSent = answer.outcome === 'link' && answer.delivery?.status === 'sent';
            return {
              title: PAYMENT_TEXTS.retried,
              // "will receive a new payment link" only once the email went; otherwise the server's message.
              description: linkSent ? PAYMENT_TEXTS.retriedLink : answer.message,
              variant: 'success',
            };
          },
          failed: { title: PAYMENT_TEXTS.retryFailed, fallback: PAYMENT_TEXTS.retryFailedText },
        });
        if (!made) return;
        if (delivery) setSent(delivery);
        else dialog.onOpenChange(false);
      }}
    />
  );
}
