const whole = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const seconds = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export const formatCount = (n: number): string => whole.format(n);

/** A fraction as a percentage, or an em dash when there is nothing to divide by. */
export const formatRate = (rate: number | null): string => (rate === null ? '\u2014' : percent.format(rate));

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
/** Bytes in binary units, one decimal past the first unit: 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/** CPU time: seconds below an hour, then hours. */
export const formatCpu = (s: number): string =>
  s < 3600 ? `${seconds.format(s)} s` : `${seconds.format(s / 3600)} h`;

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** YYYY-MM as "Jun 2031". */
export const formatMonth = (month: string): string => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
