import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'wouter';
import { MailCheckIcon, MailWarningIcon, MailXIcon, SendIcon } from 'lucide-react';
import { canOpenTab } from '@shared/roles';
import { deliverySentence, type EmailDelivery } from '@shared/contracts/email-delivery';
import { MAIL_TRANSPORT_HOW_TO } from '@shared/contracts/mail-transport-feed';
import { Button } from '@client/components/ui/button';
import { DialogResult } from '@client/components/dialog-result';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { BusyIcon } from '@client/components/busy-icon';

/** The report for an email that was not sent (the server answered none): said as skipped. */
export const skippedDelivery = (to: string): EmailDelivery => ({
  to,
  status: 'skipped',
  outboxId: null,
  transportConfigured: false,
  error: null,
});

/** The staff outbox opened on one message (Communications → Outbox). */
export const outboxMessageHref = (id: string) => `/admin?tab=emails&view=outbox&message=${id}`;

/**
 * What became of an email that carried a secret (a password, a payment link; issue 14 and issue 24):
 * the server's delivery report, said truthfully. Sent: the green check. Queued (no mail transport, or
 * refused for now) or failed: a warning with the reason, and for staff who may open Communications a
 * one-click link to the message in the outbox. Customers (`staff` false) never get the link. Send again,
 * where it makes sense, issues a new secret and emails it. The secret itself is never shown.
 */
export function SentByEmail({
  what,
  delivery,
  detail,
  staff = false,
  onSendAgain,
  sending = false,
  testId = 'sent-by-email',
}: {
  /** What was sent ("The temporary password", "The payment link"). */
  what: string;
  delivery: EmailDelivery;
  /** One more sentence: what the recipient does with it (shown once it was sent). */
  detail?: string;
  /** A staff screen: offers the outbox link (to those whose role opens Communications). */
  staff?: boolean;
  /** Send again: a new secret, by email again. */
  onSendAgain?: () => void;
  sending?: boolean;
  testId?: string;
}) {
  const sent = delivery.status === 'sent';
  const Icon = sent ? MailCheckIcon : delivery.status === 'queued' ? MailWarningIcon : MailXIcon;
  const tone = sent ? 'text-success' : delivery.status === 'queued' ? 'text-warning' : 'text-destructive';
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border bg-muted/50 p-3 text-sm sm:flex-row sm:items-start"
      data-testid={testId}
      data-status={delivery.status}
      role="status"
    >
      <p className="flex min-w-0 flex-1 items-start gap-2">
        <Icon className={`mt-0.5 size-4 shrink-0 ${tone}`} aria-hidden="true" />
        <span className="min-w-0 break-words">
          {deliverySentence(what, delivery)}
          {sent && detail ? <span className="text-muted-foreground"> {detail}</span> : null}
          {!sent && !delivery.transportConfigured && staff ? (
            <span className="text-muted-foreground"> {MAIL_TRANSPORT_HOW_TO}</span>
          ) : null}
          {!sent && staff && delivery.outboxId ? <OutboxLink id={delivery.outboxId} /> : null}
        </span>
      </p>
      {onSendAgain ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="shrink-0"
          onClick={onSendAgain}
          disabled={sending}
        >
          <BusyIcon busy={sending} icon={SendIcon} />
          Send again
        </Button>
      ) : null}
    </div>
  );
}

/** The message in the outbox, for a member whose role opens Communications. */
function OutboxLink({ id }: { id: string }) {
  const { role } = useStaffAccess();
  if (!canOpenTab(role, 'emails')) return null;
  return (
    <>
      {' '}
      <Link href={outboxMessageHref(id)} className="font-medium underline underline-offset-4">
        Open it in the outbox
      </Link>
    </>
  );
}

/**
 * A dialog's `result` after a save that emailed a secret: its title and description, what became of
 * the email, and Done (the create-user, customer, fleet invite and payment request dialogs).
 */
export function SentByEmailResult({
  title,
  description,
  ...sent
}: ComponentProps<typeof SentByEmail> & { title: ReactNode; description: ReactNode }) {
  return (
    <DialogResult title={title} description={description} closeLabel="Done">
      <SentByEmail {...sent} />
    </DialogResult>
  );
}

/** A toast's text and tone for a save that emailed a secret (the edit dialogs, Send again). */
export function deliveryToast(what: string, delivery: EmailDelivery) {
  return {
    description: deliverySentence(what, delivery),
    variant: delivery.status === 'sent' ? ('success' as const) : ('default' as const),
  };
}
