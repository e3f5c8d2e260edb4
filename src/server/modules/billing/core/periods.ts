import { addMonths } from 'date-fns/addMonths';

/** Billing periods are one calendar month (Jan 31 -> Feb 28/29, as date-fns clamps). */
export function nextPeriodEnd(start: Date): Date {
  return addMonths(start, 1);
}

/**
 * What an upgrade costs for the rest of the period: the price difference times the share of the
 * period still to come, rounded to the cent. Nothing when the period is over or the price lower.
 */
export function prorationCents(input: {
  fromPriceCents: number;
  toPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): number {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  const remaining = input.periodEnd.getTime() - input.at.getTime();
  if (total <= 0 || remaining <= 0 || input.toPriceCents <= input.fromPriceCents) return 0;
  const share = Math.min(1, remaining / total);
  return Math.round((input.toPriceCents - input.fromPriceCents) * share);
}

/** Retries after a failed renewal: on day 3 and on day 7, then the customer needs to act. */
export const RETRY_DAYS = [3, 7] as const;

export function retryAt(firstFailure: Date, attemptsSoFar: number): Date | null {
  const day = RETRY_DAYS[attemptsSoFar - 1];
  return day === undefined ? null : new Date(firstFailure.getTime() + day * 86_400_000);
}
