import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { SessionCustomer } from '@shared/contracts/auth';
import { SignedInCustomer } from '@client/components/signed-in-customer';
import { Tabs } from '@client/components/ui/tabs';
import { usePageTitle } from '@client/lib/use-page-title';
import { billingInfoQuery, profileQuery } from './api';
import { AutoLoginGate } from './auto-login';
import { SubscriptionBanner } from './billing/subscription-banner';
import { PortalCards } from './portal-cards';
import { PortalHeader } from './portal-header';
import { PortalTabList } from './portal-tab-list';
import { PortalTabPanels } from './portal-tab-panels';
import { isPortalTab, MEMBER_TABS, TABS, usePortalTab } from './use-portal-tab';

// The password dialog is its own chunk, as is each tab past the first (portal-tab-panels.tsx).
const ChangePasswordDialog = lazy(() => import('./security/change-password-dialog'));

/** A team member with the fleet_user role: the server refuses them billing, plan and cancel calls. */
function isFleetUser(customer: SessionCustomer): boolean {
  return customer.role === 'fleet_user';
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
          <PortalTabList member={member} />
          <PortalTabPanels email={customer.email} member={member} />
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
