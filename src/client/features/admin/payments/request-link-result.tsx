import { CircleCheckIcon } from 'lucide-react';
import type { PaymentRequestSent } from '@shared/contracts/billing-admin';
import { CopyableValue } from '@client/components/copyable-value';
import { Button } from '@client/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { formatStaffDate } from '@client/lib/staff-dates';
import { absoluteLink, formatMoney } from './billing-format';

/**
 * What a sent request answered: until emails are sent (the email issue), the checkout link for staff
 * to hand on, with what it asks and until when it works.
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
          {formatStaffDate(`${sent.request.dueDate}T12:00:00Z`)}. Send this checkout link to{' '}
          {sent.request.companyName} ({sent.request.email}); it works until{' '}
          {formatStaffDate(sent.link.expiresAt)}.
        </DialogDescription>
      </DialogHeader>
      <CopyableValue
        label="Checkout link"
        value={absoluteLink(sent.link.url)}
        copyLabel="Copy checkout link"
        testId="payment-link"
        toasts={{ copied: { title: 'Link copied to clipboard', variant: 'success' } }}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
