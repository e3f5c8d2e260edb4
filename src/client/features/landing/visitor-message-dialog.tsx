import { useState } from 'react';
import {
  VISITOR_MESSAGE_SENT,
  visitorMessageInput,
  type VisitorMessageInput,
} from '@shared/contracts/contact';
import { MESSAGE_MAX } from '@shared/contracts/support';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { TextareaField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { DialogResult } from '@client/components/dialog-result';
import { sendVisitorMessage } from './api';

const EMPTY: VisitorMessageInput = { name: '', email: '', message: '' };

/**
 * "Message our support team" on the landing page, for anyone, with or without an account: the message
 * becomes a ticket in the staff Support Center, answered by email (docs/support.md, "Visitors").
 * Lazy-loaded, like the sign-up dialog.
 */
export default function VisitorMessageDialog({ open, onOpenChange }: DialogOpenProps) {
  const [sent, setSent] = useState<number | null>(null);
  const form = useSchemaForm<VisitorMessageInput, typeof visitorMessageInput>({
    schema: visitorMessageInput,
    defaultValues: EMPTY,
  });
  const close = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY);
      setSent(null);
    }
    onOpenChange(next);
  };
  const onSubmit = form.submit(
    async (input) => {
      const answer = await sendVisitorMessage(input);
      setSent(answer.ticketNumber);
    },
    {
      title: 'Message not sent',
      fallback: 'Your message could not be sent. Please try again.',
      always: true,
    },
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Message our support team"
      description="No account needed. Your message opens a ticket with our support team, and we answer at the email address you give."
      submitLabel="Send message"
      onSubmit={onSubmit}
      result={
        sent === null ? undefined : (
          <DialogResult
            title="Message sent"
            description={`${VISITOR_MESSAGE_SENT} Your reference is #${sent}.`}
            status
            closeLabel="Close"
          />
        )
      }
    >
      <FieldRow>
        <TextField form={form} name="name" label="Your name" autoComplete="name" required maxLength={100} />
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" required />
      </FieldRow>
      <TextareaField form={form} name="message" label="Message" rows={5} required maxLength={MESSAGE_MAX} />
    </FormDialog>
  );
}
