import type { DateFormat } from '../../shared/contracts/system-settings';

const mediumUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A day in the server's messages and the activity feed: `Mar 4, 2026`, the day in UTC. */
export const shortDate = (date: Date) => mediumUtc.format(date);

// Making a formatter costs far more than using one (every receipt and renewal writes a day), so one
// is kept per timezone: a company has one, and a timezone that is not valid throws before it is kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone,
    });
    if (dayFormats.size < 50) dayFormats.set(timeZone, format);
  }
  return format;
}

/** A day on the invoice in the company's date format, as the company's clock read it. */
export function invoiceDay(date: Date | null, seller: { dateFormat: DateFormat; timezone: string }): string {
  if (!date) return '';
  const parts = Object.fromEntries(
    dayFormatIn(seller.timezone)
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
