/*
 * Calendar days as YYYY-MM-DD. A moment's day is its day in UTC: the day the server, the database
 * (`::date` of a UTC timestamp) and the file names of exports agree on.
 */

/** The UTC day of a moment: 2026-03-04T23:59:59.999Z is `2026-03-04`, a millisecond later `2026-03-05`. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** A calendar day written YYYY-MM-DD: 2024-02-29 is one; 2025-02-29, 2025-13-45 and 2025-1-5 are not. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === value;
}
