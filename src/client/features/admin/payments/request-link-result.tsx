import { CircleCheckIcon } from 'lucide-react';
import type { PaymentRequestSent } from '@shared/contracts/billing-admin';
import { SentByEmailResult } from '@client/components/sent-by-email';
import { formatStaffDate } from '@client/lib/staff-dates';
import { formatMoney } from '@client/lib/format';

/**
 * What a sent request answered: what it asks, and where its checkout link went (by email to the
 * customer; the link is never shown to staff, issue 14) and until when it works.
 */
export function RequestLinkResult({ title, sent }: { title: string; sent: PaymentRequestSent }) {
  return (
    <SentByEmailResult
      title={
        <span className="flex items-center gap-2">
          <CircleCheckIcon className="size-5 text-success" aria-hidden="true" />
          {title}
        </span>
      }
      description={
        <>
          {formatMoney(sent.request.amount)} for {sent.request.description}, due{' '}
          {formatStaffDate(`${sent.request.dueDate}T12:00:00Z`)}. {sent.request.companyName} pays through the
          checkout link, which works until {formatStaffDate(sent.sentTo.linkExpiresAt)}.
        </>
      }
      what="The checkout link"
      delivery={sent.delivery}
      staff
      testId="payment-link-sent"
    />
  );
}
