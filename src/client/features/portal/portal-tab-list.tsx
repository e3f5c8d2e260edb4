import {
  CreditCardIcon,
  InfoIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  PackageIcon,
  SettingsIcon,
} from 'lucide-react';
import { TabsList, TabsTrigger } from '@client/components/ui/tabs';

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

/** The tab strip, and for a fleet_user the note on who manages billing in place of its two tabs. */
export function PortalTabList({ member }: { member: boolean }) {
  return (
    <div className="flex flex-col gap-2 md:flex-row md:items-center md:justify-between">
      {/* Two by two on phones: the kit's strip would wrap them unevenly. */}
      <TabsList aria-label="Account sections" className="grid w-full grid-cols-2 sm:inline-flex sm:w-fit">
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
  );
}
