import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { SignInChallenge } from '../../shared/contracts/auth';
import { leadingZeroBits, proofInput } from '../../shared/sign-in-proof';
import type { Db, Executor } from '../db/client';
import { signInChallenges } from '../db/schema';
import { recordFailure, resetFailures, type AttemptWindow } from './attempt-counters';

/**
 * The per-account sign-in limit (docs/decisions/0003-hardening.md, item 9). Staff and customer
 * sign-ins count apart, only failures count, and a success starts over. Past the threshold the
 * account is not locked (a stranger could then lock anyone out): each further attempt must carry
 * a solved proof-of-work challenge, which costs a browser about half a second and an attacker the same
 * for every guess, and the right password with a proof always gets in.
 */
export type SignInScope = 'staff-sign-in' | 'customer-sign-in';

export const CHALLENGE_REQUIRED_MESSAGE =
  'Too many failed sign-ins for this account. Complete the browser check to continue.';

const CHALLENGE_TTL_MS = 5 * 60_000;

export type SignInThrottle = {
  /** Failures within the window before a proof is needed. */
  threshold: number;
  /** How long a window of counted failures lasts (System Settings → Security; default 15 minutes). */
  windowMs: number;
  /** Leading zero bits the proof's SHA-256 must have. */
  difficulty: number;
};

const windowOf = (scope: SignInScope, windowMs: number): AttemptWindow => ({ scope, windowMs });

export type Admission = { admitted: true } | { admitted: false; challenge: SignInChallenge };

/**
 * Counts the attempt before the password is checked, in one atomic statement, so concurrent
 * guesses cannot slip under the threshold together; `signInSucceeded` takes it back.
 */
export async function admitSignIn(
  db: Db,
  throttle: SignInThrottle,
  scope: SignInScope,
  email: string,
  proof: { challengeId: string; nonce: string } | undefined,
  now: Date,
): Promise<Admission> {
  const attempts = await recordFailure(db, windowOf(scope, throttle.windowMs), email, now);
  if (attempts <= throttle.threshold) return { admitted: true };
  if (proof && (await redeemProof(db, scope, email, proof, now))) return { admitted: true };
  return { admitted: false, challenge: await issueChallenge(db, throttle, scope, email, now) };
}

/** The count is removed whatever its window, so the window's length does not matter here. */
export async function signInSucceeded(exec: Executor, scope: SignInScope, email: string): Promise<void> {
  await resetFailures(exec, windowOf(scope, 0), email);
}

async function issueChallenge(
  db: Db,
  throttle: SignInThrottle,
  scope: SignInScope,
  email: string,
  now: Date,
): Promise<SignInChallenge> {
  const id = randomBytes(16).toString('hex');
  await db.insert(signInChallenges).values({
    id,
    scope,
    subject: email,
    difficulty: throttle.difficulty,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return { id, difficulty: throttle.difficulty };
}

/** A proof counts once, for the account and kind of sign-in it was issued for, before it expires. */
async function redeemProof(
  db: Db,
  scope: SignInScope,
  email: string,
  proof: { challengeId: string; nonce: string },
  now: Date,
): Promise<boolean> {
  const [challenge] = await db
    .delete(signInChallenges)
    .where(
      and(
        eq(signInChallenges.id, proof.challengeId),
        eq(signInChallenges.scope, scope),
        eq(signInChallenges.subject, email),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .returning({ difficulty: signInChallenges.difficulty });
  return !!challenge && leadingZeroBits(proofDigest(proof.challengeId, proof.nonce)) >= challenge.difficulty;
}

export function proofDigest(challengeId: string, nonce: string): Buffer {
  return createHash('sha256').update(proofInput(challengeId, nonce)).digest();
}

export async function deleteExpiredChallenges(db: Db, now: Date): Promise<void> {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
}
