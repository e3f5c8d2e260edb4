import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { attemptCounters } from '../db/schema';

/**
 * Failure counters kept in the database, so every instance on one PostgreSQL sees the same count
 * (and the embedded database keeps working). A window starts at the first failure and lasts
 * `windowMs`; a failure after it starts a new window. Successes are not counted: callers reset.
 */
export type AttemptScope =
  /** Wrong passwords at staff sign-in, per email. */
  | 'staff-sign-in'
  /** Wrong passwords at customer sign-in, per email. */
  | 'customer-sign-in'
  /** Wrong current passwords on password-checked customer actions, per person. */
  | 'customer-password'
  /** Declined checkout payments, per customer account. */
  | 'checkout-declined'
  /** Requests per client address to a rate-limited route (`http/rate-limit-store.ts`). */
  | 'rate-limit'
  /** Refused requests and staff validation failures written to the audit trail, per client address. */
  | 'security-event'
  /** "Forgot password?" requests, per email address asked for (docs/password-reset.md). */
  | 'password-reset-address'
  /** Reset links issued, per account (the person whose password it resets). */
  | 'password-reset-account';

/** What is counted, and for how long one window lasts. */
export type AttemptWindow = { scope: AttemptScope; windowMs: number };

/** Failures in the current window (0 when the window has passed). */
export async function failuresOf(exec: Executor, rule: AttemptWindow, subject: string, now: Date) {
  const [row] = await exec
    .select({ failures: attemptCounters.failures, windowStartedAt: attemptCounters.windowStartedAt })
    .from(attemptCounters)
    .where(and(eq(attemptCounters.scope, rule.scope), eq(attemptCounters.subject, subject)));
  if (!row || row.windowStartedAt.getTime() <= now.getTime() - rule.windowMs) return 0;
  return row.failures;
}

/** Counts one failure atomically (one statement, safe under concurrency) and answers the new count. */
export async function recordFailure(
  exec: Executor,
  rule: AttemptWindow,
  subject: string,
  now: Date,
): Promise<number> {
  return (await countInWindow(exec, rule, subject, now)).count;
}

/** Counts one event in the subject's window and answers the count and when the window ends. */
export async function countInWindow(
  exec: Executor,
  rule: AttemptWindow,
  subject: string,
  now: Date,
): Promise<{ count: number; endsAt: Date }> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const expired = sql`${attemptCounters.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const [row] = await exec
    .insert(attemptCounters)
    .values({ scope: rule.scope, subject, failures: 1, windowStartedAt: now, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [attemptCounters.scope, attemptCounters.subject],
      set: {
        failures: sql`case when ${expired} then 1 else ${attemptCounters.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${attemptCounters.windowStartedAt} end`,
        lastFailureAt: sql`excluded.last_failure_at`,
      },
    })
    .returning({ count: attemptCounters.failures, windowStartedAt: attemptCounters.windowStartedAt });
  return { count: row!.count, endsAt: new Date(row!.windowStartedAt.getTime() + rule.windowMs) };
}

export async function resetFailures(exec: Executor, rule: AttemptWindow, subject: string): Promise<void> {
  await exec
    .delete(attemptCounters)
    .where(and(eq(attemptCounters.scope, rule.scope), eq(attemptCounters.subject, subject)));
}

/** Housekeeping: counters whose window ended long ago say nothing any more. */
export async function deleteStaleCounters(exec: Executor, olderThan: Date): Promise<void> {
  await exec.delete(attemptCounters).where(lt(attemptCounters.lastFailureAt, olderThan));
}
