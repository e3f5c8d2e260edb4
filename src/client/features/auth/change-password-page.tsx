import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Redirect } from 'wouter';
import { KeyRoundIcon } from 'lucide-react';
import { FormNotice } from '@client/components/form-notice';
import { PasswordBox } from '@client/components/form/password-box';
import { readStoredCustomer } from '@client/lib/customer-password';
import { readCustomerToken } from '@client/lib/customer-session';
import { usePageTitle } from '@client/lib/use-page-title';
import { AuthForm } from './auth-form';
import { PasswordStrength } from './password-strength';
import { ResetCard } from './reset-card';
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
    <ResetCard
      icon={KeyRoundIcon}
      title="Change Password"
      description="Replace your temporary password with one only you know."
      link={{ href: '/customer-dashboard', label: 'Back to your portal' }}
    >
      <AuthForm
        label="Change password"
        onSubmit={onSubmit}
        busy={busy || done}
        submitText={busy ? 'Changing password...' : done ? 'Redirecting...' : 'Change Password'}
      >
        {status === 'error' ? <FormNotice>{FAILURE_MESSAGE}</FormNotice> : null}
        {done ? <FormNotice tone="success">{SUCCESS_MESSAGE}</FormNotice> : null}
        <PasswordBox
          form={form}
          box="currentPassword"
          label="Current (temporary) password"
          autoFocus
          disabled={busy || done}
        />
        <div className="grid gap-2">
          <PasswordBox
            form={form}
            box="newPassword"
            disabled={busy || done}
            aria-describedby="password-strength"
          />
          <PasswordStrength id="password-strength" password={newPassword} />
        </div>
        <PasswordBox form={form} box="confirmPassword" disabled={busy || done} />
      </AuthForm>
    </ResetCard>
  );
}
