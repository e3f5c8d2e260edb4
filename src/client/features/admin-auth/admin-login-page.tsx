import { Link } from 'wouter';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import type { z } from 'zod';
import { ShieldCheckIcon } from 'lucide-react';
import { loginRequest } from '@shared/contracts/auth';
import { BackLinkButton } from '@client/components/back-link-button';
import { FormNotice } from '@client/components/form-notice';
import { IconBadge } from '@client/components/icon-badge';
import { SubmitButton } from '@client/components/form/form-dialog';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { MISSING_FIELDS_TOAST, missingCredentials, SignInFields } from '@client/components/sign-in-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { ApiError } from '@client/lib/api';
import { getAppName } from '@client/lib/app-name';
import { STAFF_USER_QUERY_KEY } from '@client/lib/staff-auth';
import { toast } from '@client/lib/toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { signInStaff } from './api';

/** The sign-in texts (used when the server sends no message of its own). */
const TEXTS = {
  noAccount: 'No account found with this email address',
  wrongPassword: 'Incorrect password',
  generalFailure: 'Invalid email or password',
  failureToastTitle: 'Login failed',
  failureToastText: 'Please check your credentials and try again',
  connectionError: 'Connection error. Please try again.',
} as const;

/** The browser goes to /admin about 0.5 s after a successful sign-in. */
const REDIRECT_DELAY_MS = 500;

type LoginInput = z.input<typeof loginRequest>;

/**
 * `/admin-login`, `/login`, and `/admin` when signed out: staff sign-in with email and password
 * (docs/product-rules.md "Sign-in and sessions").
 */
export default function AdminLoginPage() {
  usePageTitle('Admin Login');
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);

  const form = useSchemaForm<LoginInput, typeof loginRequest>({
    schema: loginRequest,
    defaultValues: { email: '', password: '' },
  });
  // The button keeps saying 'Signing in...' after success, until the shell takes over.
  const pending = form.formState.isSubmitting || signedIn;

  const onInvalid = () => {
    // The toast is for a box left empty; a malformed email only gets its field message.
    if (missingCredentials(form.getValues()))
      form.toastUntilEdited({ ...MISSING_FIELDS_TOAST, variant: 'destructive' });
  };

  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      setGeneralError(TEXTS.connectionError);
      return;
    }
    const message = error.serverMessage;
    if (error.errorType === 'invalid_email') {
      form.setError('email', { type: 'server', message: message || TEXTS.noAccount }, { shouldFocus: true });
    } else if (error.errorType === 'invalid_password') {
      form.setError(
        'password',
        { type: 'server', message: message || TEXTS.wrongPassword },
        { shouldFocus: true },
      );
    } else {
      // Anything else, the rate limit's 429 included: a general error and a toast.
      setGeneralError(message || TEXTS.generalFailure);
      toast({
        title: TEXTS.failureToastTitle,
        description: message || TEXTS.failureToastText,
        variant: 'destructive',
      });
    }
  };

  const onSubmit = form.submit(
    async (credentials) => {
      setGeneralError(null);
      await signInStaff(credentials);
      setSignedIn(true);
      toast({ title: 'Login successful', description: 'Welcome back', variant: 'success' });
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: STAFF_USER_QUERY_KEY }).then(() => {
          // At /admin the route swaps to the shell by itself (and keeps any ?tab=); elsewhere go there.
          if (window.location.pathname !== '/admin') navigate('/admin', { replace: true });
        });
      }, REDIRECT_DELAY_MS);
    },
    refused,
    onInvalid,
  );

  const appName = getAppName();

  return (
    <div className="flex min-h-dvh flex-col bg-muted/40 text-foreground">
      <header className="flex h-14 items-center justify-between gap-4 px-4">
        <BackLinkButton href="/" variant="ghost" size="sm">
          Back to main site
        </BackLinkButton>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        <Card className="w-full max-w-sm">
          <CardHeader className="items-center text-center">
            <IconBadge icon={ShieldCheckIcon} size="lg" shape="circle" className="mb-1" />
            <CardTitle asHeading="h1" className="text-xl">
              {appName} Admin
            </CardTitle>
            <CardDescription>Sign in with your staff account to open the admin dashboard.</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
              {generalError ? <FormNotice compact>{generalError}</FormNotice> : null}
              <SignInFields form={form} emailAutoComplete="username" disabled={pending} />
              <Link
                href="/forgot-password?kind=staff"
                className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Forgot password?
              </Link>
              <SubmitButton pending={pending} className="mt-2 w-full">
                {pending ? 'Signing in...' : 'Sign In'}
              </SubmitButton>
            </form>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
