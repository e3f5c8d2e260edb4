/** Display of the fleet center's figures. The staff area speaks miles (docs/fleet-control-center.md). */

const count = new Intl.NumberFormat('en-US');
export const formatCount = (n: number): string => count.format(n);

/** Whole miles: '12,345 mi'. */
export const formatMiles = (miles: number): string => `${count.format(Math.round(miles))} mi`;

/** A part of a whole as a whole percent, 0 for an empty whole. */
export const shareOf = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 100) : 0;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
/** A calendar day (YYYY-MM-DD) as written, without shifting it through the viewer's timezone. */
export const formatDay = (ymd: string): string => day.format(new Date(`${ymd}T00:00:00Z`));

const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
export const formatTime = (iso: string): string => time.format(new Date(iso));
