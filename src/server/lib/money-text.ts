const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as the server writes them in messages, emails, the feed and invoices: 18900 is `$189.00`. */
export const usd = (cents: number) => dollars.format(cents / 100);
