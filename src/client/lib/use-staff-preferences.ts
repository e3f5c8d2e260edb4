import { DEFAULT_STAFF_PREFERENCES } from '@shared/staff-preferences';
import { useStaffAuth, type StaffUser } from './staff-auth';
import { setStaffTimezone } from './staff-dates';
import { useApplyTheme } from './theme';

/*
 * The signed-in member's saved preferences (the profile dialog, docs/staff-profile.md), honoured by
 * the admin shell: the theme, the timezone of staff dates and the dashboard's refresh interval.
 */

/**
 * Called by the admin header on every render of the shell: the timezone is set before the screens
 * below the header format their dates, and the saved theme is applied when it arrives or changes.
 */
export function useStaffPreferences(user: Pick<StaffUser, 'preferences'>): void {
  setStaffTimezone(user.preferences.timezone);
  useApplyTheme(user.preferences.theme);
}

/** How often the dashboard refreshes its figures, in ms: the member's preference (default 30 s). */
export function useDashboardRefreshMs(): number {
  const { user } = useStaffAuth();
  return (user?.preferences.dashboardRefresh ?? DEFAULT_STAFF_PREFERENCES.dashboardRefresh) * 1000;
}
