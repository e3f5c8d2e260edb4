import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, registration, type TestApp } from '../../../../tests/setup/test-app';
import { signUp, type TestCustomer } from '../../../../tests/setup/customers';
import { customers, teamMembers } from '../../db/schema';
import { DUPLICATE_EMAIL_MESSAGE } from './service';
import { EMAIL_TAKEN } from '../fleet';

let t: TestApp;
let owner: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { planId: 'enterprise' });
});
afterAll(() => t.close());

const invite = (email: string) =>
  t.post(owner, '/api/fleet/team', { firstName: 'Sam', lastName: 'Race', email, role: 'fleet_user' });

async function accountsFor(email: string) {
  const lower = email.toLowerCase();
  const [owners] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${lower}`);
  const [members] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(sql`lower(${teamMembers.email}) = ${lower}`);
  return owners!.n + members!.n;
}

describe('one email signs in to one account', () => {
  it('a sign-up and a team invitation racing for one email create one account, every time', async () => {
    for (let round = 0; round < 10; round++) {
      const input = registration();
      // Mixed case on one side: the rule is about the email, not its spelling.
      const [signed, invited] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/customers', payload: input }),
        invite(input.email.toUpperCase()),
      ]);
      const statuses = [signed.statusCode, invited.statusCode];
      expect(statuses.filter((s) => s === 409)).toHaveLength(1);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      const loser = signed.statusCode === 409 ? signed : invited;
      expect(loser.json().message).toBe(signed.statusCode === 409 ? DUPLICATE_EMAIL_MESSAGE : EMAIL_TAKEN);
      expect(await accountsFor(input.email)).toBe(1);
    }
  });

  it('an invitation for an owner email, and a sign-up for a member email, are refused', async () => {
    const taken = await invite(owner.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: EMAIL_TAKEN, errors: { email: EMAIL_TAKEN } });

    const member = registration();
    expect((await invite(member.email)).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/customers', payload: member });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DUPLICATE_EMAIL_MESSAGE);
    expect(await accountsFor(member.email)).toBe(1);
  });

  it('a removed member frees the email for a sign-up', async () => {
    const input = registration();
    const invited = await invite(input.email);
    expect(invited.statusCode).toBe(201);
    const removed = await t.delete(owner, `/api/fleet/team/${invited.json().member.id}`);
    expect(removed.statusCode).toBeLessThan(300);
    const signed = await t.app.inject({ method: 'POST', url: '/api/customers', payload: input });
    expect(signed.statusCode).toBe(201);
  });
});
