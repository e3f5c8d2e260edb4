import { newTicketInput, type MyTicketDetail, type NewTicketInput } from '@shared/contracts/support';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FormDialog } from '@client/components/form/form-dialog';
import { SelectField, TextareaField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { toast } from '@client/lib/toast';
import { CATEGORY_CHOICES } from './support-texts';
import { useOpenTicket } from './api';

/** The new-ticket form: subject, category and what is wrong. */
export function NewTicketDialog({
  onOpened,
  ...dialog
}: DialogOpenProps & { onOpened: (ticket: MyTicketDetail) => void }) {
  const save = useOpenTicket();
  const form = useSchemaForm<NewTicketInput, typeof newTicketInput>({
    schema: newTicketInput,
    defaultValues: { subject: '', description: '', category: 'technical' },
  });
  const onSubmit = form.submit(
    async (input) => {
      const ticket = await save.mutateAsync(input);
      toast({
        title: `Ticket #${ticket.number} opened`,
        description: 'Our support team will reply here and by email.',
        variant: 'success',
      });
      form.reset();
      onOpened(ticket);
    },
    { title: 'Ticket not opened', fallback: 'The ticket could not be sent. Please try again.' },
  );
  return (
    <FormDialog
      {...dialog}
      title="Contact support"
      description="Tell us what you need: we reply within 24 hours, here and by email."
      submitLabel="Open ticket"
      onSubmit={onSubmit}
    >
      <TextField form={form} name="subject" label="Subject" required maxLength={200} />
      <SelectField form={form} name="category" label="Category" options={CATEGORY_CHOICES} required />
      <TextareaField form={form} name="description" label="Description" required rows={6} />
    </FormDialog>
  );
}
