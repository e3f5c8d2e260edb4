import { z } from 'zod';

// The sandbox card's three boxes: formatted as typed, checked with Stripe's texts, sent as the server takes them.

export type FieldName = 'number' | 'expiry' | 'cvc';
type CardValues = Record<FieldName, string>;

export const digitsOnly = (value: string) => value.replace(/\D/g, '');
export const isAmex = (digits: string) => /^3[47]/.test(digits);

/** '4242424242424242' -> '4242 4242 4242 4242'; American Express reads 4-6-5. */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, isAmex(digitsOnly(value)) ? 15 : 19);
  if (isAmex(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' -> '12/34'; a first digit above 1 can only be a month 0X. */
export function formatExpiry(value: string): string {
  let digits = digitsOnly(value);
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function validateNumber(value: string): string | undefined {
  const digits = digitsOnly(value);
  if (digits.length === 0) return 'Your card number is incomplete.';
  if (digits.length < 12) return 'Your card number is incomplete.';
  if (!passesLuhn(digits)) return 'Your card number is invalid.';
  return undefined;
}

function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = digitsOnly(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

function validateExpiry(value: string, now = new Date()): string | undefined {
  const parsed = parseExpiry(value);
  if (!parsed) return "Your card's expiration date is incomplete.";
  if (parsed.month < 1 || parsed.month > 12) return "Your card's expiration month is invalid.";
  const year = now.getFullYear();
  if (parsed.year < year || (parsed.year === year && parsed.month < now.getMonth() + 1)) {
    return "Your card's expiration date is in the past.";
  }
  return undefined;
}

function validateCvc(value: string, number: string): string | undefined {
  const length = isAmex(digitsOnly(number)) ? 4 : 3;
  const digits = digitsOnly(value);
  if (digits.length < length) return "Your card's security code is incomplete.";
  if (digits.length > length) return "Your card's security code is invalid.";
  return undefined;
}

/**
 * The form's checks (Stripe's texts, stricter than the server's contract), then the card as the server
 * takes it. Each check runs on every field so that all three can speak at once.
 */
export const cardSchema = z
  .object({ number: z.string(), expiry: z.string(), cvc: z.string() })
  .superRefine((values, ctx) => {
    const messages: Record<FieldName, string | undefined> = {
      number: validateNumber(values.number),
      expiry: validateExpiry(values.expiry),
      cvc: validateCvc(values.cvc, values.number),
    };
    for (const [path, message] of Object.entries(messages)) {
      if (message) ctx.addIssue({ code: 'custom', path: [path], message });
    }
  })
  .transform((values) => {
    const expiry = parseExpiry(values.expiry);
    return {
      number: digitsOnly(values.number),
      expMonth: expiry?.month ?? 0,
      expYear: expiry?.year ?? 0,
      cvc: digitsOnly(values.cvc),
    };
  });

/** The server answers `number`, `expMonth`, `expYear`, `cvc` (or `card.number`...); month and year share the expiry box. */
export function cardFieldOf(path: string): string {
  const key = path.startsWith('card.') ? path.slice('card.'.length) : path;
  return key === 'expMonth' || key === 'expYear' ? 'expiry' : key;
}

export const EMPTY_CARD: CardValues = { number: '', expiry: '', cvc: '' };
