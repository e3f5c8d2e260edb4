import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEMO_PASSWORD, useTestApp, registration, type TestApp } from '../../../tests/setup/test-app';
import { attemptCounters } from '../db/schema';
import { leadingZeroBits } from '../../shared/sign-in-proof';
import { proofDigest } from './sign-in-throttle';

// A low difficulty keeps the tests fast; the rule is the same at any difficulty.
let t: TestApp;
useTestApp(
  { env: { LOGIN_RATE_LIMIT_PER_ACCOUNT: '10', SIGN_IN_CHALLENGE_BITS: '8' } },
  (opened) => ({ t } = opened),
);

const STAFF = 'manager@motorpool.local';

const signIn = (url: string, email: string, password: string, proof?: object) =>
  t.app.inject({ method: 'POST', url, payload: { email, password, ...(proof ? { proof } : {}) } });
const staffSignIn = (email: string, password: string, proof?: object) =>
  signIn('/api/auth/admin-login', email, password, proof);
const customerSignIn = (email: string, password: string, proof?: object) =>
  signIn('/api/auth/dealer-login', email, password, proof);

function solve(challenge: { id: string; difficulty: number }) {
  for (let nonce = 0; ; nonce++) {
    if (leadingZeroBits(proofDigest(challenge.id, String(nonce))) >= challenge.difficulty)
      return { challengeId: challenge.id, nonce: String(nonce) };
  }
}

async function newCustomer() {
  const input = registration();
  expect((await t.app.inject({ method: 'POST', url: '/api/customers', payload: input })).statusCode).toBe(
    201,
  );
  return input;
}

describe('the per-account sign-in limit cannot lock people out', () => {
  it('wrong passwords at the customer sign-in for a staff email do not touch staff sign-in', async () => {
    for (let i = 0; i < 10; i++) expect((await customerSignIn(STAFF, 'Wrong#pass1')).statusCode).toBe(401);
    expect((await customerSignIn(STAFF, 'Wrong#pass1')).statusCode).toBe(429);
    const staff = await staffSignIn(STAFF, DEMO_PASSWORD);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().success).toBe(true);
  });

  it('successful sign-ins are not counted: a person signs in twelve times in a row', async () => {
    const c = await newCustomer();
    for (let i = 0; i < 12; i++) expect((await customerSignIn(c.email, c.password)).statusCode).toBe(200);
  });

  it('a success starts the count again', async () => {
    const c = await newCustomer();
    for (let i = 0; i < 9; i++) expect((await customerSignIn(c.email, 'Wrong#pass1')).statusCode).toBe(401);
    expect((await customerSignIn(c.email, c.password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await customerSignIn(c.email, 'Wrong#pass1')).statusCode).toBe(401);
    expect((await customerSignIn(c.email, c.password)).statusCode).toBe(200);
  });

  it('past the threshold the right password still gets in, with a solved challenge', async () => {
    const c = await newCustomer();
    for (let i = 0; i < 10; i++) expect((await customerSignIn(c.email, 'Wrong#pass1')).statusCode).toBe(401);

    const asked = await customerSignIn(c.email, c.password);
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toMatchObject({ errorType: 'challenge_required', challenge: { difficulty: 8 } });
    expect(asked.cookies).toHaveLength(0);

    const proof = solve(asked.json().challenge);
    const inside = await customerSignIn(c.email, c.password, proof);
    expect(inside.statusCode).toBe(200);
    expect(inside.json().success).toBe(true);
    // ... and that success starts the count again: no challenge on the next sign-in.
    expect((await customerSignIn(c.email, c.password)).statusCode).toBe(200);
  });

  it('a proof counts once, for its own account, and never for a wrong password', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    for (const c of [a, b]) {
      for (let i = 0; i < 10; i++) await customerSignIn(c.email, 'Wrong#pass1');
    }
    const challenge = (await customerSignIn(a.email, a.password)).json().challenge;
    const proof = solve(challenge);

    // Not for another account, nor for the other kind of sign-in.
    expect((await customerSignIn(b.email, b.password, proof)).statusCode).toBe(429);
    // A wrong password with a proof is checked, and refused as usual.
    const wrong = await customerSignIn(a.email, 'Wrong#pass1', proof);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorType).toBe('invalid_password');
    // The same proof again is spent.
    expect((await customerSignIn(a.email, a.password, proof)).statusCode).toBe(429);
    // A proof that does not meet the difficulty does not count.
    const fresh = (await customerSignIn(a.email, a.password)).json().challenge;
    let weak = 0;
    while (leadingZeroBits(proofDigest(fresh.id, String(weak))) >= fresh.difficulty) weak++;
    const refused = await customerSignIn(a.email, a.password, { challengeId: fresh.id, nonce: String(weak) });
    expect(refused.statusCode).toBe(429);
  });

  it('concurrent wrong guesses cannot slip under the threshold together', async () => {
    const c = await newCustomer();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => customerSignIn(c.email, 'Wrong#pass1')),
    );
    const codes = answers.map((r) => r.statusCode);
    // Only the first ten are checked against the password; the rest must bring a proof.
    expect(codes.filter((s) => s === 401)).toHaveLength(10);
    expect(codes.filter((s) => s === 429)).toHaveLength(15);
    const [counter] = await t.database.db
      .select()
      .from(attemptCounters)
      .where(and(eq(attemptCounters.scope, 'customer-sign-in'), eq(attemptCounters.subject, c.email)));
    expect(counter!.failures).toBe(25);
  });

  it('an account nobody knows is throttled the same way, so the answer says nothing', async () => {
    const ghost = `nobody.${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) expect((await customerSignIn(ghost, 'Wrong#pass1')).statusCode).toBe(401);
    expect((await customerSignIn(ghost, 'Wrong#pass1')).statusCode).toBe(429);
  });
});
