import { useState, type ComponentProps } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { z } from 'zod';
import { ArrowLeftIcon, CircleAlertIcon, EyeIcon, EyeOffIcon, ShieldCheckIcon } from 'lucide-react';
import { loginRequest, type LoginRequest } from '@shared/contracts/auth';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { getAppName } from '@client/lib/app-name';
import { cn } from '@client/lib/cn';
import { STAFF_USER_QUERY_KEY } from '@client/lib/staff-auth';
import { toast } from '@client/lib/toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { signInStaff } from './api';

/** Spec 2 §8 sign-in texts (used when the server sends no message of its own). */
const TEXTS = {
  noAccount: 'No account found with this email address',
  wrongPassword: 'Incorrect password',
  generalFailure: 'Invalid email or password',
  failureToastTitle: 'Login failed',
  failureToastText: 'Please check your credentials and try again',
  connectionError: 'Connection error. Please try again.',
  missingTitle: 'Missing fields',
  missingText: 'Please enter both email and password',
} as const;

/** Spec 2 §9: the browser goes to /admin about 0.5 s after a successful sign-in. */
const REDIRECT_DELAY_MS = 500;

type LoginInput = z.input<typeof loginRequest>;

/**
 * `/admin-login`, `/login`, and `/admin` when signed out: staff sign-in, reading A of spec 2 §2
 * (email and password, DECISIONS.md).
 */
export default function AdminLoginPage() {
  usePageTitle('Admin Login');
  const queryClient = useQueryClient();
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });

  const onInvalid = (fieldErrors: FieldErrors<LoginInput>) => {
    // The toast is for the empty form of spec 2 §5; a malformed email only gets its field message.
    const missing =
      fieldErrors.email?.message === 'Email is required' ||
      fieldErrors.password?.message === 'Password is required';
    if (missing) toast({ title: TEXTS.missingTitle, description: TEXTS.missingText, variant: 'destructive' });
  };

  const onSubmit = async (credentials: LoginRequest) => {
    setGeneralError(null);
    setPending(true);
    try {
      const { ok, body } = await signInStaff(credentials);
      if (ok) {
        toast({ title: 'Login successful', description: 'Welcome back', variant: 'success' });
        // The button keeps saying 'Signing in...' until the shell takes over.
        setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: STAFF_USER_QUERY_KEY }).then(() => {
            // At /admin the route swaps to the shell by itself (and keeps any ?tab=); elsewhere go there.
            if (window.location.pathname !== '/admin') navigate('/admin', { replace: true });
          });
        }, REDIRECT_DELAY_MS);
        return;
      }
      setPending(false);
      if (body.errorType === 'invalid_email') {
        setError(
          'email',
          { type: 'server', message: body.message || TEXTS.noAccount },
          { shouldFocus: true },
        );
      } else if (body.errorType === 'invalid_password') {
        setError(
          'password',
          { type: 'server', message: body.message || TEXTS.wrongPassword },
          { shouldFocus: true },
        );
      } else {
        // Anything else, the rate limit's 429 included: a general error and a toast.
        const message = body.message || TEXTS.generalFailure;
        setGeneralError(message);
        toast({
          title: TEXTS.failureToastTitle,
          description: body.message || TEXTS.failureToastText,
          variant: 'destructive',
        });
      }
    } catch {
      setPending(false);
      setGeneralError(TEXTS.connectionError);
    }
  };

  const appName = getAppName();

  return (
    <div className="flex min-h-dvh flex-col bg-muted/40 text-foreground">
      <header className="flex h-14 items-center justify-between gap-4 px-4">
        <Button asChild variant="ghost" size="sm">
          <Link href="/">
            <ArrowLeftIcon aria-hidden="true" />
            Back to main site
          </Link>
        </Button>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        <Card className="w-full max-w-sm">
          <CardHeader className="items-center text-center">
            <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <ShieldCheckIcon className="size-6" aria-hidden="true" />
            </div>
            <CardTitle asHeading="h1" className="text-xl">
              {appName} Admin
            </CardTitle>
            <CardDescription>Sign in with your staff account to open the admin dashboard.</CardDescription>
          </CardHeader>
          <CardContent>
            <form
              noValidate
              className="grid gap-4"
              onSubmit={(event) => void handleSubmit(onSubmit, onInvalid)(event)}
            >
              {generalError ? (
                <div
                  role="alert"
                  className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
                >
                  <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>{generalError}</span>
                </div>
              ) : null}
              <Field label="Email" error={errors.email?.message}>
                <Input
                  type="email"
                  autoComplete="username"
                  placeholder="you@company.com"
                  disabled={pending}
                  {...register('email')}
                />
              </Field>
              <Field label="Password" error={errors.password?.message} id="admin-login-password">
                <PasswordInput
                  visible={showPassword}
                  onToggle={() => setShowPassword((v) => !v)}
                  disabled={pending}
                  {...register('password')}
                />
              </Field>
              <Button type="submit" className="mt-2 w-full" disabled={pending}>
                {pending ? 'Signing in...' : 'Sign In'}
              </Button>
            </form>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

type PasswordInputProps = ComponentProps<typeof Input> & {
  visible: boolean;
  onToggle: () => void;
};

/** A password input with a show/hide button inside it; Field's id and aria props land on the input. */
function PasswordInput({ visible, onToggle, className, disabled, ...props }: PasswordInputProps) {
  return (
    <div className="relative">
      <Input
        {...props}
        type={visible ? 'text' : 'password'}
        autoComplete="current-password"
        disabled={disabled}
        className={cn('pr-10', className)}
      />
      <button
        type="button"
        onClick={onToggle}
        disabled={disabled}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
      >
        {visible ? (
          <EyeOffIcon className="size-4" aria-hidden="true" />
        ) : (
          <EyeIcon className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
