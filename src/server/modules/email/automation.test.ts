// The scheduled automation rules (docs/email.md) on a controllable clock: each fires once per customer
// and event, not again on a second run or a second instance, skipped for an opted-out customer, a
// disabled template or the product-wide switch, and never for sign-ups older than its window.
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { signUp, type TestCustomer } from '../../../../tests/setup/customers';
import { DEFAULT_CUSTOMER_SETTINGS } from '../../../shared/contracts/portal';
import { customers, emailOutbox, subscriptions } from '../../db/schema';
import { automationProgress, FULL_PASS_MS, runEmailAutomation } from './automation';
import { OUTBOX_INSERT_CHUNK } from './outbox';

const DAY = 86_400_000;
let t: TestApp;
let admin: string;
useTestApp({ staff: ['admin'] }, (opened) => ({ t, admin } = opened));

const db = () => t.database.db;
const deps = (app = t.app) => ({
  db: db(),
  queue: app.services.email,
  appName: 'Motorpool',
  publicUrl: 'http://mp.test',
});
const sentTo = (c: TestCustomer, template: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.customerId, c.id), eq(emailOutbox.templateId, template)));

/** When the customer signed up, by the database's clock (what the rules read). */
async function signedUpAt(c: TestCustomer) {
  const [row] = await db().select({ at: customers.createdAt }).from(customers).where(eq(customers.id, c.id));
  return row!.at;
}

describe('sign-up rules', () => {
  it('sends the setup guide a day after sign-up and the feature tips after three, each once', async () => {
    const c = await signUp(t);
    const start = await signedUpAt(c);
    const at = (days: number) => new Date(start.getTime() + days * DAY + 60_000);

    await runEmailAutomation(deps(), at(0.5));
    expect(await sentTo(c, 'onboarding_1')).toHaveLength(0);

    await runEmailAutomation(deps(), at(1));
    const [guide] = await sentTo(c, 'onboarding_1');
    expect(guide).toMatchObject({
      toEmail: c.email,
      subject: 'Set up Roadrunner Freight on Motorpool in three steps',
    });
    expect(guide!.bodyText).toContain('http://mp.test/customer-login');
    expect(await sentTo(c, 'onboarding_2')).toHaveLength(0);

    // Again, and from a second instance: nothing more.
    await runEmailAutomation(deps(), at(1.5));
    const second = await t.secondInstance();
    try {
      await runEmailAutomation(deps(second.app), at(1.5));
    } finally {
      await second.close();
    }
    expect(await sentTo(c, 'onboarding_1')).toHaveLength(1);

    await runEmailAutomation(deps(), at(3));
    expect(await sentTo(c, 'onboarding_2')).toHaveLength(1);
    await runEmailAutomation(deps(), at(3.2));
    expect(await sentTo(c, 'onboarding_1')).toHaveLength(1);
    expect(await sentTo(c, 'onboarding_2')).toHaveLength(1);
  });

  it('does not mail sign-ups older than the rule’s window (a first deploy)', async () => {
    const c = await signUp(t);
    await runEmailAutomation(deps(), new Date((await signedUpAt(c)).getTime() + 10 * DAY));
    expect(await sentTo(c, 'onboarding_1')).toHaveLength(0);
    expect(await sentTo(c, 'onboarding_2')).toHaveLength(0);
  });

  it('skips a customer who turned email notifications off in the portal', async () => {
    const c = await signUp(t);
    const saved = await t.put(c, `/api/customer/settings/${encodeURIComponent(c.email)}`, {
      ...DEFAULT_CUSTOMER_SETTINGS,
      emailNotifications: false,
    });
    expect(saved.statusCode).toBe(200);
    await runEmailAutomation(deps(), new Date((await signedUpAt(c)).getTime() + DAY + 60_000));
    expect(await sentTo(c, 'onboarding_1')).toHaveLength(0);
  });

  it('queues a whole batch in one write and one read of the switches, whatever its size', async () => {
    const batch: TestCustomer[] = [];
    for (let i = 0; i < 12; i++) batch.push(await signUp(t));
    const optedOut = batch[0]!;
    await t.put(optedOut, `/api/customer/settings/${encodeURIComponent(optedOut.email)}`, {
      ...DEFAULT_CUSTOMER_SETTINGS,
      emailNotifications: false,
    });
    const at = new Date((await signedUpAt(batch.at(-1)!)).getTime() + DAY + 60_000);
    const statements = await t.statementsDuring(() => runEmailAutomation(deps(), at));
    for (const c of batch.slice(1)) expect(await sentTo(c, 'onboarding_1')).toHaveLength(1);
    expect(await sentTo(optedOut, 'onboarding_1')).toHaveLength(0);
    // One statement each, not one per customer: the outbox write and the customers' switches.
    expect(statements.filter((s) => /insert into "email_outbox"/i.test(s.sql))).toHaveLength(1);
    expect(statements.filter((s) => /from "customer_settings"/i.test(s.sql))).toHaveLength(1);
  });

  it('skips a disabled template, and every account email while the product-wide switch is off', async () => {
    const c = await signUp(t);
    const at = new Date((await signedUpAt(c)).getTime() + DAY + 60_000);
    const off = await t.put(admin, '/api/admin/email/templates/onboarding_1/enabled', { enabled: false });
    expect(off.statusCode).toBe(200);
    await runEmailAutomation(deps(), at);
    expect(await sentTo(c, 'onboarding_1')).toHaveLength(0);
    await t.put(admin, '/api/admin/email/templates/onboarding_1/enabled', { enabled: true });

    await t.put(admin, '/api/admin/general-settings', { emailNotifications: false });
    try {
      await runEmailAutomation(deps(), at);
      expect(await sentTo(c, 'onboarding_1')).toHaveLength(0);
      // A security email still goes.
      const security = await t.app.services.email.queue(db(), {
        template: 'password_changed',
        to: { email: c.email },
        data: { firstName: 'J', lastName: 'D', email: c.email, signInUrl: 'x' },
        customerId: c.id,
      });
      expect(security.status).toBe('queued');
    } finally {
      await t.put(admin, '/api/admin/general-settings', { emailNotifications: true });
    }
    await runEmailAutomation(deps(), at);
    expect(await sentTo(c, 'onboarding_1')).toHaveLength(1);
  });
});

describe('trial-expiring reminders', () => {
  it('sends the 7, 3 and 1 day reminders once each, with the days left', async () => {
    const c = await signUp(t);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, c.id));
    expect(sub?.status).toBe('trialing');
    const end = sub!.trialEndsAt!;
    const before = (days: number) => new Date(end.getTime() - days * DAY + 60_000);
    const reminders = async () =>
      (await sentTo(c, 'trial_expiring')).map((r) => /days left: (\d+)/.exec(r.bodyText ?? '')?.[1]).sort();

    await runEmailAutomation(deps(), before(8));
    expect(await reminders()).toEqual([]);
    await runEmailAutomation(deps(), before(7));
    await runEmailAutomation(deps(), before(6));
    expect(await reminders()).toEqual(['7']);
    await runEmailAutomation(deps(), before(3));
    await runEmailAutomation(deps(), before(2.5));
    await runEmailAutomation(deps(), before(1));
    await runEmailAutomation(deps(), before(0.5));
    expect(await reminders()).toEqual(['1', '3', '7']);
    // A run after the reminder was queued does not pick that customer again (the SQL spelling of the
    // reminder's key matches the queue's): no statement of the run names them.
    const again = await t.statementsDuring(() => runEmailAutomation(deps(), before(0.4)));
    expect(again.filter((s) => s.params.some((p) => p === c.id || p === c.email))).toEqual([]);
    // After the trial ended: nothing.
    await runEmailAutomation(deps(), new Date(end.getTime() + DAY));
    expect(await reminders()).toHaveLength(3);
  });
});

describe('trial reminders in pieces', () => {
  it('reads the trials a piece at a time, in end order: each trial reminded once, a shared end at a piece edge included', async () => {
    const trial = await Promise.all(Array.from({ length: 5 }, () => signUp(t)));
    const ids = trial.map((c) => c.id);
    const rows = await db().select().from(subscriptions).where(inArray(subscriptions.customerId, ids));
    // Two trials end at the same instant, so a piece edge falls between equal ends.
    const end = rows[0]!.trialEndsAt!;
    await db()
      .update(subscriptions)
      .set({ trialEndsAt: end })
      .where(inArray(subscriptions.customerId, [ids[1]!, ids[2]!]));
    const at = new Date(end.getTime() - 6 * DAY);

    const run = await t.statementsDuring(() => runEmailAutomation({ ...deps(), trialPiece: 2 }, at));
    for (const c of trial) expect((await sentTo(c, 'trial_expiring')).length, c.email).toBe(1);
    // Every trial of the week is read in pieces of 2: at least three pieces for these five.
    expect(run.filter((s) => /\boffset\b/i.test(s.sql)).length).toBeGreaterThanOrEqual(3);

    await runEmailAutomation({ ...deps(), trialPiece: 2 }, new Date(at.getTime() + 60_000));
    for (const c of trial) expect((await sentTo(c, 'trial_expiring')).length, c.email).toBe(1);
  });
});

describe('runs after a complete one (the job keeps its progress)', () => {
  it('send what crossed a threshold since the last run: a sign-up reaching its day, a trial its reminder', async () => {
    const c = await signUp(t);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, c.id));
    const end = sub!.trialEndsAt!;
    const signedUp = await signedUpAt(c);
    const progress = automationProgress();

    await runEmailAutomation(deps(), new Date(signedUp.getTime() + DAY / 2), progress);
    expect(progress.fullAt).not.toBeNull();
    expect(await sentTo(c, 'onboarding_1')).toHaveLength(0);
    await runEmailAutomation(deps(), new Date(signedUp.getTime() + DAY + 60_000), progress);
    expect(await sentTo(c, 'onboarding_1')).toHaveLength(1);

    // Runs a minute apart, each after a complete one, up to and past the trial's 7-day reminder.
    let at = new Date(end.getTime() - 7 * DAY - 3 * 60_000);
    progress.coveredAt = at;
    progress.fullAt = at;
    for (let i = 0; i < 6; i++) {
      at = new Date(at.getTime() + 60_000);
      await runEmailAutomation(deps(), at, progress);
    }
    const reminders = await sentTo(c, 'trial_expiring');
    expect(reminders.map((r) => r.dedupeKey)).toEqual([`trial_expiring:7:${c.id}:${end.toISOString()}`]);
  });

  it('leave what became due without the clock to the next full pass, within the hour', async () => {
    const c = await signUp(t);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, c.id));
    const start = new Date(sub!.trialEndsAt!.getTime() - 10 * DAY);
    const progress = automationProgress();
    await runEmailAutomation(deps(), start, progress);
    expect(progress.fullAt).toEqual(start);

    // The trial is moved to end in five days: its 7-day reminder is due now, though the clock crossed no
    // threshold.
    const moved = new Date(start.getTime() + 5 * DAY);
    await db().update(subscriptions).set({ trialEndsAt: moved }).where(eq(subscriptions.customerId, c.id));
    const incremental = new Date(start.getTime() + 60_000);
    await runEmailAutomation(deps(), incremental, progress);
    expect(await sentTo(c, 'trial_expiring')).toHaveLength(0);
    // Without the progress (a full pass), the same run would have sent it: the incremental one did not look.
    const full = new Date(start.getTime() + FULL_PASS_MS);
    await runEmailAutomation(deps(), full, progress);
    expect((await sentTo(c, 'trial_expiring')).map((r) => r.dedupeKey)).toEqual([
      `trial_expiring:7:${c.id}:${moved.toISOString()}`,
    ]);
    expect(progress.fullAt).toEqual(full);
  });
});

describe('a large batch', () => {
  it('is written in statements of at most OUTBOX_INSERT_CHUNK messages, every one queued', async () => {
    const count = OUTBOX_INSERT_CHUNK * 2 + 3;
    const messages = Array.from({ length: count }, (_, i) => {
      const email = `batch-${i}-${Date.now()}@example.com`;
      const person = { firstName: 'Batch', lastName: String(i), email, companyName: 'Batch Freight' };
      return {
        template: 'onboarding_2' as const,
        to: { email },
        data: { ...person, planName: 'Starter', signInUrl: 'http://mp.test/customer-login' },
        dedupeKey: `batch-test:${i}:${Date.now()}`,
      };
    });
    let queued = 0;
    const statements = await t.statementsDuring(async () => {
      const results = await t.app.services.email.queueMany(db(), messages);
      queued = results.filter((r) => r.status === 'queued').length;
    });
    // The embedded database holds every request while a statement runs: one of 200 messages took
    // 300-400 ms at 1,000,000 messages.
    const inserts = statements.filter((s) => s.sql.startsWith('insert into "email_outbox"'));
    expect(inserts).toHaveLength(Math.ceil(count / OUTBOX_INSERT_CHUNK));
    expect(queued).toBe(count);
  });
});
