import { useLocation, useSearch } from 'wouter';

/** The portal's tabs, in the order the strip shows them. */
export const TABS = ['overview', 'plans', 'billing', 'support', 'settings'] as const;
export type PortalTab = (typeof TABS)[number];
/** A fleet_user's portal: billing and plan belong to the account's fleet admins. */
export const MEMBER_TABS: readonly PortalTab[] = ['overview', 'support', 'settings'];

export function isPortalTab(value: string | null): value is PortalTab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/**
 * The active tab lives in the address (`?tab=`), so bookmarks, reloads and the back button keep it;
 * `/customer-billing` opens on Billing & Payments. Other query parameters are left as they are.
 */
export function usePortalTab(allowed: readonly PortalTab[] = TABS): [PortalTab, (tab: PortalTab) => void] {
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
