import { DEFAULT_STAFF_PREFERENCES } from '@shared/staff-preferences';

/*
 * Dates on staff screens, in the signed-in member's timezone (their profile preference;
 * docs/staff-profile.md). The admin shell sets the timezone from the session as it renders
 * (`useStaffPreferences` in lib/staff-preferences.ts), before the screens below it format anything;
 * a change of preference refreshes the session, which renders the shell and its screens again.
 */

let timezone: string = DEFAULT_STAFF_PREFERENCES.timezone;
const formats = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();

function formatsFor(zone: string) {
  let found = formats.get(zone);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: zone }),
      dateTime: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }),
    };
    formats.set(zone, found);
  }
  return found;
}

/** The timezone staff dates are shown in; one this browser does not know leaves the default. */
export function setStaffTimezone(zone: string | null | undefined): void {
  const next = zone || DEFAULT_STAFF_PREFERENCES.timezone;
  if (next === timezone) return;
  try {
    formatsFor(next);
    timezone = next;
  } catch {
    timezone = DEFAULT_STAFF_PREFERENCES.timezone;
  }
}

export const staffTimezone = (): string => timezone;

/** 'Jan 5, 2026': the day an instant falls on, in the member's timezone. */
export const formatStaffDate = (iso: string): string => formatsFor(timezone).date.format(new Date(iso));

/** 'Jan 5, 2026, 3:04 PM': an instant as the member's wall clock read it. */
export const formatStaffDateTime = (iso: string): string =>
  formatsFor(timezone).dateTime.format(new Date(iso));
