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

/** The portal's tabs in order; a fleet_user does not see the owner's Plans and Billing. */
const TABS = [
  { value: 'overview', icon: LayoutDashboardIcon, label: 'Overview', ownerOnly: false },
  { value: 'plans', icon: PackageIcon, label: 'Plans', ownerOnly: true },
  { value: 'billing', icon: CreditCardIcon, label: 'Billing & Payments', ownerOnly: true },
  { value: 'support', icon: LifeBuoyIcon, label: 'Support', ownerOnly: false },
  { value: 'settings', icon: SettingsIcon, label: 'Settings', ownerOnly: false },
] as const;

export type PortalTab = (typeof TABS)[number]['value'];

/** The tabs a member sees: a fleet_user has no Plans or Billing. */
export const visibleTabs = (member: boolean) => TABS.filter((tab) => !(member && tab.ownerOnly));

/** The tab strip, and for a fleet_user the note on who manages billing in place of its two tabs. */
export function PortalTabList({ member }: { member: boolean }) {
  return (
    <div className="flex flex-col gap-2 md:flex-row md:items-center md:justify-between">
      {/* Two by two on phones: the kit's strip would wrap them unevenly. */}
      <TabsList aria-label="Account sections" className="grid w-full grid-cols-2 sm:inline-flex sm:w-fit">
        {visibleTabs(member).map(({ value, icon: Icon, label }) => (
          <TabsTrigger key={value} value={value} className="h-8 sm:h-7">
            <Icon aria-hidden="true" />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {member ? <MemberBillingNote /> : null}
    </div>
  );
}
