/** Display helpers of the fleet app: numbers, dates and relative times in the user's locale and zone. */

const numberFormat = new Intl.NumberFormat();
export const formatNumber = (n: number): string => numberFormat.format(n);

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "just now". */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (!Number.isFinite(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
/** A calendar date (YYYY-MM-DD) as written, without shifting it through the user's timezone. */
export const formatCalendarDate = (ymd: string): string => dateFormat.format(new Date(`${ymd}T00:00:00Z`));

/** Whole days from a calendar date (YYYY-MM-DD) to today in the user's timezone; positive when past. */
export function daysSince(ymd: string, today = new Date()): number {
  const [y, m, d] = ymd.split('-').map(Number);
  const due = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((now - due) / 86_400_000);
}
