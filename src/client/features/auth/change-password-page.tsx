import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Redirect, useLocation } from 'wouter';
import { AlertCircleIcon, CheckCircle2Icon, KeyRoundIcon, LoaderCircleIcon, TruckIcon } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Field } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { fieldErrorsOf } from '@client/lib/api';
import { getAppName } from '@client/lib/app-name';
import { cn } from '@client/lib/cn';
import { changeCustomerPassword, readStoredCustomer } from '@client/lib/customer-password';
import { readCustomerToken } from '@client/lib/customer-session';
import { usePageTitle } from '@client/lib/use-page-title';

/*
 * `/change-password` (spec 1 §2, rules §5): the first-login screen where a customer replaces a temporary
 * password. Shown only when a customer token and record are stored locally; otherwise the customer
 * login. Success goes to /customer-dashboard (DECISIONS.md: the spec's /dashboard does not exist).
 */

const SUCCESS_MESSAGE = 'Password changed successfully! Redirecting to dashboard...';
const FAILURE_MESSAGE = 'Failed to change password. Please check your current password and try again.';
/** Long enough to read the success message before the dashboard opens. */
const REDIRECT_DELAY_MS = 1500;

type Errors = { currentPassword?: string; newPassword?: string; confirmPassword?: string };
type Strength = 'Weak' | 'Medium' | 'Strong';

/** Five criteria (8+ length, upper, lower, digit, non-alphanumeric): <3 Weak, 3 Medium, 4+ Strong. */
function passwordStrength(password: string): Strength {
  const met = [
    password.length >= PASSWORD_MIN_LENGTH,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /[0-9]/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
  if (met >= 4) return 'Strong';
  if (met === 3) return 'Medium';
  return 'Weak';
}

const strengthStyle: Record<Strength, { bar: string; text: string; width: string }> = {
  Weak: { bar: 'bg-destructive', text: 'text-destructive', width: 'w-1/3' },
  Medium: { bar: 'bg-warning', text: 'text-warning', width: 'w-2/3' },
  Strong: { bar: 'bg-success', text: 'text-success', width: 'w-full' },
};

function validate(current: string, next: string, confirm: string): Errors {
  const errors: Errors = {};
  if (!current) errors.currentPassword = 'Current password is required';
  if (next.length < PASSWORD_MIN_LENGTH) errors.newPassword = 'Password must be at least 8 characters';
  if (!confirm) errors.confirmPassword = 'Please confirm your password';
  else if (next !== confirm) errors.confirmPassword = "Passwords don't match";
  return errors;
}

export default function ChangePasswordPage() {
  usePageTitle('Change Password');
  const [hasStoredSession] = useState(() => !!readCustomerToken() && !!readStoredCustomer());
  if (!hasStoredSession) return <Redirect to="/customer-login" replace />;
  return <ChangePasswordScreen />;
}

function ChangePasswordScreen() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<'idle' | 'busy' | 'success' | 'error'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const strength = newPassword ? passwordStrength(newPassword) : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'busy' || status === 'success') return;
    const found = validate(currentPassword, newPassword, confirmPassword);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const email = readStoredCustomer()?.email;
    if (!email) {
      setStatus('error');
      return;
    }
    setStatus('busy');
    try {
      await changeCustomerPassword({ email, currentPassword, newPassword });
      setStatus('success');
      await queryClient.invalidateQueries();
      timer.current = window.setTimeout(() => navigate('/customer-dashboard'), REDIRECT_DELAY_MS);
    } catch (error) {
      // The server's own field texts (wrong current password, a rule the new one breaks) go under the field.
      const fields = fieldErrorsOf(error);
      setErrors({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
      setStatus('error');
    }
  };

  const busy = status === 'busy';
  const done = status === 'success';

  return (
    <div className="flex min-h-dvh flex-col bg-muted/40 text-foreground">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link
          href="/"
          className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <TruckIcon className="size-4.5" aria-hidden="true" />
          </span>
          {getAppName()}
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        <Card className="w-full max-w-md">
          <CardHeader className="items-center text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <KeyRoundIcon className="size-6" aria-hidden="true" />
            </span>
            <CardTitle asHeading="h1" className="mt-2 text-2xl">
              Change Password
            </CardTitle>
            <CardDescription>Replace your temporary password with one only you know.</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Change password">
              {status === 'error' ? (
                <div
                  role="alert"
                  className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
                >
                  <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>{FAILURE_MESSAGE}</span>
                </div>
              ) : null}
              {done ? (
                <div
                  role="status"
                  className="flex items-start gap-2 rounded-md border border-success/40 bg-success/10 p-3 text-sm text-success"
                >
                  <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>{SUCCESS_MESSAGE}</span>
                </div>
              ) : null}
              <Field label="Current (temporary) password" error={errors.currentPassword}>
                <PasswordInput
                  fieldName="current password"
                  name="currentPassword"
                  autoComplete="current-password"
                  autoFocus
                  value={currentPassword}
                  disabled={busy || done}
                  onChange={(event) => {
                    setCurrentPassword(event.target.value);
                    setErrors((e) => ({ ...e, currentPassword: undefined }));
                  }}
                />
              </Field>
              <div className="grid gap-2">
                <Field label="New password" error={errors.newPassword}>
                  <PasswordInput
                    fieldName="new password"
                    name="newPassword"
                    autoComplete="new-password"
                    value={newPassword}
                    disabled={busy || done}
                    aria-describedby="password-strength"
                    onChange={(event) => {
                      setNewPassword(event.target.value);
                      setErrors((e) => ({ ...e, newPassword: undefined }));
                    }}
                  />
                </Field>
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
                  <p className="text-xs text-muted-foreground">
                    Password strength:{' '}
                    <span
                      data-testid="password-strength"
                      className={cn('font-medium', strength ? strengthStyle[strength].text : '')}
                    >
                      {strength ?? 'Not entered'}
                    </span>
                    <span className="block sm:inline">
                      {' '}
                      Use 8+ characters with upper and lower case letters, a number and a symbol.
                    </span>
                  </p>
                </div>
              </div>
              <Field label="Confirm new password" error={errors.confirmPassword}>
                <PasswordInput
                  fieldName="confirm password"
                  name="confirmPassword"
                  autoComplete="new-password"
                  value={confirmPassword}
                  disabled={busy || done}
                  onChange={(event) => {
                    setConfirmPassword(event.target.value);
                    setErrors((e) => ({ ...e, confirmPassword: undefined }));
                  }}
                />
              </Field>
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
      </main>
    </div>
  );
}
