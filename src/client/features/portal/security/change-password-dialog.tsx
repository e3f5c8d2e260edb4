import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CheckIcon, XIcon } from 'lucide-react';
import { changePasswordRequest } from '@shared/contracts/portal';
import { FormDialog } from '@client/components/form/form-dialog';
import { meetsPasswordRules } from '@client/components/password-rules-checklist';
import { PasswordChangeFields } from '@client/components/form/password-change-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { cn } from '@client/lib/cn';
import { changeCustomerPassword } from '@client/lib/customer-password';
import { toast } from '@client/lib/toast';
import { usePortalCustomer } from '../use-portal-customer';

/*
 * The portal's Change Password dialog (docs/customer-portal.md): a live requirement checklist and
 * a match indicator; Update Password stays disabled until all three fields are filled, match and meet
 * every rule. The call is shared with /change-password (lib/customer-password.ts).
 */

const MISMATCH = 'New passwords do not match.';
const UNKNOWN_CUSTOMER = 'Unable to identify customer. Please refresh and try again.';

const schema = changePasswordRequest
  .safeExtend({ confirmPassword: z.string() })
  .refine((d) => d.newPassword === d.confirmPassword, { message: MISMATCH, path: ['confirmPassword'] });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export default function ChangePasswordDialog({ open, onOpenChange }: DialogOpenProps) {
  const { email } = usePortalCustomer();
  const form = useSchemaForm({ schema, defaultValues: EMPTY });
  const [currentPassword, newPassword, confirmPassword] = useWatch({
    control: form.control,
    name: ['currentPassword', 'newPassword', 'confirmPassword'],
  });
  const busy = form.formState.isSubmitting;

  const allFilled = !!currentPassword && !!newPassword && !!confirmPassword;
  const matches = !!confirmPassword && newPassword === confirmPassword;
  const canSubmit = allFilled && matches && meetsPasswordRules(newPassword);
  const confirmError = form.formState.errors.confirmPassword;

  const changeOpen = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };

  const onSubmit = form.submit(
    async ({ currentPassword, newPassword }) => {
      if (!email) {
        toast({ title: 'Error', description: UNKNOWN_CUSTOMER, variant: 'destructive' });
        return;
      }
      await changeCustomerPassword({ email, currentPassword, newPassword });
      toast({
        title: 'Password Updated',
        description: 'Your password has been changed successfully.',
        variant: 'success',
      });
      changeOpen(false);
    },
    {
      title: 'Unable to update password. Please try again.',
      fallback: 'Failed to update password.',
      always: true,
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      title="Change Password"
      description="Enter your current password, then choose a new one. Other devices signed in to your account will be signed out."
      submitLabel={busy ? 'Updating...' : 'Update Password'}
      submitDisabled={!canSubmit}
      onSubmit={onSubmit}
      width="md"
    >
      <PasswordChangeFields
        form={form}
        disabled={busy}
        afterConfirm={
          confirmPassword && !confirmError ? (
            <p
              aria-live="polite"
              data-testid="password-match"
              className={cn('flex items-center gap-2 text-sm', matches ? 'text-success' : 'text-destructive')}
            >
              {matches ? (
                <CheckIcon className="size-4" aria-hidden="true" />
              ) : (
                <XIcon className="size-4" aria-hidden="true" />
              )}
              {matches ? 'Passwords match' : MISMATCH}
            </p>
          ) : null
        }
      />
    </FormDialog>
  );
}
