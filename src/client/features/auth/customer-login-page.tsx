import { Link, useSearch } from 'wouter';
import { FormNotice } from '@client/components/form-notice';
import { PublicShell } from '@client/components/public-shell';
import { SignInFields } from '@client/components/sign-in-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { usePageTitle } from '@client/lib/use-page-title';
import { AuthForm } from './auth-form';
import { readLoginArrival } from './customer-login-params';
import { useCustomerSignIn } from './use-customer-sign-in';

/** `/customer-login`: customer sign-in (docs/customer-portal.md). */
export default function CustomerLoginPage() {
  usePageTitle('Customer Login');
  const search = useSearch();
  const arrival = readLoginArrival(search);
  const { form, busy, general, onSubmit } = useCustomerSignIn(arrival);

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
          <AuthForm
            label="Customer login"
            onSubmit={onSubmit}
            busy={busy}
            submitText={busy ? 'Signing in...' : 'Sign In'}
          >
            {general ? <FormNotice>{general}</FormNotice> : null}
            <SignInFields form={form} emailAutoComplete="email" autoFocus={!arrival.arrivingEmail} />
            <Link
              href="/forgot-password"
              className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </AuthForm>
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
