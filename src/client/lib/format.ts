/*
 * Money and dates as the portal and the kit show them: US dollars (every charge is in USD: docs/billing.md) and dates in the
 * user's own timezone (the browser's default for Intl.DateTimeFormat).
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const mediumDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** `$189.00`. Amounts in another currency keep their own code. */
export function formatMoney(amount: number, currency = 'usd'): string {
  if (currency.toLowerCase() === 'usd') return usd.format(amount);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amount,
    );
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** A price: `$49` for whole dollars, `$49.50` otherwise. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? usdWhole.format(amount) : usd.format(amount);
}

/** An amount that can go below zero (an adjustment, a balance): `−$7.25` with a true minus sign. */
export function formatMoneyMinus(amount: number): string {
  return amount < 0 ? `\u2212${usd.format(-amount)}` : usd.format(amount === 0 ? 0 : amount);
}

/** A difference, signed: `+$1.00`, `−$3.00`, `$0.00`. */
export function formatMoneyChange(amount: number): string {
  return amount > 0 ? `+${usd.format(amount)}` : formatMoneyMinus(amount);
}

/** A chart's axis ticks: whole dollars (`$2,500`), thousands shortened from ten thousand (`$12k`). */
export function formatMoneyTick(amount: number): string {
  return Math.abs(amount) >= 10_000 ? `$${Math.round(amount / 1000)}k` : usdWhole.format(amount);
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `March 4, 2026`, or null for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string | null {
  const date = parse(iso);
  return date ? longDate.format(date) : null;
}

/** `Mar 4, 2026`: for tables, where space is short. */
export function formatShortDate(iso: string | null | undefined): string | null {
  const date = parse(iso);
  return date ? mediumDate.format(date) : null;
}

/** `Mar 4, 2026, 3:12 PM`. */
export function formatDateTime(iso: string | null | undefined): string | null {
  const date = parse(iso);
  return date ? mediumDateTime.format(date) : null;
}

/** Card expiry as MM/YYYY. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

/** Account status colours: active green, pending yellow, anything else red. */
export function statusTextClass(status: string): string {
  if (status === 'active') return 'text-success';
  if (status === 'pending') return 'text-warning';
  return 'text-destructive';
}

/** `past_due` -> `Past due`. */
export function humanize(value: string): string {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : value;
}
