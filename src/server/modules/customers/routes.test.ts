import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, registration, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { activities, customers } from '../../db/schema';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/customers', payload });

describe('POST /api/customers (self sign-up)', () => {
  it('creates a fleet_admin on a 14-day trial with an argon2id hash, audited, with a registration activity', async () => {
    const input = registration({ email: 'New.Owner@Example.com', planId: 'enterprise' });
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Welcome to Motorpool! Your account has been created successfully!');
    expect(body.customer).toMatchObject({
      email: 'new.owner@example.com',
      planId: 'enterprise',
      status: 'active',
      subscriptionStatus: 'trialing',
    });
    const days = (new Date(body.customer.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, body.customer.id));
    expect(row).toMatchObject({ role: 'fleet_admin', carLimit: 50, userLimit: 25, phone: '+15551234567' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const audit = await auditRowsWhere(t, { resourceId: body.customer.id });
    expect(audit.map((a) => a.action)).toContain('create');
    expect(JSON.stringify(audit)).not.toContain('argon2'); // no hash in the audit trail
    const activity = await t.database.db
      .select()
      .from(activities)
      .where(eq(activities.customerId, body.customer.id));
    expect(activity.map((a) => a.action)).toEqual(['customer_registered']);
    const signIn = await t.customerLogin('new.owner@example.com', input.password);
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a duplicate email (any case) with a clear 409 and changes nothing', async () => {
    const first = registration();
    expect((await register(first)).statusCode).toBe(201);
    const again = await register({ ...first, email: first.email.toUpperCase(), companyName: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
    const rows = await t.database.db
      .select()
      .from(customers)
      .where(sql`lower(${customers.email}) = ${first.email}`);
    expect(rows).toHaveLength(1);
  });

  it('two sign-ups racing with one email create one account', async () => {
    const input = registration();
    const results = await Promise.all([register(input), register(input)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('enforces every rule of the sign-up form with its messages', async () => {
    const res = await register({
      firstName: ' ',
      lastName: '',
      email: 'nope',
      phone: '555-1234',
      companyName: '',
      planId: '',
      password: 'short',
      confirmPassword: 'different',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      phone: 'Please enter a valid US phone number (+1 followed by 10 digits)',
      companyName: 'Company name is required',
      planId: 'Please select a plan',
      password: 'Password must be at least 8 characters',
    });
    const mismatch = await register(registration({ confirmPassword: 'Other#Pass1' }));
    expect(mismatch.json().errors).toEqual({ confirmPassword: "Passwords don't match" });
    for (const [password, message] of [
      ['lowercase1!', 'Password must contain at least one uppercase letter'],
      ['UPPERCASE1!', 'Password must contain at least one lowercase letter'],
      ['NoNumbers!!', 'Password must contain at least one number'],
      ['NoSpecial11', 'Password must contain at least one special character'],
    ] as const) {
      const weak = await register(registration({ password, confirmPassword: password }));
      expect(weak.json().errors.password).toBe(message);
    }
  });

  it('refuses an unknown or inactive plan', async () => {
    const res = await register(registration({ planId: 'does-not-exist' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ planId: 'Please select a plan' });
  });
});
