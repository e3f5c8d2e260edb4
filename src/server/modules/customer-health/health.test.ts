import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  CARDS,
  addCard,
  checkout,
  created,
  randomVin,
  signUp,
  unique,
  type TestCustomer,
} from '../../../../tests/setup/customers';
import { manualClock } from '../../clock';
import { customers, subscriptions } from '../../db/schema';
import { runDueBilling } from '../../jobs/billing-runner';
import { sweepHealth } from '../../jobs/health-sweep';
import { recordAudit, type AuditActor } from '../audit';
import { invitedPassword } from '../../../../tests/setup/mail';

const customerActor: AuditActor = {
  actorType: 'customer',
  actorId: null,
  actorEmail: null,
  ipAddress: null,
  userAgent: null,
};

// Each signal's effect through the real app: the change is made as a customer, staff or the billing
// job would make it, and the account's stored health is read back. Time-based signals are reached
// by moving the account's recorded history back (created_at, last sign-in, audit rows), then letting
// the sweep recompute it, as it does daily.
const clock = manualClock(new Date());
const day = 86_400_000;
let t: TestApp;
useTestApp({ clock }, (opened) => ({ t } = opened));
beforeEach(() => clock.set(new Date()));

async function health(id: string) {
  const [row] = await t.database.db
    .select({
      score: customers.healthScore,
      riskLevel: customers.riskLevel,
      reasons: customers.healthReasons,
      checkedAt: customers.healthCheckedAt,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return row!;
}

/** The daily sweep, for this account as if it had last been checked two days ago. */
async function sweep(id: string) {
  await t.database.db.execute(
    sql`update customers set health_checked_at = now() - interval '2 days' where id = ${id}`,
  );
  await sweepHealth(t.database.db, { pauseMs: 0 });
}

/** As if the account had been created `days` ago. */
async function ageAccount(id: string, days: number) {
  await t.database.db.execute(
    sql`update customers set created_at = created_at - make_interval(days => ${days}) where id = ${id}`,
  );
}

const addVehicle = async (c: TestCustomer) =>
  (
    await created(t, c, '/api/fleet/vehicles', {
      make: 'Ford',
      model: 'Transit',
      year: 2022,
      vin: randomVin(),
      licensePlate: `HL ${unique()}`,
    })
  ).vehicle.id as string;

const subOf = async (customerId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)))[0]!;

describe('a new account', () => {
  it('is scored at sign-up: 100, low risk, no reasons', async () => {
    const c = await signUp(t);
    expect(await health(c.id)).toMatchObject({ score: 100, riskLevel: 'low', reasons: [] });
    expect((await health(c.id)).checkedAt).not.toBeNull();
  });
});

describe('payments (35)', () => {
  it('a failed renewal takes 35 off with its reasons; retries count; the last one leaves it pending', async () => {
    const c = await signUp(t, { planId: 'starter' });
    await checkout(t, c, CARDS.visa);
    await addCard(t, c, CARDS.declinesLater, true);
    await addVehicle(c);
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });

    const due = (await subOf(c.id)).currentPeriodEnd;
    clock.set(new Date(due.getTime() + 60_000));
    await runDueBilling(t.app.services.billing);
    expect(await health(c.id)).toMatchObject({
      score: 65,
      riskLevel: 'medium',
      reasons: ['1 failed payment in 30 days', 'Subscription past due: the renewal is being retried'],
    });

    clock.set(new Date(due.getTime() + 3 * day + 60_000));
    await runDueBilling(t.app.services.billing);
    expect((await health(c.id)).reasons).toEqual([
      '2 failed payments in 30 days',
      'Subscription past due: the renewal is being retried',
    ]);

    clock.set(new Date(due.getTime() + 7 * day + 60_000));
    await runDueBilling(t.app.services.billing);
    expect(await health(c.id)).toMatchObject({
      score: 65,
      reasons: ['3 failed payments in 30 days', 'Subscription pending: waiting for a payment'],
    });
  });

  it('a declined checkout takes 20 off; paying after it keeps the failure for 30 days', async () => {
    const c = await signUp(t);
    await checkout(t, c, CARDS.declined);
    expect(await health(c.id)).toMatchObject({ score: 80, reasons: ['1 failed payment in 30 days'] });
    await checkout(t, c, CARDS.visa);
    expect(await health(c.id)).toMatchObject({ score: 80, reasons: ['1 failed payment in 30 days'] });
    await t.database.db.execute(
      sql`update payments set created_at = created_at - interval '31 days' where customer_id = ${c.id}`,
    );
    await sweep(c.id);
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
  });
});

describe('billing setup (15)', () => {
  it('a trial ending within 7 days without a card takes 15 off; adding a card clears it', async () => {
    clock.set(new Date(Date.now() - 11 * day)); // signed up 11 days ago: the trial ends in 3 days
    const c = await signUp(t);
    expect(await health(c.id)).toMatchObject({
      score: 85,
      riskLevel: 'low',
      reasons: ['Trial ends in 3 days with no card on file'],
    });
    await addVehicle(c); // another change recomputes it the same way
    expect((await health(c.id)).reasons).toEqual(['Trial ends in 3 days with no card on file']);
    await addCard(t, c, CARDS.visa);
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
  });

  it('a trial with more than 7 days left gives no reason until the sweep finds it closer', async () => {
    clock.set(new Date(Date.now() - 6 * day)); // 8 days left
    const c = await signUp(t);
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
    await t.database.db.execute(
      sql`update subscriptions set trial_ends_at = trial_ends_at - interval '2 days' where customer_id = ${c.id}`,
    );
    await sweep(c.id);
    expect((await health(c.id)).reasons).toEqual(['Trial ends in 6 days with no card on file']);
  });

  it('a cancellation takes 15 off until it is taken back', async () => {
    const c = await signUp(t);
    await checkout(t, c, CARDS.visa);
    await t.post(c, '/api/customer/cancel-subscription', {});
    const end = (await subOf(c.id)).currentPeriodEnd;
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(end);
    expect(await health(c.id)).toMatchObject({ score: 85, reasons: [`Subscription cancels on ${date}`] });
    const resumed = await t.post(c, '/api/customer/resume-subscription', {});
    expect(resumed.statusCode).toBe(200);
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
  });
});

describe('usage (20)', () => {
  it('reaching the vehicle limit takes 10 off; going under it gives them back', async () => {
    const c = await signUp(t, { planId: 'starter' }); // 5 vehicles, 3 users
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await addVehicle(c));
    expect(await health(c.id)).toMatchObject({ score: 90, reasons: ['At the vehicle limit (5 of 5)'] });
    expect((await t.delete(c, `/api/fleet/vehicles/${ids[0]}`)).statusCode).toBe(200);
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
  });

  it('reaching the user limit with team members takes 10 off', async () => {
    const c = await signUp(t, { planId: 'starter' });
    for (let i = 0; i < 2; i++) {
      await created(t, c, '/api/fleet/team', {
        firstName: 'Team',
        lastName: `Member ${i}`,
        email: `member.${unique()}@example.com`,
      });
    }
    expect(await health(c.id)).toMatchObject({ score: 90, reasons: ['At the user limit (3 of 3)'] });
  });

  it('no vehicle 14 days after sign-up takes 10 off; the first vehicle gives them back', async () => {
    const c = await signUp(t);
    await ageAccount(c.id, 20);
    await sweep(c.id);
    expect(await health(c.id)).toMatchObject({
      score: 90,
      reasons: ['No vehicles added 20 days after sign-up'],
    });
    await addVehicle(c);
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
  });
});

describe('engagement (20)', () => {
  const signedInDaysAgo = (id: string, days: number) =>
    t.database.db.execute(
      sql`update customers set last_sign_in_at = now() - make_interval(days => ${days}) where id = ${id}`,
    );

  it('no sign-in for 21 days takes 10 off; the owner signing in gives them back', async () => {
    const c = await signUp(t);
    await addVehicle(c);
    await signedInDaysAgo(c.id, 22);
    await sweep(c.id);
    expect(await health(c.id)).toMatchObject({ score: 90, reasons: ['No sign-in for 22 days'] });
    await t.customerSession(c.email, c.password);
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
  });

  it("a team member's sign-in counts for the account", async () => {
    const c = await signUp(t);
    await addVehicle(c);
    const email = `member.${unique()}@example.com`;
    await created(t, c, '/api/fleet/team', { firstName: 'Sam', lastName: 'Crew', email });
    await signedInDaysAgo(c.id, 30);
    await sweep(c.id);
    expect((await health(c.id)).reasons).toEqual(['No sign-in for 30 days']);
    await t.customerSession(email, await invitedPassword(t, email));
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
  });

  it('an account nobody has signed in to for 21 days since it was made', async () => {
    const c = await signUp(t);
    await addVehicle(c);
    await t.database.db.execute(sql`update customers set last_sign_in_at = null where id = ${c.id}`);
    await ageAccount(c.id, 25);
    await sweep(c.id);
    expect(await health(c.id)).toMatchObject({
      score: 90,
      reasons: ['Never signed in (account 25 days old)'],
    });
  });

  it('no fleet change in 30 days takes 10 off; a change gives them back', async () => {
    const c = await signUp(t);
    const vehicle = await addVehicle(c);
    await ageAccount(c.id, 40);
    await sweep(c.id);
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
    await t.database.db.execute(
      sql`update audit_logs set created_at = created_at - interval '31 days' where account_id = ${c.id}`,
    );
    await sweep(c.id);
    expect(await health(c.id)).toMatchObject({ score: 90, reasons: ['No fleet changes in 30 days'] });
    // staff viewing the account (impersonation) are not the customer using their fleet
    await t.database.db.execute(
      sql`update audit_logs set actor_type = 'staff', created_at = now()
          where id = (select max(id) from audit_logs where account_id = ${c.id} and resource_type = 'vehicle')`,
    );
    await sweep(c.id);
    expect(await health(c.id)).toMatchObject({ score: 90, reasons: ['No fleet changes in 30 days'] });
    // an export of the vehicles is audited for the account but changes nothing
    expect((await t.get(c, '/api/fleet/vehicles/export.csv')).statusCode).toBe(200);
    await sweep(c.id);
    expect(await health(c.id)).toMatchObject({ score: 90, reasons: ['No fleet changes in 30 days'] });
    const res = await t.put(c, `/api/fleet/vehicles/${vehicle}`, {
      make: 'Ford',
      model: 'Transit',
      year: 2023,
      vin: randomVin(),
      licensePlate: `HL ${unique()}`,
    });
    expect(res.statusCode).toBe(200);
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
  });
});

describe('support (10)', () => {
  it('a ticket open for a day takes 10 off; a fresh one does not; resolving it gives them back', async () => {
    const c = await signUp(t);
    await addVehicle(c);
    const opened = await t.post(c, '/api/customer/support/tickets', {
      subject: 'Tracker offline',
      description: 'Van 3 stopped reporting.',
      category: 'technical',
    });
    expect(opened.statusCode).toBe(201);
    const ticket = opened.json<{ id: string }>();
    await sweep(c.id);
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
    await t.database.db.execute(
      sql`update support_tickets set created_at = now() - interval '25 hours' where id = ${ticket.id}`,
    );
    await sweep(c.id);
    expect(await health(c.id)).toMatchObject({
      score: 90,
      reasons: ['1 support ticket open for a day or more'],
    });
    // A staff reply leaves it in progress: still waiting, still counted.
    const admin = await t.staffCookie('admin@motorpool.local');
    await t.post(admin, `/api/admin/support/tickets/${ticket.id}/messages`, { body: 'Looking into it.' });
    expect((await health(c.id)).score).toBe(90);
    // Resolving it is a change to the account: its health is recomputed in the same transaction.
    await t.patch(admin, `/api/admin/support/tickets/${ticket.id}`, { status: 'resolved' });
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
  });
});

describe('the sweep', () => {
  it('fills accounts never checked (the first run after the upgrade) and leaves fresh ones alone', async () => {
    const c = await signUp(t, { planId: 'starter' });
    for (let i = 0; i < 5; i++) await addVehicle(c);
    await t.database.db.execute(
      sql`update customers set health_score = 100, risk_level = 'low', health_reasons = '[]',
            health_checked_at = null where id = ${c.id}`,
    );
    await sweepHealth(t.database.db, { batchSize: 2, pauseMs: 0 });
    expect(await health(c.id)).toMatchObject({ score: 90, reasons: ['At the vehicle limit (5 of 5)'] });
    const [{ n }] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from customers
            where health_checked_at is null or health_checked_at < now() - interval '1 day'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    expect(n).toBe(0);
    // A fresh account is not recomputed: a score set by hand stays until its day is up.
    await t.database.db.execute(sql`update customers set health_score = 42 where id = ${c.id}`);
    await sweepHealth(t.database.db, { pauseMs: 0 });
    expect((await health(c.id)).score).toBe(42);
  });
});

describe('lock order', () => {
  it('changes to one account at the same moment all complete (no deadlock on PostgreSQL)', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const vehicles = await Promise.all(Array.from({ length: 6 }, () => addVehicle(c)));
    const body = () => ({
      make: 'Ford',
      model: 'Transit',
      year: 2024,
      vin: randomVin(),
      licensePlate: `HL ${unique()}`,
    });
    const results = await Promise.all(
      vehicles.flatMap((id) => [
        t.put(c, `/api/fleet/vehicles/${id}`, body()),
        t.delete(c, `/api/fleet/vehicles/${id}`),
        t.post(c, '/api/fleet/drivers', {
          name: 'Racer',
          email: `driver.${unique()}@example.com`,
          licenseNumber: 'D1',
        }),
      ]),
    );
    for (const res of results) expect([200, 201, 204, 404]).toContain(res.statusCode);
    await sweepHealth(t.database.db, { pauseMs: 0 }); // the deferred refreshes, if any
    expect(await health(c.id)).toMatchObject({ score: 100, reasons: [] });
  });

  it('sign-ins to one account at the same moment all open a session (no deadlock on PostgreSQL)', async () => {
    const c = await signUp(t);
    const members = [];
    for (let i = 0; i < 2; i++) {
      const email = `member.${unique()}@example.com`;
      await created(t, c, '/api/fleet/team', { firstName: 'Sam', lastName: 'Crew', email });
      members.push({ email, password: await invitedPassword(t, email) });
    }
    const people = [{ email: c.email, password: c.password }, ...members];
    const results = await Promise.all(
      [...people, ...people].map(({ email, password }) => t.customerLogin(email, password)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
  });

  it.runIf(process.env.MP_TEST_DRIVER === 'pg')(
    'a vehicle removal (vehicle row, then account) and an edit (account, then vehicle) at once do not deadlock',
    async () => {
      const c = await signUp(t, { planId: 'professional' });
      const vehicle = await addVehicle(c);
      let edit!: Promise<{ statusCode: number }>;
      await t.database.db.transaction(async (tx) => {
        // What deleteVehicle does first: its vehicle row.
        await tx.execute(sql`select id from vehicles where id = ${vehicle} for update`);
        // The edit takes the account lock, then waits for that vehicle.
        edit = t.put(c, `/api/fleet/vehicles/${vehicle}`, {
          make: 'Ford',
          model: 'Transit',
          year: 2024,
          vin: randomVin(),
          licensePlate: `HL ${unique()}`,
        });
        for (let waited = 0; ; waited += 20) {
          const { rows } = (await t.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { n: number }[] };
          if (rows[0]!.n > 0) break;
          if (waited > 5_000) throw new Error('the edit never waited for the vehicle');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // Then the removal's audit row refreshes the account's health: it must not wait for the
        // account row the edit holds (PostgreSQL would abort one of the two as a deadlock).
        await tx.execute(sql`delete from vehicles where id = ${vehicle}`);
        await recordAudit(
          tx,
          { ...customerActor, accountId: c.id },
          { action: 'delete', resourceType: 'vehicle' },
        );
      });
      expect((await edit).statusCode).toBe(404);
    },
  );

  it.runIf(process.env.MP_TEST_DRIVER === 'pg')(
    'a change does not wait for an account row another transaction holds; the job recomputes it after',
    async () => {
      const c = await signUp(t, { planId: 'starter' });
      for (let i = 0; i < 4; i++) await addVehicle(c);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.database.db.transaction(async (tx) => {
        // As the billing job holds it: its update of the account's status.
        await tx.execute(sql`update customers set updated_at = now() where id = ${c.id}`);
        locked();
        await held;
      });
      await isLocked;
      // A driver change takes no account lock of its own: only the health refresh wants the row.
      const res = await t.post(c, '/api/fleet/drivers', {
        name: 'Waiting',
        email: `driver.${unique()}@example.com`,
        licenseNumber: 'D2',
      });
      expect(res.statusCode).toBe(201);
      release();
      await holder;
      await t.database.db.execute(
        sql`insert into vehicles (customer_id, make, model, year, vin, license_plate)
            values (${c.id}, 'Ford', 'Transit', 2020, ${randomVin()}, ${`HL ${unique()}`})`,
      );
      await sweepHealth(t.database.db, { pauseMs: 0 });
      expect((await health(c.id)).reasons).toEqual(['At the vehicle limit (5 of 5)']);
    },
  );
});
