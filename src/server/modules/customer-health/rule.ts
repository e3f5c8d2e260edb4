import type { RiskLevel } from '../../../shared/contracts/staff-customers';
import { shortDate } from '../../lib/day-text';

/**
 * What the health rule reads about one account, gathered by `signals.ts` in one statement. Every
 * duration is counted by the database against its own clock, in whole days (docs/customer-health.md).
 */
export type HealthSignals = {
  /** Declined charges (checkout, upgrade, renewal and its retries) in the last 30 days. */
  failedPayments30d: number;
  /** trialing | active | past_due | pending | canceled; null when the account has none. */
  subscriptionStatus: string | null;
  /** A cancellation waiting for the end of the period, and that end (for the reason). */
  cancelAtPeriodEnd: boolean;
  periodEnd: Date | null;
  /** Whole days until the trial ends, rounded up (0: it ends today); null when not trialing. */
  trialDaysLeft: number | null;
  hasCard: boolean;
  /** Vehicles that count against the plan (not retired) and the owner plus team members. */
  vehicles: number;
  vehicleLimit: number | null;
  users: number;
  userLimit: number | null;
  accountAgeDays: number;
  /** Whole days since the owner or a team member last signed in; null: nobody ever has. */
  daysSinceSignIn: number | null;
  /** Vehicles, drivers, maintenance or team members changed in the last 30 days. */
  fleetChanged30d: boolean;
  /** Support tickets open or in progress for at least a day (OPEN_TICKET_AGE_DAYS). */
  openTickets: number;
};

export type HealthAssessment = { score: number; riskLevel: RiskLevel; reasons: string[] };

export const SIGN_IN_DAYS = 21;
export const TRIAL_WARNING_DAYS = 7;
export const NO_USAGE_AFTER_DAYS = 14;
export const FLEET_CHANGE_DAYS = 30;
/** A ticket counts once it has waited this long: one answered the same day is no churn sign. */
export const OPEN_TICKET_AGE_DAYS = 1;

type Signal = {
  /** Which of the rule's four groups (and the future fifth) the signal belongs to. */
  group: 'payments' | 'billing setup' | 'usage' | 'engagement' | 'support';
  weight: number;
  /** The reasons it gives when it takes its weight off the score; none when it does not apply. */
  reasons(s: HealthSignals): string[];
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const hasLimit = (limit: number | null): limit is number => limit !== null && limit > 0;

function limitReason(what: string, used: number, limit: number | null): string[] {
  if (!hasLimit(limit) || used < limit) return [];
  return [`${used > limit ? 'Over' : 'At'} the ${what} limit (${used} of ${limit})`];
}

function subscriptionReason(s: HealthSignals): string | null {
  switch (s.subscriptionStatus) {
    case null:
      return 'No subscription';
    case 'pending':
      return 'Subscription pending: waiting for a payment';
    case 'canceled':
      return 'Subscription cancelled';
    case 'trialing':
      if (!s.hasCard && s.trialDaysLeft !== null && s.trialDaysLeft <= TRIAL_WARNING_DAYS) {
        const when = s.trialDaysLeft <= 0 ? 'today' : `in ${plural(s.trialDaysLeft, 'day')}`;
        return `Trial ends ${when} with no card on file`;
      }
  }
  if (s.cancelAtPeriodEnd && s.periodEnd) return `Subscription cancels on ${shortDate(s.periodEnd)}`;
  return null;
}

/**
 * The rule, signal by signal; the weights add up to 100. A signal that applies takes its whole
 * weight off, so each one's effect on the score is exactly its weight.
 */
export const HEALTH_SIGNALS = {
  failedPayments: {
    group: 'payments',
    weight: 20,
    reasons: (s) =>
      s.failedPayments30d > 0 ? [`${plural(s.failedPayments30d, 'failed payment')} in 30 days`] : [],
  },
  pastDue: {
    group: 'payments',
    weight: 15,
    reasons: (s) =>
      s.subscriptionStatus === 'past_due' ? ['Subscription past due: the renewal is being retried'] : [],
  },
  subscription: {
    group: 'billing setup',
    weight: 15,
    reasons: (s) => {
      const reason = subscriptionReason(s);
      return reason ? [reason] : [];
    },
  },
  atLimit: {
    group: 'usage',
    weight: 10,
    reasons: (s) => [
      ...limitReason('vehicle', s.vehicles, s.vehicleLimit),
      ...limitReason('user', s.users, s.userLimit),
    ],
  },
  noUsage: {
    group: 'usage',
    weight: 10,
    reasons: (s) =>
      s.vehicles === 0 && s.accountAgeDays >= NO_USAGE_AFTER_DAYS
        ? [`No vehicles added ${plural(s.accountAgeDays, 'day')} after sign-up`]
        : [],
  },
  noSignIn: {
    group: 'engagement',
    weight: 10,
    reasons: (s) => {
      if (s.daysSinceSignIn === null) {
        return s.accountAgeDays >= SIGN_IN_DAYS
          ? [`Never signed in (account ${plural(s.accountAgeDays, 'day')} old)`]
          : [];
      }
      return s.daysSinceSignIn >= SIGN_IN_DAYS ? [`No sign-in for ${plural(s.daysSinceSignIn, 'day')}`] : [];
    },
  },
  noFleetChanges: {
    group: 'engagement',
    weight: 10,
    reasons: (s) =>
      !s.fleetChanged30d && s.accountAgeDays >= FLEET_CHANGE_DAYS
        ? [`No fleet changes in ${FLEET_CHANGE_DAYS} days`]
        : [],
  },
  // Open tickets are a strong churn sign (issue 14): 10, taken from the sign-in signal's 20.
  openTickets: {
    group: 'support',
    weight: 10,
    reasons: (s) =>
      s.openTickets > 0 ? [`${plural(s.openTickets, 'support ticket')} open for a day or more`] : [],
  },
} satisfies Record<string, Signal>;

/** The health bands: 80 and up low, 60 medium, 40 high, below 40 critical. */
export function riskLevelOf(score: number): RiskLevel {
  if (score >= 80) return 'low';
  if (score >= 60) return 'medium';
  if (score >= 40) return 'high';
  return 'critical';
}

export function assessHealth(signals: HealthSignals): HealthAssessment {
  let score = 100;
  const reasons: string[] = [];
  for (const signal of Object.values(HEALTH_SIGNALS) as Signal[]) {
    const given = signal.reasons(signals);
    if (given.length === 0) continue;
    score -= signal.weight;
    reasons.push(...given);
  }
  score = Math.max(0, score);
  return { score, riskLevel: riskLevelOf(score), reasons };
}
