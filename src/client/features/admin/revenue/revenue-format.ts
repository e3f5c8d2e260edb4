const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

export const money = (amount: number) => usd.format(amount);
/** Axis ticks: whole dollars, thousands shortened. */
export const moneyTick = (amount: number) =>
  Math.abs(amount) >= 10_000 ? `$${Math.round(amount / 1000)}k` : usdWhole.format(amount);
/** A signed movement: +$120.00, −$69.00. */
export const signedMoney = (amount: number) =>
  amount > 0 ? `+${usd.format(amount)}` : amount < 0 ? `−${usd.format(-amount)}` : usd.format(0);
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
