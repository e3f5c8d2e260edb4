import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, Redirect } from 'wouter';
import { KeyRoundIcon, LoaderCircleIcon } from 'lucide-react';
import { FormNotice } from '@client/components/form-notice';
import { IconBadge } from '@client/components/icon-badge';
import { PasswordField } from '@client/components/form/form-fields';
import { PublicShell } from '@client/components/public-shell';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { readStoredCustomer } from '@client/lib/customer-password';
import { readCustomerToken } from '@client/lib/customer-session';
import { usePageTitle } from '@client/lib/use-page-title';
import { PasswordStrength } from './password-strength';
import { useChangePassword } from './use-change-password';

/*
 * `/change-password` (docs/customer-portal.md): the first-login screen where a customer replaces a temporary
 * password. Shown only when a customer token and record are stored locally; otherwise the customer
 * login. Success goes to /customer-dashboard (an old /dashboard path does not exist).
 */

const SUCCESS_MESSAGE = 'Password changed successfully! Redirecting to dashboard...';
const FAILURE_MESSAGE = 'Failed to change password. Please check your current password and try again.';

export default function ChangePasswordPage() {
  usePageTitle('Change Password');
  const [hasStoredSession] = useState(() => !!readCustomerToken() && !!readStoredCustomer());
  if (!hasStoredSession) return <Redirect to="/customer-login" replace />;
  return <ChangePasswordScreen />;
}

function ChangePasswordScreen() {
  const { form, status, onSubmit } = useChangePassword();
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const busy = form.formState.isSubmitting && status !== 'success';
  const done = status === 'success';

  return (
    <PublicShell>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <IconBadge icon={KeyRoundIcon} size="lg" shape="circle" />
          <CardTitle asHeading="h1" className="mt-2 text-2xl">
            Change Password
          </CardTitle>
          <CardDescription>Replace your temporary password with one only you know.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            className="grid gap-4"
            aria-label="Change password"
          >
            {status === 'error' ? <FormNotice>{FAILURE_MESSAGE}</FormNotice> : null}
            {done ? <FormNotice tone="success">{SUCCESS_MESSAGE}</FormNotice> : null}
            <PasswordField
              form={form}
              name="currentPassword"
              label="Current (temporary) password"
              fieldName="current password"
              autoComplete="current-password"
              autoFocus
              disabled={busy || done}
            />
            <div className="grid gap-2">
              <PasswordField
                form={form}
                name="newPassword"
                label="New password"
                fieldName="new password"
                autoComplete="new-password"
                disabled={busy || done}
                aria-describedby="password-strength"
              />
              <PasswordStrength id="password-strength" password={newPassword} />
            </div>
            <PasswordField
              form={form}
              name="confirmPassword"
              label="Confirm new password"
              fieldName="confirm password"
              autoComplete="new-password"
              disabled={busy || done}
            />
            <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy || done}>
              {busy || done ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {busy ? 'Changing password...' : done ? 'Redirecting...' : 'Change Password'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            <Link
              href="/customer-dashboard"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Back to your portal
            </Link>
          </p>
        </CardContent>
      </Card>
    </PublicShell>
  );
}
