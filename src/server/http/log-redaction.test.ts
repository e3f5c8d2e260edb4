import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, registration, DEMO_PASSWORD, type TestApp } from '../../../tests/setup/test-app';
import { customers } from '../db/schema';
import { redactText } from './log-redaction';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: capture });
});
afterAll(() => t.close());

describe('no secret reaches the server log', () => {
  it('a full journey of failing and succeeding calls leaves no secret in any line', async () => {
    const secrets: string[] = [];
    const app = t.app;

    // A failing insert: the query's parameters hold the new account's argon2id hash.
    await t.database.db.execute(sql`
      create function refuse_customers() returns trigger language plpgsql as $$
      begin raise exception 'customers are closed today'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_customers before insert on customers for each row execute function refuse_customers()`,
    );
    const input = registration({ password: 'Leak#Check-2026', confirmPassword: 'Leak#Check-2026' });
    secrets.push(input.password);
    const failed = await app.inject({ method: 'POST', url: '/api/customers', payload: input });
    expect(failed.statusCode).toBe(500);
    // The same kind of failure, logged as code elsewhere might log it: under another key, nested,
    // next to a user row and headers, with a URL in the message.
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
    let failure: unknown;
    await t.database.db
      .insert(customers)
      .values({ ...input, passwordHash: hash, planId: 'starter' })
      .catch((error: unknown) => (failure = error));
    expect(String(failure)).toContain(hash);
    await t.database.db.execute(sql`drop trigger refuse_customers on customers`);

    // Sign-ins, failed and successful, for staff and a customer.
    await app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'admin@motorpool.local', password: 'Wrong#Guess-77' },
    });
    secrets.push('Wrong#Guess-77');
    const staff = await app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'admin@motorpool.local', password: DEMO_PASSWORD },
    });
    const staffToken = staff.cookies.find((c) => c.name === 'mp_staff')!.value;
    const customer = await app.inject({
      method: 'POST',
      url: '/api/auth/dealer-login',
      payload: { email: 'demo@fleetco.example', password: DEMO_PASSWORD },
    });
    const bearer = customer.json().token as string;
    secrets.push(DEMO_PASSWORD, staffToken, bearer);

    // A Bearer request, a card tokenised, a URL carrying a sign-in token.
    await app.inject({
      method: 'GET',
      url: '/api/auth/customer',
      headers: { authorization: `Bearer ${bearer}` },
    });
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/payment-methods',
      headers: { authorization: `Bearer ${bearer}` },
      payload: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '987' } },
    });
    secrets.push('4242424242424242', '4242 4242 4242 4242');
    await app.inject({
      method: 'GET',
      url: `/customer-dashboard?auth=${bearer}&email=demo%40fleetco.example`,
    });
    await app.inject({ method: 'GET', url: `/api/nothing-here?token=${staffToken}` });
    app.log.warn(
      {
        failure,
        run: { attempts: [{ lastError: failure }] },
        user: { email: input.email, passwordHash: hash, sessionId: 'plain-session-id' },
        headers: { authorization: `Bearer ${bearer}`, cookie: `mp_staff=${staffToken}` },
        card: { number: '4242424242424242', cvc: '987' },
      },
      `retrying /customer-dashboard?auth=${bearer}&email=x`,
    );
    secrets.push('plain-session-id');
    // Sessions are stored by the SHA-256 of their token: those are secrets too.
    for (const token of [staffToken, bearer]) secrets.push(createHash('sha256').update(token).digest('hex'));

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(log, `the log holds ${secret.slice(0, 6)}…`).not.toContain(secret);
    expect(log).not.toMatch(/\$argon2id\$/);
    expect(log).not.toMatch(/sk_(test|live)_/);
    expect(log).not.toMatch(/"cvc"\s*:\s*"?\d/);
    // The failure itself was logged, with its query but without its values.
    expect(log).toContain('"code":"P0001"');
    expect(log).toContain('Failed query: insert into \\"customers\\"');
  });

  it('redacts secrets by their shape in text we did not write', () => {
    expect(redactText('params: $argon2id$v=19$m=19456,t=2,p=1$abc$def x')).toBe('params: [redacted hash] x');
    expect(redactText('key sk_test_51Habc123 and whsec_abc')).toBe('key [redacted key] and [redacted key]');
    expect(redactText('card 4242 4242 4242 4242 order 1234567890123')).toBe(
      'card [redacted number] order 1234567890123',
    );
    expect(redactText('/x?auth=abc&tab=billing&link=zzz')).toBe(
      '/x?auth=[redacted]&tab=billing&link=[redacted]',
    );
    expect(redactText('GET /checkout?customer=1&client_secret=abc&x=2 failed')).toBe(
      'GET /checkout?customer=1&client_secret=[redacted]&x=2 failed',
    );
    expect(redactText('connect postgres://app:p@ss:w0rd@db.internal:5432/mp failed')).toBe(
      'connect postgres://[redacted]@db.internal:5432/mp failed',
    );
    expect(redactText('see https://example.com/a?b=c, mail bob@example.com')).toBe(
      'see https://example.com/a?b=c, mail bob@example.com',
    );
  });

  it('writes a URL with its login to the log without the login', () => {
    t.app.log.warn(
      { target: 'smtp://mailer:Mailer-Pass-77@mail.example.com:587' },
      'could not reach https://crm-user:Crm-Pass-88@crm.example.com/api',
    );
    const log = lines.join('\n');
    expect(log).toContain('smtp://[redacted]@mail.example.com:587');
    expect(log).toContain('https://[redacted]@crm.example.com/api');
    expect(log).not.toMatch(/Mailer-Pass-77|Crm-Pass-88/);
  });
});
