import type { BillingInfo } from '@shared/contracts/portal';

export type PaymentMethod = BillingInfo['paymentMethods'][number];

/** `Visa ending in 4242`. */
export function cardName(card: PaymentMethod): string {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  return `${brand} ending in ${card.last4}`;
}
