import { useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import {
  CalendarClockIcon,
  ExternalLinkIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  LoaderCircleIcon,
  LogOutIcon,
  SettingsIcon,
  ShieldCheckIcon,
  TruckIcon,
} from 'lucide-react';
import type { SessionCustomer } from '@shared/contracts/auth';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { PageSpinner } from '@client/components/ui/spinner';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@client/components/ui/tooltip';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { useCustomerLogout, useCustomerSession } from './api';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

function PortalHeader({ customer }: { customer: SessionCustomer }) {
  const [, navigate] = useLocation();
  const logout = useCustomerLogout();
  const [leaving, setLeaving] = useState(false);

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
      navigate('/customer-login');
    } catch (error) {
      setLeaving(false);
      toast({
        title: 'Logout failed',
        description: errorMessageOf(error, 'Could not sign out. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <TruckIcon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold leading-tight tracking-tight">
              {customer.companyName}
            </h1>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span>Welcome, {customer.firstName}</span>
              {customer.planName ? (
                <Badge variant="secondary" data-testid="portal-plan-badge">
                  {customer.planName}
                </Badge>
              ) : null}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-1.5 sm:gap-2">
          <Button asChild variant="outline" size="sm">
            <Link href="/fleet-management">
              <ExternalLinkIcon aria-hidden="true" />
              Fleet CRM
            </Link>
          </Button>
          <Tooltip>
            <TooltipTrigger asChild>
              {/* A disabled button gets no pointer events; the wrapper carries the tooltip and focus. */}
              <span
                tabIndex={0}
                className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Button variant="outline" size="sm" disabled aria-describedby="portal-settings-soon">
                  <SettingsIcon aria-hidden="true" />
                  Settings
                </Button>
              </span>
            </TooltipTrigger>
            <TooltipContent id="portal-settings-soon">Settings are coming in this release</TooltipContent>
          </Tooltip>
          <ThemeToggle />
          <Button variant="ghost" size="sm" onClick={onLogout} disabled={leaving}>
            {leaving ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <LogOutIcon aria-hidden="true" />
            )}
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}

/** `/customer-dashboard` and `/customer-billing`: the customer portal (its tabs come later). */
export default function PortalPage() {
  usePageTitle('Customer Portal');
  const { customer, isChecking } = useCustomerSession();

  if (isChecking) return <PageSpinner label="Checking your session" />;
  if (!customer) return <Redirect to="/customer-login" replace />;

  const trialEnds = customer.subscriptionStatus === 'trialing' ? formatDate(customer.trialEndsAt) : null;

  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-muted/40 text-foreground">
        <PortalHeader customer={customer} />
        <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
          {trialEnds ? (
            <div
              role="status"
              className="flex items-start gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 text-sm"
            >
              <CalendarClockIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <p>
                <span className="font-medium">You are on a free trial.</span> It ends on{' '}
                <time dateTime={customer.trialEndsAt ?? undefined} className="font-medium">
                  {trialEnds}
                </time>
                .
              </p>
            </div>
          ) : null}
          <div className="grid gap-6 md:grid-cols-2">
            <Card>
              <CardHeader>
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <LayoutDashboardIcon className="size-5" aria-hidden="true" />
                </span>
                <CardTitle asHeading="h2" className="mt-2">
                  Fleet Management
                </CardTitle>
                <CardDescription>
                  Vehicles, drivers and maintenance for {customer.companyName}.
                </CardDescription>
              </CardHeader>
              <CardFooter>
                <Button asChild>
                  <Link href="/fleet-management">Go to dashboard</Link>
                </Button>
              </CardFooter>
            </Card>
            <Card>
              <CardHeader>
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <ShieldCheckIcon className="size-5" aria-hidden="true" />
                </span>
                <CardTitle asHeading="h2" className="mt-2">
                  Security Center
                </CardTitle>
                <CardDescription>Keep your account safe with a strong password.</CardDescription>
              </CardHeader>
              <CardFooter>
                <Button asChild variant="outline">
                  <Link href="/change-password">
                    <KeyRoundIcon aria-hidden="true" />
                    Change Password
                  </Link>
                </Button>
              </CardFooter>
            </Card>
          </div>
          <EmptyState
            className="bg-background"
            icon={LayoutDashboardIcon}
            title="Overview, Plans, Billing & Payments and Settings are coming in this release"
            text="Your usage, plan changes, invoices, payment methods and preferences will appear here. Nothing is shown until it comes from your real account."
          />
        </main>
      </div>
    </TooltipProvider>
  );
}
