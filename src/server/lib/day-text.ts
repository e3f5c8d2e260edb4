import type { DateFormat } from '../../shared/contracts/system-settings';

const mediumUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A day in the server's messages and the activity feed: `Mar 4, 2026`, the day in UTC. */
export const shortDate = (date: Date) => mediumUtc.format(date);

/** A day on the invoice in the company's date format, as the company's clock read it. */
export function invoiceDay(date: Date | null, seller: { dateFormat: DateFormat; timezone: string }): string {
  if (!date) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: seller.timezone,
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const { year, month, day } = parts as Record<'year' | 'month' | 'day', string>;
  switch (seller.dateFormat) {
    case 'DD/MM/YYYY':
      return `${day}/${month}/${year}`;
    case 'YYYY-MM-DD':
      return `${year}-${month}-${day}`;
    default:
      return `${month}/${day}/${year}`;
  }
}
