import { describe, expect, it } from 'vitest';
import { usd } from './money-text';

describe('usd', () => {
  it('writes cents as dollars with two decimals and thousands separated', () => {
    expect(usd(18900)).toBe('$189.00');
    expect(usd(5)).toBe('$0.05');
    expect(usd(0)).toBe('$0.00');
    expect(usd(123456789)).toBe('$1,234,567.89');
  });

  it('rounds a fraction of a cent, and writes a negative amount with a leading minus', () => {
    expect(usd(1234.5)).toBe('$12.35');
    expect(usd(-4900)).toBe('-$49.00');
  });
});
