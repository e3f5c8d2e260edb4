import { useState } from 'react';
import { useSearch } from 'wouter';
import { MailIcon } from 'lucide-react';
import { passwordResetRequest, type PasswordResetAccountType } from '@shared/contracts/password-reset';
import { FormNotice } from '@client/components/form-notice';
import { TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { usePageTitle } from '@client/lib/use-page-title';
import { requestPasswordReset, SIGN_IN_PATH } from './password-reset-api';
import { AuthForm } from './auth-form';
import { ResetCard } from './reset-card';

/**
 * `/forgot-password` ("Forgot password?" on /customer-login, and on /admin-login with `?kind=staff`):
 * asks for the address and says the same thing whether or not it has an account (docs/password-reset.md).
 */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const params = new URLSearchParams(useSearch());
  const accountType: PasswordResetAccountType = params.get('kind') === 'staff' ? 'staff' : 'customer';
  const form = useSchemaForm({
    schema: passwordResetRequest,
    defaultValues: { email: params.get('email') ?? '', accountType },
  });
  const [sent, setSent] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const onSubmit = form.submit(
    async ({ email }) => {
      setSent((await requestPasswordReset(email, accountType)).message);
    },
    { title: 'Could not send the link', fallback: 'Please try again in a moment.' },
  );

  return (
    <ResetCard
      icon={MailIcon}
      title="Forgot your password?"
      description={`Enter the email address of your ${accountType === 'staff' ? 'staff ' : ''}account and we will email you a link to choose a new password.`}
      link={{ href: SIGN_IN_PATH[accountType], label: 'Back to sign in' }}
    >
      {sent ? (
        <FormNotice tone="success">{sent}</FormNotice>
      ) : (
        <AuthForm
          label="Forgot password"
          onSubmit={onSubmit}
          busy={busy}
          submitText={busy ? 'Sending...' : 'Email me a reset link'}
        >
          <TextField
            form={form}
            name="email"
            label="Email"
            type="email"
            autoComplete={accountType === 'staff' ? 'username' : 'email'}
            autoFocus
            disabled={busy}
          />
        </AuthForm>
      )}
    </ResetCard>
  );
}
