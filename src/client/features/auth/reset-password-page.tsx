import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { z } from 'zod';
import { KeyRoundIcon } from 'lucide-react';
import { passwordResetConfirm, type PasswordResetDone } from '@shared/contracts/password-reset';
import { FormNotice } from '@client/components/form-notice';
import { PasswordBox } from '@client/components/form/password-box';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { Button } from '@client/components/ui/button';
import { errorMessageOf } from '@client/lib/api';
import { usePageTitle } from '@client/lib/use-page-title';
import { confirmPasswordReset, SIGN_IN_PATH } from './password-reset-api';
import { AuthForm } from './auth-form';
import { ResetCard } from './reset-card';

/** The new password twice; the password rules are the shared strong-password schema's. */
const schema = z
  .object({
    newPassword: passwordResetConfirm.shape.newPassword,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((d) => d.newPassword === d.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

/**
 * `/reset-password?token=...`: the page the reset email links to. One use, one hour; success ends
 * every session of the account and sends the "password changed" email (docs/password-reset.md).
 */
export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const form = useSchemaForm({ schema, defaultValues: { newPassword: '', confirmPassword: '' } });
  const [done, setDone] = useState<PasswordResetDone | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const onSubmit = form.submit(
    async ({ newPassword }) => {
      setRefused(null);
      setDone(await confirmPasswordReset(token, newPassword));
    },
    (error, shown) => {
      if (!shown) setRefused(errorMessageOf(error, 'The password could not be changed.'));
    },
  );

  return (
    <ResetCard
      icon={KeyRoundIcon}
      title="Choose a new password"
      description="Use 8+ characters with upper and lower case letters, a number and a symbol."
      link={done ? null : { href: '/forgot-password', label: 'Ask for a new link' }}
    >
      {done ? (
        <div className="grid gap-4">
          <FormNotice tone="success">{done.message}</FormNotice>
          <Button asChild size="lg" className="w-full">
            <Link href={SIGN_IN_PATH[done.accountType]}>Sign in</Link>
          </Button>
        </div>
      ) : !token ? (
        <FormNotice>This reset link is incomplete. Ask for a new one from the sign-in page.</FormNotice>
      ) : (
        <AuthForm
          label="Reset password"
          onSubmit={onSubmit}
          busy={busy}
          submitText={busy ? 'Saving...' : 'Set new password'}
        >
          {refused ? <FormNotice>{refused}</FormNotice> : null}
          <PasswordBox form={form} box="newPassword" autoFocus disabled={busy} />
          <PasswordBox form={form} box="confirmPassword" disabled={busy} />
        </AuthForm>
      )}
    </ResetCard>
  );
}
