import { CircleCheckIcon } from 'lucide-react';
import type { PaymentRequestSent } from '@shared/contracts/billing-admin';
import { SentByEmail } from '@client/components/sent-by-email';
import { Button } from '@client/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { formatStaffDate } from '@client/lib/staff-dates';
import { formatMoney } from './billing-format';

/**
 * What a sent request answered: what it asks, and where its checkout link went (by email to the
 * customer; the link is never shown to staff, issue 14) and until when it works.
 */
export function RequestLinkResult({ title, sent }: { title: string; sent: PaymentRequestSent }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <CircleCheckIcon className="size-5 text-success" aria-hidden="true" />
          {title}
        </DialogTitle>
        <DialogDescription>
          {formatMoney(sent.request.amount)} for {sent.request.description}, due{' '}
          {formatStaffDate(`${sent.request.dueDate}T12:00:00Z`)}. {sent.request.companyName} pays through the
          checkout link, which works until {formatStaffDate(sent.sentTo.linkExpiresAt)}.
        </DialogDescription>
      </DialogHeader>
      <SentByEmail what="The checkout link" email={sent.sentTo.email} testId="payment-link-sent" />
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
