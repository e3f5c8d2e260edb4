import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { LoaderCircleIcon } from 'lucide-react';
import { LOGIN_REDIRECT_DELAY_MS } from '@shared/constants';
import { AUTO_LOGIN_FAILURES, autoLoginFailure, loginRequest } from '@shared/contracts/auth';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { FormNotice } from '@client/components/form-notice';
import { PublicShell } from '@client/components/public-shell';
import { Button } from '@client/components/ui/button';
import { MISSING_FIELDS_TOAST, missingCredentials, SignInFields } from '@client/components/sign-in-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/lib/toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { clearCustomerSession, signInCustomer, storeCustomerSession } from '@client/lib/customer-session';

/** Only same-site paths go through the router; anything else (the external fleet CRM) is a full load. */
function isInternalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** `/customer-login`: customer sign-in (docs/customer-portal.md). */
export default function CustomerLoginPage() {
  usePageTitle('Customer Login');
  const [, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const fromSignUp = params.get('auto') === 'true';
  const arrivingEmail = params.get('email') ?? '';
  // Where to go after signing in when a flow asks for it (after checkout: the billing tab; a
  // checkout opened without a session: back to it); only these paths, so the parameter cannot send
  // anyone off the site.
  const next = params.get('next');
  const returnTo =
    next && /^\/(customer-(dashboard|billing)(\?|$)|checkout\?customerId=[0-9a-f-]{36}$)/.test(next)
      ? next
      : null;

  // Sent back by a refused automatic login (portal/auto-login.tsx): a known reason becomes its fixed
  // text; anything else in the address is ignored, so no link can put its own words on this page.
  const refusal = autoLoginFailure.safeParse(params.get('reason'));
  const arrivalNotice = refusal.success ? AUTO_LOGIN_FAILURES[refusal.data] : undefined;

  const form = useSchemaForm({ schema: loginRequest, defaultValues: { email: arrivingEmail, password: '' } });
  // Busy from the click until the page is left (a successful sign-in waits a moment before going).
  const [leaving, setLeaving] = useState(false);
  const [general, setGeneral] = useState<string | undefined>(arrivalNotice);
  const busy = form.formState.isSubmitting || leaving;
  const arrivalHandled = useRef(false);

  // Arriving from sign-up: welcome and ask for the password. Any other arrival starts signed out locally.
  useEffect(() => {
    if (arrivalHandled.current) return;
    arrivalHandled.current = true;
    if (fromSignUp && arrivingEmail) {
      // After the sign-up's own toast, not over it: one toast shows at a time.
      toast({
        title: 'Welcome!',
        description: 'Your account is ready. Please enter your password to sign in.',
        queue: true,
      });
      form.setFocus('password');
    } else {
      clearCustomerSession();
      // Back from a refused automatic login: the email is known, the password is what is missing.
      if (arrivalNotice && arrivingEmail) form.setFocus('password');
    }
  }, [fromSignUp, arrivingEmail, arrivalNotice, form]);

  const signIn = form.submit(
    async ({ email, password }) => {
      const outcome = await signInCustomer(email, password);
      switch (outcome.kind) {
        case 'success': {
          storeCustomerSession(outcome.token, outcome.customer);
          toast({
            title: 'Login successful',
            description: `Welcome back, ${outcome.customer.firstName}!`,
            variant: 'success',
          });
          // Keeps the button busy through the short pause (0.5 s), then leaves the page.
          setLeaving(true);
          window.setTimeout(() => {
            if (returnTo) navigate(returnTo);
            else if (isInternalPath(outcome.redirectUrl)) navigate(outcome.redirectUrl);
            else window.location.assign(outcome.redirectUrl);
          }, LOGIN_REDIRECT_DELAY_MS);
          return;
        }
        case 'invalid_email':
          form.setError('email', { type: 'server', message: outcome.message });
          return;
        case 'invalid_password':
          form.setError('password', { type: 'server', message: outcome.message });
          form.setFocus('password', { shouldSelect: true });
          return;
        case 'failed':
          setGeneral(outcome.message);
          return;
        case 'network':
          setGeneral('Connection error. Please try again.');
      }
    },
    { title: 'Sign-in failed', fallback: 'Connection error. Please try again.' },
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    setGeneral(undefined);
    if (missingCredentials(form.getValues())) {
      form.toastUntilEdited({ ...MISSING_FIELDS_TOAST, variant: 'destructive' });
    }
    void signIn(event);
  };

  return (
    <PublicShell>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle asHeading="h1" className="text-2xl">
            Customer Login
          </CardTitle>
          <CardDescription>Sign in to manage your fleet, plan and billing.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Customer login">
            {general ? <FormNotice>{general}</FormNotice> : null}
            <SignInFields form={form} emailAutoComplete="email" autoFocus={!arrivingEmail} />
            <Link
              href="/forgot-password"
              className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
            <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy}>
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {busy ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            New here?{' '}
            <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
              Start a free trial
            </Link>
          </p>
        </CardContent>
      </Card>
    </PublicShell>
  );
}
