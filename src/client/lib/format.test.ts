import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyChange, formatMoneyMinus, formatMoneyTick, formatPrice } from './format';

describe('formatMoney', () => {
  it('shows US dollars with cents', () => {
    expect(`${formatMoney(189)}/month`).toBe('$189.00/month');
    expect(formatMoney(12345.5)).toBe('$12,345.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(0.005)).toBe('$0.01');
    expect(formatMoney(-7.5)).toBe('-$7.50');
  });

  it('takes the currency in either case, and keeps another currency its own', () => {
    expect(formatMoney(10, 'USD')).toBe('$10.00');
    expect(formatMoney(10, 'eur')).toBe('€10.00');
    expect(formatMoney(10, 'not-a-currency')).toBe('10.00 NOT-A-CURRENCY');
  });
});

describe('formatPrice', () => {
  it('shows cents only when there are any', () => {
    expect(`${formatPrice(189)}/month`).toBe('$189/month');
    expect(formatPrice(1234)).toBe('$1,234');
    expect(formatPrice(49.5)).toBe('$49.50');
    expect(formatPrice(0)).toBe('$0');
  });
});

describe('formatMoneyMinus', () => {
  it('writes a negative amount with a true minus sign, and never a negative zero', () => {
    expect(formatMoneyMinus(1234.5)).toBe('$1,234.50');
    expect(formatMoneyMinus(-7.25)).toBe('\u2212$7.25');
    expect(formatMoneyMinus(-0)).toBe('$0.00');
  });
});

describe('formatMoneyChange', () => {
  it('signs a difference; no difference has no sign', () => {
    expect(formatMoneyChange(120)).toBe('+$120.00');
    expect(formatMoneyChange(-69)).toBe('\u2212$69.00');
    expect(formatMoneyChange(0)).toBe('$0.00');
    expect(formatMoneyChange(-0)).toBe('$0.00');
  });
});

describe('formatMoneyTick', () => {
  it('shows whole dollars, and thousands from ten thousand up', () => {
    expect(formatMoneyTick(0)).toBe('$0');
    expect(formatMoneyTick(2500.4)).toBe('$2,500');
    expect(formatMoneyTick(9999)).toBe('$9,999');
    expect(formatMoneyTick(10_000)).toBe('$10k');
    expect(formatMoneyTick(12_600)).toBe('$13k');
    expect(formatMoneyTick(-500)).toBe('-$500');
  });
});
