import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Link, Redirect, useLocation } from 'wouter';
import { z } from 'zod';
import { KeyRoundIcon, LoaderCircleIcon } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { PASSWORD_RULES } from '@shared/contracts/auth';
import { changePasswordRequest } from '@shared/contracts/portal';
import { FormNotice } from '@client/components/form-notice';
import { IconBadge } from '@client/components/icon-badge';
import { PasswordField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { PublicShell } from '@client/components/public-shell';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { changeCustomerPassword, readStoredCustomer } from '@client/lib/customer-password';
import { readCustomerToken } from '@client/lib/customer-session';
import { usePageTitle } from '@client/lib/use-page-title';

/*
 * `/change-password` (docs/customer-portal.md): the first-login screen where a customer replaces a temporary
 * password. Shown only when a customer token and record are stored locally; otherwise the customer
 * login. Success goes to /customer-dashboard (an old /dashboard path does not exist).
 */

const SUCCESS_MESSAGE = 'Password changed successfully! Redirecting to dashboard...';
const FAILURE_MESSAGE = 'Failed to change password. Please check your current password and try again.';
/** Long enough to read the success message before the dashboard opens. */
const REDIRECT_DELAY_MS = 1500;

type Strength = 'Weak' | 'Medium' | 'Strong';

/** The five password rules met: <3 Weak, 3 Medium, 4+ Strong. */
function passwordStrength(password: string): Strength {
  const met = PASSWORD_RULES.filter((rule) => rule.test(password)).length;
  if (met >= 4) return 'Strong';
  if (met === 3) return 'Medium';
  return 'Weak';
}

const strengthStyle: Record<Strength, { bar: string; text: string; width: string }> = {
  Weak: { bar: 'bg-destructive', text: 'text-destructive', width: 'w-1/3' },
  Medium: { bar: 'bg-warning', text: 'text-warning', width: 'w-2/3' },
  Strong: { bar: 'bg-success', text: 'text-success', width: 'w-full' },
};

/*
 * A temporary password is replaced here: only the length is checked before sending (the server names
 * any other rule the new password breaks, under its field).
 */
const schema = z
  .object({
    currentPassword: changePasswordRequest.shape.currentPassword,
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_RULES[0].message),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((d) => !d.confirmPassword || d.newPassword === d.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export default function ChangePasswordPage() {
  usePageTitle('Change Password');
  const [hasStoredSession] = useState(() => !!readCustomerToken() && !!readStoredCustomer());
  if (!hasStoredSession) return <Redirect to="/customer-login" replace />;
  return <ChangePasswordScreen />;
}

function ChangePasswordScreen() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const [status, setStatus] = useState<'idle' | 'success' | 'error'>('idle');
  // Success shows its message, then the portal opens.
  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(() => navigate('/customer-dashboard'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  const strength = newPassword ? passwordStrength(newPassword) : null;

  const onSubmit = form.submit(
    async ({ currentPassword, newPassword }) => {
      if (status === 'success') return;
      const email = readStoredCustomer()?.email;
      if (!email) {
        setStatus('error');
        return;
      }
      setStatus('idle');
      await changeCustomerPassword({ email, currentPassword, newPassword });
      setStatus('success');
      await queryClient.invalidateQueries();
    },
    // The server's own field texts (wrong current password, a rule the new one breaks) are under the field.
    () => setStatus('error'),
  );

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
              <div id="password-strength" aria-live="polite" className="grid gap-1.5">
                <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  {strength ? (
                    <div
                      className={cn(
                        'h-full rounded-full transition-all',
                        strengthStyle[strength].bar,
                        strengthStyle[strength].width,
                      )}
                    />
                  ) : null}
                </div>
                {/* Two lines at every width: the rating, then the hint (one run-on line read as one). */}
                <p
                  data-testid="password-strength-line"
                  className="flex flex-wrap items-baseline gap-x-1 text-xs text-muted-foreground"
                >
                  <span>Password strength:</span>{' '}
                  <span
                    data-testid="password-strength"
                    className={cn('font-medium', strength ? strengthStyle[strength].text : '')}
                  >
                    {strength ?? 'Not entered'}
                  </span>
                </p>
                <p data-testid="password-strength-hint" className="text-xs text-muted-foreground">
                  Use 8+ characters with upper and lower case letters, a number and a symbol.
                </p>
              </div>
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
