import { describe, expect, it } from 'vitest';
import {
  createRateRequest,
  FILL_ALL_FIELDS_MESSAGE,
  RATE_RANGE_MESSAGE,
  type CommissionRate,
} from '@shared/contracts/commissions';
import { activeRateOf, NEW_RATE, toRateInput } from './rate-form-values';

const parse = (values: typeof NEW_RATE) => createRateRequest.safeParse(toRateInput(values));
const messages = (values: typeof NEW_RATE) => {
  const result = parse(values);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('toRateInput', () => {
  it('starts at 5 % and sends a percentage as a fraction', () => {
    expect(NEW_RATE.percent).toBe('5');
    expect(toRateInput({ salesUserId: 'u', planId: 'professional', percent: '7.5' })).toEqual({
      salesUserId: 'u',
      planId: 'professional',
      commissionRate: 0.075,
    });
    expect(parse({ salesUserId: 'u', planId: 'p', percent: '0.5' }).success).toBe(true);
    expect(parse({ salesUserId: 'u', planId: 'p', percent: '100' }).success).toBe(true);
  });

  it("says 'Please fill all fields' without a sales user or a plan", () => {
    expect(messages({ ...NEW_RATE, salesUserId: '', planId: 'p' })).toContain(FILL_ALL_FIELDS_MESSAGE);
    expect(messages({ ...NEW_RATE, salesUserId: 'u', planId: '' })).toContain(FILL_ALL_FIELDS_MESSAGE);
  });

  it('refuses a rate outside 0-100 or off the 0.5 steps', () => {
    expect(messages({ salesUserId: 'u', planId: 'p', percent: '7.3' })).toEqual([RATE_RANGE_MESSAGE]);
    expect(messages({ salesUserId: 'u', planId: 'p', percent: '101' })).toEqual([RATE_RANGE_MESSAGE]);
    expect(messages({ salesUserId: 'u', planId: 'p', percent: '-1' })).toEqual([RATE_RANGE_MESSAGE]);
  });
});

describe('activeRateOf', () => {
  const rate = (over: Partial<CommissionRate>): CommissionRate => ({
    id: 'r',
    salesUserId: 'u',
    salesUserName: 'Sam',
    planId: 'p',
    planName: 'P',
    commissionRate: 0.05,
    isActive: true,
    createdAt: '2026-01-01T00:00:00Z',
    createdBy: null,
    ...over,
  });

  it('finds the active rate of the pair, never a replaced one', () => {
    const rates = [rate({ id: 'old', isActive: false }), rate({ id: 'now' }), rate({ id: 'x', planId: 'q' })];
    expect(activeRateOf(rates, 'u', 'p')?.id).toBe('now');
    expect(activeRateOf([rate({ isActive: false })], 'u', 'p')).toBeNull();
  });
});
