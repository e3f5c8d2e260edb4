import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { MailWarningIcon } from 'lucide-react';
import { canOpenTab } from '@shared/roles';
import { MAIL_TRANSPORT_HOW_TO } from '@shared/contracts/mail-transport-feed';
import { mailTransportQuery } from '@client/lib/mail-transport';
import { useStaffAccess } from '@client/lib/use-staff-access';

/**
 * A staff notice shown while no mail transport is configured: every email (passwords, payment links,
 * receipts) waits in the outbox and nobody receives it, and how to configure one. Nothing once one is
 * (or while the answer loads). The admin dashboard and Communications show it.
 */
export function MailTransportNotice() {
  const transport = useQuery(mailTransportQuery);
  const { role } = useStaffAccess();
  if (!transport.data || transport.data.configured) return null;
  return (
    <div
      className="flex items-start gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm"
      role="status"
      data-testid="mail-transport-notice"
    >
      <MailWarningIcon className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-medium">No mail transport is configured: emails are not delivered.</p>
        <p className="text-muted-foreground">
          Passwords, payment links, receipts and alerts wait in the outbox and nobody receives them.{' '}
          {MAIL_TRANSPORT_HOW_TO}
        </p>
        {canOpenTab(role, 'emails') ? (
          <p>
            <Link href="/admin?tab=emails&view=outbox" className="font-medium underline underline-offset-4">
              See what waits in the outbox
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
