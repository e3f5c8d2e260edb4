/** A rate, or an em dash with the reason when there is nothing to divide by. */
export const rate = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);
/** A point of a series: its day (UTC, the server's buckets end at the request's moment). */
export const shortDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const monthLabel = (yyyyMm: string) =>
  new Date(`${yyyyMm}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
