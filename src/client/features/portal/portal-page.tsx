import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import {
  CreditCardIcon,
  InfoIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  MessageCircleIcon,
  PackageIcon,
  SettingsIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import type { SessionCustomer } from '@shared/contracts/auth';
import { CustomerHeader } from '@client/components/customer-header';
import { IconBadge } from '@client/components/icon-badge';
import { SignedInCustomer } from '@client/components/signed-in-customer';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardTitle } from '@client/components/ui/card';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { usePageTitle } from '@client/lib/use-page-title';
import { billingInfoQuery, profileQuery } from './api';
import { AutoLoginGate } from './auto-login';
import { SubscriptionBanner } from './billing/subscription-banner';
import { FleetAppButton, useFleetDestination } from './fleet-link';
import OverviewTab from './overview/overview-tab';

// Each tab past the first, and the password dialog, is its own chunk: the portal opens on the overview.
const PlansTab = lazy(() => import('./plans/plans-tab'));
const BillingTab = lazy(() => import('./billing/billing-tab'));
const SettingsTab = lazy(() => import('./settings/settings-tab'));
const SupportTab = lazy(() => import('./support/support-tab'));
const ChangePasswordDialog = lazy(() => import('./security/change-password-dialog'));

const TABS = ['overview', 'plans', 'billing', 'support', 'settings'] as const;
type PortalTab = (typeof TABS)[number];
/** A fleet_user's portal: billing and plan belong to the account's fleet admins. */
const MEMBER_TABS: readonly PortalTab[] = ['overview', 'support', 'settings'];

function isPortalTab(value: string | null): value is PortalTab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/** A team member with the fleet_user role: the server refuses them billing, plan and cancel calls. */
function isFleetUser(customer: SessionCustomer): boolean {
  return customer.role === 'fleet_user';
}

/**
 * The active tab lives in the address (`?tab=`), so bookmarks, reloads and the back button keep it;
 * `/customer-billing` opens on Billing & Payments. Other query parameters are left as they are.
 */
function usePortalTab(allowed: readonly PortalTab[] = TABS): [PortalTab, (tab: PortalTab) => void] {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const requested = params.get('tab');
  const wanted: PortalTab = isPortalTab(requested)
    ? requested
    : path === '/customer-billing'
      ? 'billing'
      : 'overview';
  // A tab this person cannot open (a fleet_user sent to billing) falls back to the overview.
  const tab: PortalTab = allowed.includes(wanted) ? wanted : 'overview';
  const setTab = (next: PortalTab) => {
    const nextParams = new URLSearchParams(search);
    nextParams.set('tab', next);
    navigate(`${path}?${nextParams.toString()}`);
  };
  return [tab, setTab];
}

function TabFallback() {
  return (
    <LoadingBlock label="Loading" className="gap-4">
      <Skeleton className="h-40 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
    </LoadingBlock>
  );
}

/**
 * The header: who is signed in, theme and Logout. The fleet app and Settings each have one way in, the
 * Fleet Management card and the Settings tab (issue 9, "One way to each place").
 */
function PortalHeader({
  customer,
  profileError,
}: {
  customer: SessionCustomer;
  /** The profile call failed ('(Profile Error)' beside the welcome). */
  profileError: boolean;
}) {
  return (
    <CustomerHeader className="max-w-6xl gap-4 py-4" actions={null}>
      <h1 className="truncate text-lg font-semibold leading-tight tracking-tight">{customer.companyName}</h1>
      <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span>Welcome, {customer.firstName}</span>
        {profileError ? (
          <span className="font-medium text-destructive" data-testid="profile-error">
            (Profile Error)
          </span>
        ) : null}
        {customer.planName ? (
          <Badge variant="secondary" data-testid="portal-plan-badge">
            {customer.planName}
          </Badge>
        ) : null}
      </div>
    </CustomerHeader>
  );
}

/**
 * The three cards under the header: what each opens and the button that opens it. One line each on a
 * phone (icon, title, button), so the figures below stay on the first screen.
 */
function PortalCards({
  companyName,
  onChangePassword,
  onContactSupport,
}: {
  companyName: string;
  onChangePassword: () => void;
  /** The portal's way to talk to us (the spec's live chat): the new-ticket form. */
  onContactSupport: () => void;
}) {
  const fleet = useFleetDestination();
  const cards = [
    {
      icon: LayoutDashboardIcon,
      title: 'Fleet Management',
      description: fleet.external
        ? `Vehicles, drivers and maintenance for ${companyName}, in your fleet CRM (another site).`
        : `Vehicles, drivers and maintenance for ${companyName}.`,
      action: <FleetAppButton size="sm">Go to dashboard</FleetAppButton>,
    },
    {
      icon: ShieldCheckIcon,
      title: 'Security Center',
      description: 'Keep your account safe with a strong password.',
      action: (
        <Button variant="outline" size="sm" onClick={onChangePassword}>
          <KeyRoundIcon aria-hidden="true" />
          Change Password
        </Button>
      ),
    },
    {
      icon: LifeBuoyIcon,
      title: 'Help & Support',
      description: 'Questions or problems? Our team replies within 24 hours.',
      action: (
        <Button variant="outline" size="sm" onClick={onContactSupport}>
          <MessageCircleIcon aria-hidden="true" />
          Contact support
        </Button>
      ),
    },
  ];
  return (
    <div className="grid gap-3 sm:gap-4 lg:grid-cols-3 lg:gap-6">
      {cards.map(({ icon, title, description, action }) => (
        // Three abreast (lg+), the button goes under the text, so the text keeps the card's width.
        <Card
          key={title}
          className="flex items-center gap-3 p-3 sm:gap-4 sm:p-5 lg:grid lg:grid-cols-[auto_1fr] lg:items-start"
        >
          <IconBadge icon={icon} className="shrink-0" />
          <div className="min-w-0 flex-1">
            <CardTitle asHeading="h2" className="text-base">
              {title}
            </CardTitle>
            <CardDescription className="mt-0.5 hidden sm:block">{description}</CardDescription>
          </div>
          <div className="shrink-0 lg:col-start-2">{action}</div>
        </Card>
      ))}
    </div>
  );
}

/** Where a fleet_user's Plans and Billing tabs would be: who manages them. */
function MemberBillingNote() {
  return (
    <p
      data-testid="member-billing-note"
      className="flex items-start gap-2 rounded-lg border bg-background px-3 py-2 text-sm text-muted-foreground"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      Billing and plan are managed by your account admin.
    </p>
  );
}

/**
 * The account-level calls (profile for the '(Profile Error)' mark, billing info for the banner) are
 * made only for someone who manages billing: a fleet_user would only collect 403s.
 */
function Portal({ customer }: { customer: SessionCustomer }) {
  if (isFleetUser(customer)) return <PortalLayout customer={customer} profileError={false} banner={null} />;
  return <AccountPortal customer={customer} />;
}

function AccountPortal({ customer }: { customer: SessionCustomer }) {
  const profile = useQuery(profileQuery(customer.email));
  const billing = useQuery(billingInfoQuery);
  const subscriptionStatus = profile.data?.subscriptionStatus ?? customer.subscriptionStatus;
  return (
    <PortalLayout
      customer={customer}
      profileError={profile.isError}
      banner={
        <SubscriptionBanner
          customerId={profile.data?.id ?? customer.id}
          subscriptionStatus={subscriptionStatus}
          trialEndsAt={profile.data?.trialEndsAt ?? customer.trialEndsAt}
          hasCard={billing.data ? billing.data.paymentMethods.length > 0 : null}
        />
      }
    />
  );
}

/** The signed-in portal: header, the two cards, the status banner and the four tabs. */
function PortalLayout({
  customer,
  profileError,
  banner,
}: {
  customer: SessionCustomer;
  profileError: boolean;
  banner: ReactNode;
}) {
  const member = isFleetUser(customer);
  const [tab, setTab] = usePortalTab(member ? MEMBER_TABS : TABS);
  const [path, navigate] = useLocation();
  const openSupportForm = () => navigate(`${path}?tab=support&new=1`);
  const [passwordOpen, setPasswordOpen] = useState(false);

  return (
    <div className="min-h-dvh bg-muted/40 text-foreground">
      <PortalHeader customer={customer} profileError={profileError} />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
        {banner}
        <PortalCards
          companyName={customer.companyName}
          onChangePassword={() => setPasswordOpen(true)}
          onContactSupport={() => openSupportForm()}
        />
        <Tabs
          value={tab}
          onValueChange={(value) => isPortalTab(value) && setTab(value)}
          className="grid gap-2"
        >
          <div className="flex flex-col gap-2 md:flex-row md:items-center md:justify-between">
            {/* Two by two on phones: the kit's strip would wrap them unevenly. */}
            <TabsList
              aria-label="Account sections"
              className="grid w-full grid-cols-2 sm:inline-flex sm:w-fit"
            >
              <TabsTrigger value="overview" className="h-8 sm:h-7">
                <LayoutDashboardIcon aria-hidden="true" />
                Overview
              </TabsTrigger>
              {member ? null : (
                <>
                  <TabsTrigger value="plans" className="h-8 sm:h-7">
                    <PackageIcon aria-hidden="true" />
                    Plans
                  </TabsTrigger>
                  <TabsTrigger value="billing" className="h-8 sm:h-7">
                    <CreditCardIcon aria-hidden="true" />
                    Billing & Payments
                  </TabsTrigger>
                </>
              )}
              <TabsTrigger value="support" className="h-8 sm:h-7">
                <LifeBuoyIcon aria-hidden="true" />
                Support
              </TabsTrigger>
              <TabsTrigger value="settings" className="h-8 sm:h-7">
                <SettingsIcon aria-hidden="true" />
                Settings
              </TabsTrigger>
            </TabsList>
            {member ? <MemberBillingNote /> : null}
          </div>
          <TabsContent value="overview">
            <h2 className="sr-only">Overview</h2>
            <OverviewTab email={customer.email} />
          </TabsContent>
          {member ? null : (
            <>
              <TabsContent value="plans">
                <h2 className="sr-only">Plans</h2>
                <Suspense fallback={<TabFallback />}>
                  <PlansTab email={customer.email} />
                </Suspense>
              </TabsContent>
              <TabsContent value="billing">
                <h2 className="sr-only">Billing & Payments</h2>
                <Suspense fallback={<TabFallback />}>
                  <BillingTab email={customer.email} />
                </Suspense>
              </TabsContent>
            </>
          )}
          <TabsContent value="support">
            <h2 className="sr-only">Support</h2>
            <Suspense fallback={<TabFallback />}>
              <SupportTab />
            </Suspense>
          </TabsContent>
          <TabsContent value="settings">
            <h2 className="sr-only">Settings</h2>
            <Suspense fallback={<TabFallback />}>
              <SettingsTab />
            </Suspense>
          </TabsContent>
        </Tabs>
      </main>
      {passwordOpen ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}

function PortalScreen() {
  usePageTitle('Customer Portal');
  return <SignedInCustomer>{(customer) => <Portal customer={customer} />}</SignedInCustomer>;
}

/**
 * `/customer-dashboard` and `/customer-billing`: the customer portal. An auto-login from the fleet CRM
 * (`auth`, `email`, `tab`) creates the session first, so the session check below sees it.
 */
export default function PortalPage() {
  return (
    <AutoLoginGate>
      <PortalScreen />
    </AutoLoginGate>
  );
}
