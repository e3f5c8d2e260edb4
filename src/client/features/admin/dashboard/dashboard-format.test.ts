import { describe, expect, it } from 'vitest';
import { formatDay, formatGrowth } from './dashboard-format';

describe('dashboard figures', () => {
  it('shows growth with its sign and one decimal, and a dash without history', () => {
    expect(formatGrowth(12.345)).toBe('+12.3%');
    expect(formatGrowth(-3)).toBe('-3.0%');
    expect(formatGrowth(0.04)).toBe('0.0%');
    expect(formatGrowth(null)).toBe('—');
  });

  it('shows a calendar day as written', () => {
    expect(formatDay('2026-04-01')).toBe('Apr 1, 2026');
  });
});
