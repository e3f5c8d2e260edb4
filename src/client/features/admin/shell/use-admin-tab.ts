import { useCallback, useEffect } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { AdminTab } from '@shared/roles';
import { adminTabHref, DEFAULT_ADMIN_TAB, isAdminTab } from './admin-tabs';

/**
 * The active admin tab, kept in the URL as /admin?tab=id (docs/product-rules.md) so bookmarks, reloads and the
 * back/forward buttons work. An unknown id falls back to the dashboard and the URL is corrected in place
 * (replace, so the bad entry does not stay in history).
 */
export function useAdminTab(): { tab: AdminTab; openTab: (tab: AdminTab) => void } {
  const search = useSearch();
  const requested = new URLSearchParams(search).get('tab');
  const known = requested === null || isAdminTab(requested);
  const tab: AdminTab = requested !== null && isAdminTab(requested) ? requested : DEFAULT_ADMIN_TAB;

  useEffect(() => {
    if (!known) navigate(adminTabHref(DEFAULT_ADMIN_TAB), { replace: true });
  }, [known]);

  const openTab = useCallback((next: AdminTab) => navigate(adminTabHref(next)), []);
  return { tab, openTab };
}
