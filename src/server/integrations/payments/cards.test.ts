import { describe, expect, it } from 'vitest';
import { behaviourOf, brandOf, passesLuhn, validateCard } from './cards';

const now = new Date('2026-11-21T00:00:00Z');

describe('sandbox card checks', () => {
  it('knows the test cards', () => {
    expect(behaviourOf('4242424242424242')).toBe('succeeds');
    expect(behaviourOf('4000000000000002')).toBe('declined');
    expect(behaviourOf('4000000000009995')).toBe('insufficient_funds');
    expect(behaviourOf('5555555555554444')).toBe('succeeds');
  });

  it('checks numbers with Luhn and names the brand', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42')).toBe(false);
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('378282246310005')).toBe('amex');
  });

  it('refuses expired cards, bad months and bad security codes', () => {
    const ok = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
    expect(validateCard(ok, now)).toEqual({});
    expect(validateCard({ ...ok, expMonth: 10, expYear: 2026 }, now)).toEqual({
      expYear: 'Your card has expired.',
    });
    expect(validateCard({ ...ok, expMonth: 11, expYear: 26 }, now)).toEqual({});
    expect(validateCard({ ...ok, expMonth: 13 }, now).expMonth).toBeDefined();
    expect(validateCard({ ...ok, cvc: '12' }, now).cvc).toBeDefined();
    expect(validateCard({ ...ok, number: '4242424242424241' }, now).number).toBe(
      'Your card number is invalid.',
    );
  });
});
