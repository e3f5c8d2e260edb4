import { describe, expect, it } from 'vitest';
import type { MyCommissionsFeed } from '@shared/contracts/my-commissions-feed';
import { commissionCount, commissionSource, hasNoCommissions } from './my-commissions-format';

const none: MyCommissionsFeed = {
  pendingAmount: 0,
  pendingCount: 0,
  paidThisMonthAmount: 0,
  paidThisMonthCount: 0,
  recent: [],
};

describe('the My commissions card', () => {
  it('counts commissions in words', () => {
    expect(commissionCount(0)).toBe('0 commissions');
    expect(commissionCount(1)).toBe('1 commission');
    expect(commissionCount(1234)).toBe('1,234 commissions');
  });

  it('is empty only when nothing at all was earned', () => {
    expect(hasNoCommissions(none)).toBe(true);
    expect(hasNoCommissions({ ...none, pendingCount: 1, pendingAmount: 7.5 })).toBe(false);
    expect(hasNoCommissions({ ...none, paidThisMonthCount: 1 })).toBe(false);
  });

  it('names a refund adjustment apart from a payment', () => {
    expect(commissionSource({ commissionType: 'payment' })).toBe('Payment');
    expect(commissionSource({ commissionType: 'refund_adjustment' })).toBe('Refund adjustment');
  });
});
