import { Link } from 'wouter';
import { ShieldCheckIcon } from 'lucide-react';
import { BackLinkButton } from '@client/components/back-link-button';
import { FormNotice } from '@client/components/form-notice';
import { IconBadge } from '@client/components/icon-badge';
import { SubmitButton } from '@client/components/form/form-dialog';
import { SignInFields } from '@client/components/sign-in-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { getAppName } from '@client/lib/app-name';
import { usePageTitle } from '@client/lib/use-page-title';
import { useStaffSignIn } from './use-staff-sign-in';

/**
 * `/admin-login`, `/login`, and `/admin` when signed out: staff sign-in with email and password
 * (docs/product-rules.md "Sign-in and sessions").
 */
export default function AdminLoginPage() {
  usePageTitle('Admin Login');
  const { form, pending, generalError, onSubmit } = useStaffSignIn();

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
