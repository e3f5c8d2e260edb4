import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import {
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_MISMATCH_TITLE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORD_TOO_SHORT_TITLE,
  staffChangePasswordRequest,
} from '@shared/contracts/staff-profile';
import { SubmitButton } from '@client/components/form/form-dialog';
import { PasswordChangeFields } from '@client/components/form/password-change-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { toast } from '@client/lib/toast';
import { useChangeStaffPassword } from './api';
import { SessionsSection } from './sessions-section';
import { SchemaFormElement } from '@client/components/form/schema-form-element';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security: the password change (docs/staff-profile.md) and the member's sessions. */
export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <PasswordSection />
      <SessionsSection />
    </div>
  );
}

function PasswordSection() {
  const change = useChangeStaffPassword();
  const form = useSchemaForm({ schema: staffChangePasswordRequest, defaultValues: EMPTY });
  const busy = form.formState.isSubmitting;

  const onSubmit = form.submit(
    async (input) => {
      await change.mutateAsync(input);
      form.reset(EMPTY);
      toast({
        title: 'Password changed',
        description: 'Your password has been successfully updated',
        variant: 'success',
      });
    },
    { title: 'Password change failed', fallback: 'Failed to change password', always: true },
    // Two toasts, mismatch then too short, for what the fields themselves say (the messages stay under
    // the fields; docs/staff-profile.md).
    () => {
      const { newPassword: next, confirmPassword } = form.getValues();
      if (next && confirmPassword && next !== confirmPassword) {
        form.toastUntilEdited({
          title: PASSWORD_MISMATCH_TITLE,
          description: PASSWORD_MISMATCH_MESSAGE,
          variant: 'destructive',
        });
      } else if (next && next.length < PASSWORD_MIN_LENGTH) {
        form.toastUntilEdited({
          title: PASSWORD_TOO_SHORT_TITLE,
          description: PASSWORD_TOO_SHORT_MESSAGE,
          variant: 'destructive',
        });
      }
    },
  );

  return (
    <section aria-labelledby="profile-password-title" className="grid gap-3">
      <h3 id="profile-password-title" className="text-sm font-semibold">
        Change password
      </h3>
      <SchemaFormElement onSubmit={onSubmit} aria-labelledby="profile-password-title">
        <PasswordChangeFields form={form} disabled={busy} />
        <div className="flex justify-end">
          <SubmitButton pending={busy}>Change password</SubmitButton>
        </div>
      </SchemaFormElement>
    </section>
  );
}
