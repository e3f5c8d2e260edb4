import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { Trash2Icon } from 'lucide-react';
import { deleteAccountRequest } from '@shared/contracts/portal';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { PasswordField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { Button } from '@client/components/ui/button';
import { clearCustomerSession } from '@client/lib/customer-session';
import { toast } from '@client/lib/toast';
import { useDeleteAccount } from '../api';

/**
 * Delete Account: the password confirms it is really the customer (type to confirm). The server cancels
 * the subscription, deletes the account with its records and ends the session (audited).
 */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const remove = useDeleteAccount();
  const form = useSchemaForm({ schema: deleteAccountRequest, defaultValues: { password: '' } });
  const password = useWatch({ control: form.control, name: 'password' });
  const busy = form.formState.isSubmitting;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset();
  };

  const onSubmit = form.submit(
    async (input) => {
      const answer = await remove.mutateAsync(input.password);
      clearCustomerSession();
      queryClient.clear();
      toast({
        title: 'Account deleted',
        description: answer.message || 'Your account and its data have been deleted.',
      });
      navigate('/', { replace: true });
    },
    { title: 'Deletion Failed', fallback: 'Unable to delete your account. Please try again.' },
  );

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2Icon aria-hidden="true" />
        Delete Account
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Delete your account?"
        description={
          <>
            <p>
              Your subscription is cancelled at once and no further charges are made. Your account, vehicles,
              drivers, maintenance records, settings and saved cards are permanently deleted.
            </p>
            <p className="font-medium text-foreground">This cannot be undone.</p>
          </>
        }
        confirmLabel={busy ? 'Deleting...' : 'Delete Account'}
        onConfirm={() => onSubmit()}
        pending={busy}
        confirmDisabled={!password}
      >
        {/* A form of its own, so Enter in the password box confirms as the button does. */}
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <PasswordField
            form={form}
            name="password"
            label="Enter your password to confirm"
            autoComplete="current-password"
            disabled={busy}
          />
        </form>
      </ConfirmDialog>
    </>
  );
}
