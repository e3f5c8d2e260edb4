import { describe, expect, it } from 'vitest';
import { activityBadge, activityDetails, activityTitle, readableAction } from './activity-format';

describe('activity items', () => {
  it('makes an action readable', () => {
    expect(readableAction('customer_registered')).toBe('Customer Registered');
    expect(readableAction('trial-end')).toBe('Trial End');
  });

  it('shows the description, or the readable action when there is none', () => {
    expect(activityTitle({ action: 'plan_changed', description: 'Acme moved to Pro' })).toBe(
      'Acme moved to Pro',
    );
    expect(activityTitle({ action: 'plan_changed', description: '  ' })).toBe('Plan Changed');
  });

  it('gives each known action its badge and anything else a plain Activity', () => {
    expect(activityBadge('payment_failed')).toEqual({ label: 'Payment Failed', tone: 'destructive' });
    expect(activityBadge('customer_registered').label).toBe('New Customer');
    expect(activityBadge('trial_end')).toEqual({ label: 'Activity', tone: 'outline' });
  });

  it('writes plan, amount, customer, IP and location in words, and nothing else', () => {
    expect(
      activityDetails({
        planName: 'Professional',
        amount: 189,
        customerEmail: 'ops@acme.example',
        ipAddress: '10.0.0.1',
        userAgent: 'Mozilla/5.0',
        nested: { raw: true },
      }),
    ).toEqual([
      'Plan: Professional',
      'Amount: $189.00',
      'Customer: ops@acme.example',
      'IP address: 10.0.0.1',
    ]);
    expect(activityDetails({ amount: 'lots', planName: '' })).toEqual([]);
  });
});
