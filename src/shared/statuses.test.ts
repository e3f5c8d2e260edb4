import { describe, expect, it } from 'vitest';
import {
  OPEN_TICKET_STATUSES,
  PAYING_SUBSCRIPTION_STATUSES,
  paysForPlan,
  SUBSCRIPTION_STATUSES,
  TICKET_STATUSES,
  waitsOnStaff,
} from './statuses';

describe('status predicates', () => {
  it('a customer pays for their plan while active or past due, never on a trial, pending or cancelled', () => {
    expect(SUBSCRIPTION_STATUSES.filter(paysForPlan)).toEqual([...PAYING_SUBSCRIPTION_STATUSES]);
    expect(paysForPlan('trialing')).toBe(false);
    expect(paysForPlan('none')).toBe(false);
    expect(paysForPlan(null)).toBe(false);
  });

  it('a ticket waits on staff while open or in progress', () => {
    expect(TICKET_STATUSES.filter(waitsOnStaff)).toEqual([...OPEN_TICKET_STATUSES]);
    expect(waitsOnStaff('resolved')).toBe(false);
  });
});
