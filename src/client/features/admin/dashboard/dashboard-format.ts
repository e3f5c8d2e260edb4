import { formatStaffDateTime } from '@client/lib/staff-dates';

/** Display of the dashboard's figures (docs/staff-dashboard.md defines what each one counts). */

const count = new Intl.NumberFormat('en-US');

export const formatCount = (n: number): string => count.format(n);

/** A growth rate with its sign and one decimal ('+12.5%', '-3.0%', '0.0%'); null reads '—'. */
export function formatGrowth(percent: number | null): string {
  if (percent === null || !Number.isFinite(percent)) return '—';
  const rounded = Math.round(percent * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${Math.abs(rounded).toFixed(1)}%`;
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
/** A calendar day (YYYY-MM-DD) as written, without shifting it through the viewer's timezone. */
export const formatDay = (ymd: string): string => day.format(new Date(`${ymd}T00:00:00Z`));

/** When something happened, in the signed-in member's timezone (lib/staff-dates.ts). */
export const formatDateTime = formatStaffDateTime;
