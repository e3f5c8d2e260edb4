/**
 * The profile dialog's preferences (options and defaults in docs/staff-profile.md; theme
 * default system). Kept per member on the server and honoured by the admin shell: theme, the
 * timezone staff dates are shown in, and the dashboard's refresh interval (docs/staff-profile.md).
 */
export const DASHBOARD_REFRESH_SECONDS = [15, 30, 60, 300] as const;
export type DashboardRefreshSeconds = (typeof DASHBOARD_REFRESH_SECONDS)[number];

export const STAFF_TIMEZONES = [
  { value: 'America/Los_Angeles', label: 'Pacific Time' },
  { value: 'America/Denver', label: 'Mountain Time' },
  { value: 'America/Chicago', label: 'Central Time' },
  { value: 'America/New_York', label: 'Eastern Time' },
  // the system settings offer UTC as the company's timezone, which a member may keep
  { value: 'UTC', label: 'UTC' },
] as const;
export type StaffTimezone = (typeof STAFF_TIMEZONES)[number]['value'];

export const STAFF_THEMES = ['light', 'dark', 'system'] as const;
export type StaffTheme = (typeof STAFF_THEMES)[number];

export type StaffPreferences = {
  theme: StaffTheme;
  timezone: StaffTimezone;
  dashboardRefresh: DashboardRefreshSeconds;
};

export const DEFAULT_STAFF_PREFERENCES: StaffPreferences = {
  theme: 'system',
  timezone: 'America/Los_Angeles',
  dashboardRefresh: 30,
};

/** A stored value read with the defaults filling what is missing or no longer offered. */
/**
 * `defaults`: what a member who never chose gets; the server passes the company's timezone and theme
 * from the System Settings (docs/system-settings.md).
 */
export function preferencesOf(
  stored: Record<string, unknown> | null | undefined,
  defaults: StaffPreferences = DEFAULT_STAFF_PREFERENCES,
): StaffPreferences {
  const pick = <T>(value: unknown, allowed: readonly T[], fallback: T): T =>
    allowed.includes(value as T) ? (value as T) : fallback;
  return {
    theme: pick(stored?.theme, STAFF_THEMES, defaults.theme),
    timezone: pick(
      stored?.timezone,
      STAFF_TIMEZONES.map((t) => t.value),
      defaults.timezone,
    ),
    dashboardRefresh: pick(
      stored?.dashboardRefresh,
      DASHBOARD_REFRESH_SECONDS,
      DEFAULT_STAFF_PREFERENCES.dashboardRefresh,
    ),
  };
}
