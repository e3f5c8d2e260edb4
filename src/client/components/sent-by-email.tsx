import type { ComponentProps, ReactNode } from 'react';
import { LoaderCircleIcon, MailCheckIcon, SendIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';

/**
 * Where a secret went instead of the screen (issue 14): "sent by email to x@y", and, where it makes
 * sense, Send again (which issues a new secret and emails it). Passwords and payment links are never
 * shown: the server does not answer them.
 */
export function SentByEmail({
  what,
  email,
  detail,
  onSendAgain,
  sending = false,
  testId = 'sent-by-email',
}: {
  /** What was sent ("A temporary password", "The payment link"). */
  what: string;
  email: string;
  /** One more sentence: what the recipient does with it. */
  detail?: string;
  /** Send again: a new secret, by email again. */
  onSendAgain?: () => void;
  sending?: boolean;
  testId?: string;
}) {
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border bg-muted/50 p-3 text-sm sm:flex-row sm:items-start"
      data-testid={testId}
      role="status"
    >
      <p className="flex min-w-0 flex-1 items-start gap-2">
        <MailCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        <span className="min-w-0">
          {what} was sent by email to <strong className="break-all">{email}</strong>.
          {detail ? <span className="text-muted-foreground"> {detail}</span> : null}
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
          {sending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          Send again
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A dialog's `result` after a save that sent a secret by email: its title and description, where the
 * secret went, and Done (the create-user, customer, fleet invite and payment request dialogs).
 */
export function SentByEmailResult({
  title,
  description,
  ...sent
}: ComponentProps<typeof SentByEmail> & { title: ReactNode; description: ReactNode }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <SentByEmail {...sent} />
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
