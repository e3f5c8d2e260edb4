// Two server processes behind a real HAProxy on one real PostgreSQL (docs/deployment.md): requests
// spread over both, sessions and limits hold across them, money moves once however many copies of a
// request arrive, each periodic job's work is done once, and killing one instance under load loses no
// acknowledged write. Runs in `npm test` (scripts/test.sh) when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerRowOf } from '../fakes/external-db-server';
import { type Instance, type Reply, type SendOptions } from './cluster';
import { waitUntil } from '../setup/processes';
import { startDeployment, type Deployment } from './deployment';

/** The path HAProxy checks each instance on. */
const HEALTH_PATH = '/api/ready';
const LOGIN_LIMIT = 6;
const STAFF = { from: '127.0.0.2', email: 'admin@motorpool.local' };
const SERVER_URL = process.env.TEST_DATABASE_URL;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statuses = (replies: Reply[]) => replies.map((r) => r.status);

/** What the summary line reports, filled in as the tests run. */
const summary: Record<string, string> = {};
let duplicates = 0;

if (!SERVER_URL) {
  console.log(
    'multi-instance: skipped: TEST_DATABASE_URL is not set (two server processes behind HAProxy need a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test)',
  );
}

describe.skipIf(!SERVER_URL)('two instances behind HAProxy on one PostgreSQL', () => {
  const began = Date.now();
  let d: Deployment;
  let admin: SendOptions;

  beforeAll(async () => {
    d = await startDeployment({
      serverUrl: SERVER_URL!,
      healthPath: HEALTH_PATH,
      startTimeoutMs: 120_000,
      env: {
        LOGIN_RATE_LIMIT_PER_IP: String(LOGIN_LIMIT),
        CHECKOUT_RATE_LIMIT_PER_IP: '1000',
        BILLING_JOB_INTERVAL_SECONDS: '1',
        EMAIL_DELIVERY_SECONDS: '1',
        EMAIL_AUTOMATION_SECONDS: '0',
        CRM_AUTO_SYNC_CHECK_SECONDS: '0',
        HEALTH_REPORT_SECONDS: '1',
      },
    });
    // Loaded here, not at the top: a skipped run need not load the server's modules.
    const { DEMO_PASSWORD } = await import('../../src/server/db/seed');
    // As a browser sends it: with its Origin, which must match the Host the balancer passed on.
    const login = await d.api.post(
      '/api/auth/admin-login',
      { email: STAFF.email, password: DEMO_PASSWORD },
      { from: STAFF.from, headers: { origin: d.publicUrl } },
    );
    expect(login.status, login.body).toBe(200);
    admin = { from: STAFF.from, cookie: login.cookies.join('; ') };
  });

  // A failure shows what the servers and the balancer last said.
  beforeEach(({ onTestFailed }) =>
    onTestFailed(() => {
      for (const i of d.instances) console.log(`--- instance ${i.name} (pid ${i.pid}) ---\n${i.tail()}`);
      console.log(`--- haproxy ---\n${d.balancer.tail()}`);
    }),
  );

  afterAll(async () => {
    if (d) {
      const split = d.instances.map(
        (i) => `${i.name} ${i.served.filter((s) => s.url !== HEALTH_PATH).length}`,
      );
      const counts = Object.entries(summary).map(([k, v]) => `${k}: ${v}`);
      const took = Math.round((Date.now() - began) / 1000);
      console.log(
        `multi-instance: ${d.api.sent()} requests through HAProxy (logged ${split.join(', ')}); ${counts.join('; ')}; duplicates: ${duplicates}; ${took} s`,
      );
    }
    await d?.close();
  });

  /** Where each instance's request log stands now. */
  const mark = () => d.instances.map((i) => i.served.length);
  /** Per instance, how many requests for `url` (a prefix) it logged after `at` (with that status). */
  const servedSince = (at: number[], url: string, status?: number) =>
    d.instances.map(
      (i, n) =>
        i.served.slice(at[n]).filter((s) => s.url.startsWith(url) && (!status || s.status === status)).length,
    );
  /** The client addresses the instances logged for `url` (a prefix) after `mark`, the balancer's checks aside. */
  const addressesSince = (at: number[], url: string) =>
    new Set(
      d.instances.flatMap((i, n) =>
        i.served
          .slice(at[n])
          .filter((s) => s.url.startsWith(url) && s.url !== HEALTH_PATH)
          .map((s) => s.remoteAddress),
      ),
    );
  const count = async (text: string, values?: unknown[]) =>
    (await d.rows<{ n: number }>(`select count(*)::int as n from ${text}`, values))[0]!.n;
  /** `actual` must be `expected`; anything above it is a duplicate, counted for the summary. */
  const once = (what: string, actual: number, expected = 1) => {
    duplicates += Math.max(0, actual - expected);
    expect(actual, what).toBe(expected);
  };
  /** Each instance took part. */
  const onBoth = (what: string, split: number[]) =>
    expect(Math.min(...split), `${what} per instance: ${split.join(' + ')}`).toBeGreaterThan(0);

  it('starts both at once on an empty database: the migrations and the demo data are made once', async () => {
    const journal = JSON.parse(
      fs.readFileSync(new URL('../../src/server/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: unknown[] };
    expect(await count('drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    expect(await count('staff_users')).toBe(3);
    expect(await count(`audit_logs where action = 'seed'`)).toBe(1);
    expect(await count(`customers where email = 'demo@fleetco.example'`)).toBe(1);
  });

  it('spreads requests over both; one staff session works on each, and each sees the client address', async () => {
    const at = mark();
    const health = await Promise.all(range(8).map(() => d.api.get('/api/admin/system-health', admin)));
    expect(statuses(health)).toEqual(range(8).map(() => 200));
    // System Health names the instance that answers: both did, and each lists the two.
    const answeredBy = health.map(
      (r) => (r.json().instances as { pid: number; current: boolean }[]).find((i) => i.current)?.pid,
    );
    expect(new Set(answeredBy)).toEqual(new Set(d.instances.map((i) => i.pid)));
    for (const r of health) expect(r.json().instances).toHaveLength(2);

    const me = await Promise.all(range(12).map(() => d.api.get('/api/auth/user', admin)));
    expect(statuses(me)).toEqual(range(12).map(() => 200));
    for (const r of me) expect(r.json().email).toBe(STAFF.email);
    const split = servedSince(at, '/api/auth/user');
    onBoth('requests', split);
    // X-Forwarded-For from the balancer, trusted (TRUST_PROXY): the address the client spoke from.
    expect(addressesSince(at, '/api/')).toEqual(new Set([STAFF.from]));
    summary['session'] = `20 staff requests on one cookie (${split.join(' + ')} /api/auth/user)`;
  });

  it('holds the sign-in limit per client address across instances, whatever X-Forwarded-For it sends', async () => {
    const at = mark();
    const attempts = range(2 * LOGIN_LIMIT + 2);
    const replies: Reply[] = [];
    // Three at a time, each naming another address of its own: the balancer drops that header.
    for (let i = 0; i < attempts.length; i += 3) {
      const batch = attempts
        .slice(i, i + 3)
        .map((n) =>
          d.api.post(
            '/api/auth/admin-login',
            { email: `nobody.${n}@example.com`, password: 'not-the-password' },
            { from: '127.0.0.3', headers: { 'x-forwarded-for': `198.51.100.${n}` } },
          ),
        );
      replies.push(...(await Promise.all(batch)));
    }
    const refused = statuses(replies).filter((s) => s === 429).length;
    expect(statuses(replies).filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT);
    expect(refused).toBe(attempts.length - LOGIN_LIMIT);
    expect(addressesSince(at, '/api/auth/admin-login')).toEqual(new Set(['127.0.0.3']));
    const limited = servedSince(at, '/api/auth/admin-login', 429);
    onBoth('429 answers', limited);
    summary['sign-in limit'] =
      `${LOGIN_LIMIT} of ${attempts.length} let through (429s ${limited.join(' + ')})`;
  });

  let customerNumber = 0;
  /** A new customer on its own client address, signed in. */
  async function newCustomer() {
    customerNumber += 1;
    const from = `127.0.1.${customerNumber}`;
    const email = `multi.${customerNumber}.${Date.now()}@example.com`;
    const password = 'Str0ng#Pass';
    const reg = await d.api.post(
      '/api/customers',
      {
        firstName: 'Jordan',
        lastName: 'Driver',
        email,
        phone: '+15551234567',
        companyName: `Multi Freight ${customerNumber}`,
        address: '1 Main St',
        planId: 'starter',
        password,
        confirmPassword: password,
      },
      { from },
    );
    expect(reg.status, reg.body).toBe(201);
    const login = await d.api.post('/api/auth/dealer-login', { email, password }, { from });
    expect(login.status, login.body).toBe(200);
    return { id: reg.json().customer.id as string, as: { from, cookie: login.cookies.join('; ') } };
  }
  type Customer = Awaited<ReturnType<typeof newCustomer>>;

  /** The checkout as the browser does it with Stripe Elements: start, the card confirmed at Stripe, complete. */
  async function checkout(c: Customer, copies = 1) {
    const starts = await Promise.all(
      range(copies).map(() => d.api.post('/api/create-subscription', { customerId: c.id }, c.as)),
    );
    expect(statuses(starts), starts[0]!.body).toEqual(range(copies).map(() => 200));
    const secrets = new Set(starts.map((r) => r.json().clientSecret as string));
    once('payments started', secrets.size);
    const intentId = d.stripe.intentIdFromClientSecret([...secrets][0]!);
    d.stripe.confirmIntent(intentId, d.stripe.createPaymentMethod('pm_card_visa'));
    const completes = await Promise.all(
      range(copies).map(() => d.api.post('/api/checkout/complete', { paymentIntentId: intentId }, c.as)),
    );
    expect(statuses(completes), completes[0]!.body).toEqual(range(copies).map(() => 200));
    return intentId;
  }

  let paid: Customer;
  it('charges once for a checkout whose requests arrive many times over both instances', async () => {
    paid = await newCustomer();
    const before = { ...d.stripe.counters };
    const at = mark();
    const intentId = await checkout(paid, 12);
    once('Stripe customers', d.stripe.counters.customers - before.customers);
    once('Stripe payment intents', d.stripe.counters.paymentIntents - before.paymentIntents);
    once('Stripe charges', d.stripe.chargesOf(intentId).length);
    once('payments', await count(`payments where customer_id = $1 and status = 'succeeded'`, [paid.id]));
    once('invoices', await count(`invoices where customer_id = $1`, [paid.id]));
    const split = servedSince(at, '/api/checkout/complete');
    onBoth('requests', split);
    summary['checkout'] =
      `12 starts + 12 completions (${split.join(' + ')}): 1 intent, 1 charge, 1 payment, 1 invoice`;
  });

  it('refunds once when the refund is asked many times at once over both instances', async () => {
    const [payment] = await d.rows<{ id: string; amount_cents: number; provider_ref: string }>(
      `select id, amount_cents, provider_ref from payments where customer_id = $1 and status = 'succeeded'`,
      [paid.id],
    );
    const before = d.stripe.counters.refunds;
    const at = mark();
    const replies = await Promise.all(
      range(10).map(() =>
        d.api.post(
          `/api/admin/payments/${payment!.id}/refund`,
          { amount: payment!.amount_cents / 100 },
          admin,
        ),
      ),
    );
    const codes = statuses(replies);
    expect(codes.filter((s) => s >= 500)).toEqual([]);
    once('refunds answered 200', codes.filter((s) => s === 200).length);
    once('Stripe refunds', d.stripe.counters.refunds - before);
    expect(d.stripe.charge(payment!.provider_ref)?.amount_refunded).toBe(payment!.amount_cents);
    once('refund rows', await count(`refunds where payment_id = $1`, [payment!.id]));
    const split = servedSince(at, '/api/admin/payments/');
    onBoth('requests', split);
    summary['refund'] = `10 requests (${split.join(' + ')}): 1 Stripe refund, 1 refund row`;
  });

  /** Per instance, the sum of `field` of `run` in its log lines saying `msg`. */
  const loggedRuns = (msg: string, read: (run: Record<string, unknown>) => unknown) =>
    d.instances.map((i: Instance) =>
      i.logs
        .filter((l) => l.msg === msg)
        .reduce((sum, l) => sum + Number(read(l.run as Record<string, unknown>) ?? 0), 0),
    );

  it('renews each due subscription exactly once with the billing job running on both', async () => {
    const due = await Promise.all(range(5).map(() => newCustomer()));
    for (const c of due) await checkout(c);
    const ids = due.map((c) => c.id);
    const before = d.stripe.counters.charges;
    await d.rows(
      `update subscriptions set current_period_start = now() - interval '31 days',
         current_period_end = now() - interval '1 minute', next_action_at = now() - interval '1 minute'
       where customer_id = any($1)`,
      [ids],
    );
    const renewed = () =>
      count(
        `payments where customer_id = any($1) and idempotency_key like 'renewal:%' and status = 'succeeded'`,
        [ids],
      );
    await waitUntil('every due subscription renewed', async () => (await renewed()) >= ids.length);
    await sleep(3_000); // a few more runs of the job on each instance: none may charge again

    for (const id of ids) {
      once(
        'renewals',
        await count(`payments where customer_id = $1 and idempotency_key like 'renewal:%'`, [id]),
      );
      once('invoices (checkout and renewal)', await count(`invoices where customer_id = $1`, [id]), 2);
    }
    const charged = d.stripe.counters.charges - before;
    once('Stripe renewal charges', charged, ids.length);
    const keys = d.stripe.posts.filter((p) => p.idempotencyKey?.startsWith('renewal:'));
    once('renewal idempotency keys', new Set(keys.map((p) => p.idempotencyKey)).size, ids.length);
    expect(await count(`job_runs where job = 'billing: renewals' and runs > 0`)).toBe(2);
    const split = loggedRuns('billing: processed due subscriptions', (run) => run.processed);
    summary['renewals'] = `${ids.length} due, ${charged} charged (processed ${split.join(' + ')})`;
  });

  it('runs a background job once when both instances are asked to start it', async () => {
    d.externalDb.set({ mode: 'slow', delayMs: 2_000, customers: [customerRowOf(1, 'multi.example')] });
    const before = d.externalDb.listRequests;
    const at = mark();
    const starts = await Promise.all(
      range(10).map(() => d.api.post('/api/admin/external-db/sync/customers', undefined, admin)),
    );
    expect(statuses(starts), starts[0]!.body).toEqual(range(10).map(() => 202));
    const jobIds = new Set(starts.map((r) => r.json().job.id as string));
    once('jobs answered', jobIds.size);
    once('starts that started', starts.filter((r) => r.json().started).length);
    const [id] = [...jobIds];
    await waitUntil('the import to end', async () => {
      const job = await d.api.get(`/api/admin/external-db/jobs/${id}`, admin);
      return job.json().status !== 'running';
    });
    expect((await d.api.get(`/api/admin/external-db/jobs/${id}`, admin)).json().status).toBe('succeeded');
    once('background_jobs rows', await count(`background_jobs`));
    once('reads of the source', d.externalDb.listRequests - before);
    once('imported customers', await count(`customers where email = 'customer1@multi.example'`));
    const split = servedSince(at, '/api/admin/external-db/sync/');
    onBoth('requests', split);
    summary['background job'] = `10 starts (${split.join(' + ')}), 1 job, 1 read of the source`;
  });

  it('sends each outbox message exactly once with the delivery job running on both', async () => {
    // A burst on top of what the tests above queued (welcomes, receipts, the refund), due at once.
    await d.rows(
      `insert into email_outbox (template_id, to_email, subject, body_text, body_html)
       select 'multi_instance_burst', 'burst.' || g || '@example.com', 'Burst ' || g, 'Hello', '<p>Hello</p>'
       from generate_series(1, 40) g`,
    );
    await waitUntil(
      'the outbox to drain',
      async () => (await count(`email_outbox where status in ('queued', 'sending')`)) === 0,
      60_000,
    );
    expect(await count(`email_outbox where status = 'failed'`)).toBe(0);
    const sent = await d.rows<{ provider_message_id: string }>(
      `select provider_message_id from email_outbox where status = 'sent'`,
    );
    const bare = (id: string | undefined) => (id ?? '').replace(/^<|>$/g, '');
    const received = new Map<string, number>();
    for (const m of d.mail.messages)
      received.set(bare(m.messageId), (received.get(bare(m.messageId)) ?? 0) + 1);
    once('messages received', d.mail.messages.length, received.size);
    expect(new Set(received.keys())).toEqual(new Set(sent.map((r) => bare(r.provider_message_id))));
    const split = loggedRuns('email: delivered the outbox', (run) => run.sent);
    expect(split.reduce((a, b) => a + b, 0)).toBe(sent.length);
    summary['emails'] = `${sent.length} sent (${split.join(' + ')}), ${d.mail.messages.length} received`;
  });

  it('loses no acknowledged write when an instance is killed under load; the other carries on', async () => {
    const total = 200;
    const inFlight = 4;
    const [survivor, victim] = d.instances as [Instance, Instance];
    const start = mark();
    const outcome: number[] = [];
    let next = 0;
    let acknowledged = 0;
    const worker = async () => {
      while (next < total) {
        const n = next++;
        const plan = { id: `load-${n}`, name: `Load ${n}`, price: 10 };
        const reply = await d.api.post('/api/plans', plan, admin).catch(() => null);
        outcome[n] = reply?.status ?? 0;
        if (reply?.status === 201 && ++acknowledged === 60) victim.kill('SIGKILL');
      }
    };
    await Promise.all(range(inFlight).map(worker));
    expect(await victim.exited).toBe(-1);
    await waitUntil('HAProxy to take the killed instance out', async () => {
      return (await d.balancer.states())[victim.name] === 'DOWN';
    });

    const acked = range(total).filter((n) => outcome[n] === 201);
    const failed = range(total).filter((n) => outcome[n] !== 201);
    const found = await d.rows<{ id: string }>(`select id from plans where id like 'load-%'`);
    const stored = new Set(found.map((r) => r.id));
    expect(acked.filter((n) => !stored.has(`load-${n}`))).toEqual([]);
    // Only what was in flight on the killed instance may fail; the balancer sends the rest elsewhere.
    expect(failed.length, `failed: ${failed.map((n) => `${n}=${outcome[n]}`)}`).toBeLessThanOrEqual(inFlight);

    const at = mark();
    const after = await Promise.all(range(6).map(() => d.api.get('/api/auth/user', admin)));
    expect(statuses(after)).toEqual(range(6).map(() => 200));
    // A request's log line can reach us just after its answer (the server writes its log asynchronously).
    await waitUntil(
      'the six requests in the logs',
      () => servedSince(at, '/api/auth/user').reduce((a, b) => a + b, 0) >= 6,
    ).catch(() => undefined);
    expect(servedSince(at, '/api/auth/user')).toEqual(d.instances.map((i) => (i === survivor ? 6 : 0)));
    const split = servedSince(start, '/api/plans');
    summary['kill'] =
      `${total} plan creates (${split.join(' + ')}), ${acked.length} acknowledged, ${failed.length} failed at the kill, ${stored.size} in the database`;
  });
});
