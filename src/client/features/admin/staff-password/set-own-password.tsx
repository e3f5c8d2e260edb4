import type { FieldErrors } from 'react-hook-form';
import { KeyRoundIcon, LoaderCircleIcon, LogOutIcon } from 'lucide-react';
import {
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_MISMATCH_TITLE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORD_TOO_SHORT_TITLE,
  staffChangePasswordRequest,
} from '@shared/contracts/staff-profile';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { IconBadge } from '@client/components/icon-badge';
import { PasswordChangeFields } from '@client/components/form/password-change-fields';
import { useSchemaForm, type SchemaForm } from '@client/components/form/use-schema-form';
import { PublicShell } from '@client/components/public-shell';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import type { StaffUser } from '@client/lib/staff-auth';
import { toast } from '@client/lib/toast';
import { useStaffPreferences } from '@client/lib/use-staff-preferences';
import { useSetOwnPassword } from './api';
import { SchemaFormElement } from '@client/components/form/schema-form-element';

/*
 * The set-your-password screen (issue 11, "Create user"; texts: docs/staff-profile.md): a member created
 * with a generated password signs in with it and sets their own before anything else. The admin shell
 * shows it in place of the header and tabs while the session says `isPasswordSet: false`, so nothing
 * else asks the server (which refuses every other staff call until then). Its own lazy chunk.
 */

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

const SUCCESS = { title: 'Password changed', description: 'Your password has been successfully updated' };
const FAILURE = { title: 'Password change failed', fallback: 'Failed to change password' };

/** The profile's two toasts for what the fields themselves say; they go once the member types again. */
function toastPasswordProblem(
  form: SchemaForm<Values, typeof staffChangePasswordRequest>,
  errors: FieldErrors<Values>,
) {
  const values = form.getValues();
  if (errors.newPassword && values.newPassword.length < PASSWORD_MIN_LENGTH) {
    form.toastUntilEdited({
      title: PASSWORD_TOO_SHORT_TITLE,
      description: PASSWORD_TOO_SHORT_MESSAGE,
      variant: 'destructive',
    });
  } else if (errors.confirmPassword && values.confirmPassword !== values.newPassword) {
    form.toastUntilEdited({
      title: PASSWORD_MISMATCH_TITLE,
      description: PASSWORD_MISMATCH_MESSAGE,
      variant: 'destructive',
    });
  }
}

/** Who is signed in, and Logout for someone who should not set this password. */
function SignedInAs({ email }: { email: string }) {
  return (
    <div className="mt-6 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-sm text-muted-foreground">
      <span>
        Signed in as <span className="break-all font-medium text-foreground">{email}</span>
      </span>
      <Button
        variant="link"
        size="sm"
        className="h-auto px-1 py-0 text-sm"
        onClick={() => {
          // A full browser navigation, as the shell's Logout.
          window.location.assign('/api/admin/logout');
        }}
      >
        <LogOutIcon aria-hidden="true" />
        Logout
      </Button>
    </div>
  );
}

/** The screen itself: the password change, and who is signed in. */
export default function SetOwnPassword({ user }: { user: StaffUser }) {
  // The shell's header, which applies the member's theme and timezone, is not shown here.
  useStaffPreferences(user);
  const form = useSchemaForm({ schema: staffChangePasswordRequest, defaultValues: EMPTY });
  const setOwn = useSetOwnPassword();
  const busy = form.formState.isSubmitting;

  const onSubmit = form.submit(
    async (input) => {
      // Resolves once the session has been asked again: the shell then replaces this screen.
      await setOwn.mutateAsync(input);
      toast({ ...SUCCESS, variant: 'success' });
    },
    FAILURE,
    (errors) => toastPasswordProblem(form, errors),
  );

  const firstName = user.firstName?.trim();
  return (
    <PublicShell>
      <Card className="w-full max-w-md" data-testid="set-own-password">
        <CardHeader className="items-center text-center">
          <IconBadge icon={KeyRoundIcon} size="lg" shape="circle" />
          <CardTitle asHeading="h1" className="mt-2 text-2xl">
            Set your password
          </CardTitle>
          <CardDescription>
            {firstName ? `Welcome, ${firstName}. ` : 'Welcome. '}
            You signed in with a password you were given: choose your own before you continue.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SchemaFormElement onSubmit={onSubmit} aria-label="Set your password">
            <PasswordChangeFields
              form={form}
              disabled={busy}
              autoFocus
              currentDescription="The password you were given, which you just signed in with."
            />
            <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy}>
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {busy ? 'Setting password...' : 'Set password'}
            </Button>
          </SchemaFormElement>
          <SignedInAs email={user.email} />
        </CardContent>
      </Card>
    </PublicShell>
  );
}
