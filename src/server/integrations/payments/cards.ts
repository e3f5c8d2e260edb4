/**
 * Card checks for the sandbox provider: what a real processor would refuse before charging, and the
 * behaviour of the published test card numbers (docs/payments.md "Sandbox").
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export type CardBehaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'declines_later';

export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Your card has insufficient funds.';

const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  // Like Stripe's 4000 0000 0000 0341: verified and saved, then declined when charged (a card that
  // goes bad between two renewals).
  '4000000000000341': 'declines_later',
};

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

/** Any other valid number behaves like a working card, as in card test modes. */
export function behaviourOf(number: string): CardBehaviour {
  return TEST_CARDS[number] ?? 'succeeds';
}

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };
export type CardErrors = Partial<Record<keyof CardInput, string>>;

export function validateCard(card: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOnly(card.number);
  if (!passesLuhn(number)) errors.number = 'Your card number is invalid.';
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    errors.expMonth = "Your card's expiration month is invalid.";
  } else if (!Number.isInteger(year) || year > now.getUTCFullYear() + 20) {
    errors.expYear = "Your card's expiration year is invalid.";
  } else if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
  ) {
    errors.expYear = 'Your card has expired.';
  }
  const cvcLength = brandOf(number) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) errors.cvc = "Your card's security code is invalid.";
  return errors;
}
