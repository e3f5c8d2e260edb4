import { describe, expect, it } from 'vitest';
import { healthBand } from '../../../shared/contracts/staff-customers';
import { assessHealth, HEALTH_SIGNALS, riskLevelOf, type HealthSignals } from './rule';

const healthy: HealthSignals = {
  failedPayments30d: 0,
  subscriptionStatus: 'active',
  cancelAtPeriodEnd: false,
  periodEnd: new Date('2026-12-21T12:00:00Z'),
  trialDaysLeft: null,
  hasCard: true,
  vehicles: 3,
  vehicleLimit: 5,
  users: 1,
  userLimit: 3,
  accountAgeDays: 40,
  daysSinceSignIn: 2,
  fleetChanged30d: true,
  openTickets: 0,
};

describe('the health rule', () => {
  it('weighs its signals 100 in all, open support tickets 10', () => {
    const weights = Object.values(HEALTH_SIGNALS).map((s) => s.weight);
    expect(weights.reduce((a, b) => a + b, 0)).toBe(100);
    expect(HEALTH_SIGNALS.openTickets.weight).toBe(10);
  });

  it('a healthy account scores 100, low risk, with no reasons', () => {
    expect(assessHealth(healthy)).toEqual({ score: 100, riskLevel: 'low', reasons: [] });
  });

  it.each([
    [{ failedPayments30d: 2 }, 80, ['2 failed payments in 30 days']],
    [
      { failedPayments30d: 1, subscriptionStatus: 'past_due' },
      65,
      ['1 failed payment in 30 days', 'Subscription past due: the renewal is being retried'],
    ],
    [{ subscriptionStatus: 'pending' }, 85, ['Subscription pending: waiting for a payment']],
    [{ subscriptionStatus: null }, 85, ['No subscription']],
    [{ subscriptionStatus: 'canceled' }, 85, ['Subscription cancelled']],
    [{ cancelAtPeriodEnd: true }, 85, ['Subscription cancels on Dec 21, 2026']],
    [
      { subscriptionStatus: 'trialing', trialDaysLeft: 3, hasCard: false },
      85,
      ['Trial ends in 3 days with no card on file'],
    ],
    [
      { subscriptionStatus: 'trialing', trialDaysLeft: 1, hasCard: false },
      85,
      ['Trial ends in 1 day with no card on file'],
    ],
    [
      { subscriptionStatus: 'trialing', trialDaysLeft: 0, hasCard: false },
      85,
      ['Trial ends today with no card on file'],
    ],
    [{ vehicles: 5 }, 90, ['At the vehicle limit (5 of 5)']],
    [{ vehicles: 6, users: 4 }, 90, ['Over the vehicle limit (6 of 5)', 'Over the user limit (4 of 3)']],
    [{ vehicles: 0, accountAgeDays: 20 }, 90, ['No vehicles added 20 days after sign-up']],
    [{ daysSinceSignIn: 21 }, 90, ['No sign-in for 21 days']],
    [{ daysSinceSignIn: null, accountAgeDays: 25 }, 90, ['Never signed in (account 25 days old)']],
    [{ openTickets: 1 }, 90, ['1 support ticket open for a day or more']],
    [{ openTickets: 3 }, 90, ['3 support tickets open for a day or more']],
    [{ fleetChanged30d: false }, 90, ['No fleet changes in 30 days']],
  ] as [Partial<HealthSignals>, number, string[]][])('%o scores %i', (change, score, reasons) => {
    const result = assessHealth({ ...healthy, ...change });
    expect(result.reasons).toEqual(reasons);
    expect(result.score).toBe(score);
  });

  it('does not count what has not had time to happen', () => {
    // A trial with a week and a day left, a 13-day-old empty account, 20 days without a sign-in,
    // a 29-day-old account without fleet changes, no limit at all.
    expect(
      assessHealth({
        ...healthy,
        subscriptionStatus: 'trialing',
        trialDaysLeft: 8,
        hasCard: false,
        vehicles: 0,
        accountAgeDays: 13,
        daysSinceSignIn: 20,
        fleetChanged30d: false,
      }).reasons,
    ).toEqual([]);
    expect(assessHealth({ ...healthy, accountAgeDays: 29, fleetChanged30d: false }).score).toBe(100);
    expect(
      assessHealth({ ...healthy, vehicles: 500, vehicleLimit: null, users: 9, userLimit: 0 }).score,
    ).toBe(100);
  });

  it('adds up every signal, down to 0', () => {
    const worst = assessHealth({
      ...healthy,
      failedPayments30d: 3,
      subscriptionStatus: 'past_due',
      cancelAtPeriodEnd: true,
      users: 3,
      vehicles: 0,
      accountAgeDays: 60,
      daysSinceSignIn: 40,
      fleetChanged30d: false,
      openTickets: 2,
    });
    expect(worst.score).toBe(0);
    expect(worst.riskLevel).toBe('critical');
    expect(worst.reasons).toHaveLength(8);
  });

  it('follows the health bands, the same as the colours', () => {
    for (const [score, level, band] of [
      [100, 'low', 'green'],
      [80, 'low', 'green'],
      [79, 'medium', 'yellow'],
      [60, 'medium', 'yellow'],
      [59, 'high', 'orange'],
      [40, 'high', 'orange'],
      [39, 'critical', 'red'],
      [0, 'critical', 'red'],
    ] as const) {
      expect(riskLevelOf(score)).toBe(level);
      expect(healthBand(score)).toBe(band);
    }
  });
});
