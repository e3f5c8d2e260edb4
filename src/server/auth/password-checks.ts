import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { recordFailure, resetFailures, type AttemptWindow } from './attempt-counters';
import { verifyPassword } from './passwords';

/**
 * Routes that ask a signed-in person for their current password (change password, delete the
 * account) share one counter per person, whichever URL is used. Only a session holder can spend
 * it, so reaching the limit is a plain wait, not a lock a stranger controls.
 */
const WINDOW: AttemptWindow = { scope: 'customer-password', windowMs: 15 * 60_000 };
const MAX_FAILURES = 5;

export const TOO_MANY_PASSWORD_CHECKS = 'Too many wrong passwords. Please wait 15 minutes and try again.';

/**
 * Verifies `candidate` against `hash` for one person (`subject`: the team member's or the owner's
 * id). The attempt is counted before the check, atomically, so parallel guesses cannot exceed the
 * limit together; a right password takes the count back.
 */
export async function checkCurrentPassword(
  db: Db,
  subject: string,
  hash: string | null | undefined,
  candidate: string,
  now: Date,
): Promise<boolean> {
  const attempts = await recordFailure(db, WINDOW, subject, now);
  if (attempts > MAX_FAILURES) throw new HttpError(429, TOO_MANY_PASSWORD_CHECKS);
  const valid = hash ? await verifyPassword(hash, candidate) : false;
  if (valid) await resetFailures(db, WINDOW, subject);
  return valid;
}
