import { updateBillingEmailRequest } from '@shared/contracts/portal';
import { FormDialog } from '@client/components/form/form-dialog';
import { TextField } from '@client/components/form/form-fields';
import { saveAndClose } from '@client/components/form/save-and-close';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { useUpdateBillingEmail } from '../api';

const schema = updateBillingEmailRequest.pick({ newBillingEmail: true });

/** Update Billing Email: where invoices and receipts are sent. */
export function BillingEmailDialog({
  email,
  currentBillingEmail,
  ...dialog
}: DialogOpenProps & {
  email: string;
  currentBillingEmail: string;
}) {
  const update = useUpdateBillingEmail(email);
  const form = useSchemaForm({ schema, defaultValues: { newBillingEmail: currentBillingEmail } });

  const onSubmit = form.submit(
    saveAndClose(
      ({ newBillingEmail }) => update.mutateAsync(newBillingEmail),
      ({ newBillingEmail }, result) => ({
        title: 'Billing Email Updated',
        description: result.message ?? `Invoices will be sent to ${newBillingEmail}.`,
      }),
      dialog.onOpenChange,
    ),
    {
      title: 'Update Failed',
      fallback: 'Your billing email could not be updated. Please try again.',
      always: true,
    },
  );

  return (
    <FormDialog
      {...dialog}
      title="Update Billing Email"
      description="Invoices and payment receipts are sent to this address."
      submitLabel="Update Email"
      onSubmit={onSubmit}
    >
      <TextField
        form={form}
        name="newBillingEmail"
        label="Billing email"
        type="email"
        autoComplete="email"
        required
      />
    </FormDialog>
  );
}
