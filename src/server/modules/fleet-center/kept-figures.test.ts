import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { created, randomVin, signUp, unique, type TestCustomer } from '../../../../tests/setup/customers';
import { analyticsFromRows, keptTables, tablesFromRows } from '../../../../tests/setup/fleet-figures';
import { bulk } from '../../../../bench/seed-kit';
import { isoDay } from '../../../shared/days';
import { manualClock } from '../../clock';
import { customers, vehicles } from '../../db/schema';
import { analyticsReads, fleetAnalytics } from './analytics';

// The figures triggers keep (migration 0027, and per account 0031) against the same figures computed
// from every row, after each way the product writes vehicles, drivers and maintenance records. The
// template database these start from was migrated empty and then seeded with the demo account, so the first check covers the
// migration's backfill and the demo seed.

let t: TestApp;
let admin: string;
useTestApp({ staff: ['admin'] }, (opened) => ({ t, admin } = opened));

const DAY = 86_400_000;
const db = () => t.database.db;
const midnight = (at: number) => Date.parse(`${isoDay(new Date(at))}T00:00:00Z`);

/** Times to read the analytics at: now, a month either way, and the window starting just at and just before midnight. */
function moments(): Date[] {
  const now = Date.now();
  return [now, now - 40 * DAY, now + 25 * DAY, midnight(now), midnight(now) - 1].map((ms) => new Date(ms));
}

/** Every kept row equals its from-scratch grouping, and the analytics equal the every-row answer. */
async function expectKeptExact(after: string) {
  expect(await keptTables(db()), after).toEqual(await tablesFromRows(db()));
  for (const now of moments()) {
    const kept = await fleetAnalytics(db(), manualClock(now));
    expect(kept, `${after}, read at ${now.toISOString()}`).toEqual(await analyticsFromRows(db(), now));
  }
}

const vehicleBody = (status: string, mileage: number) => ({
  make: 'Volvo',
  model: 'FH16',
  year: 2021,
  vin: randomVin(),
  licensePlate: `KF ${unique()}`,
  status,
  mileage,
});

async function addVehicle(c: TestCustomer, status: string, mileage: number) {
  const body = vehicleBody(status, mileage);
  const { vehicle } = await created(t, c, '/api/fleet/vehicles', body);
  return { ...body, id: vehicle.id as string };
}

async function ok(request: Promise<{ statusCode: number; body: string }>) {
  const res = await request;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

const dayFromNow = (days: number) => isoDay(new Date(Date.now() + days * DAY));

describe('the fleet figures kept by triggers', () => {
  it('match the rows after the migration and the demo seed', async () => {
    expect(Object.keys((await keptTables(db())).counters).length).toBeGreaterThan(0);
    await expectKeptExact('the demo seed');
  });

  it('follow vehicles created, imported, changed in status and mileage, and deleted', async () => {
    const a = await signUp(t, { planId: 'professional' });
    const b = await signUp(t, { planId: 'starter' });
    const [active, , retired] = [
      await addVehicle(a, 'active', 1200.25),
      await addVehicle(a, 'maintenance', 300),
      await addVehicle(a, 'retired', 99_000),
    ];
    const onlyB = await addVehicle(b, 'inactive', 10);
    await ok(
      t.post(a, '/api/fleet/vehicles/import', {
        vehicles: [vehicleBody('active', 5), vehicleBody('retired', 7)],
      }),
    );
    await expectKeptExact('creates and an import');

    // A and B have open records due by date, by mileage, and both.
    for (const [c, id, values] of [
      [a, active.id, { dueDate: dayFromNow(-3) }],
      [a, active.id, { dueMileage: 1500 }],
      [a, active.id, { dueMileage: 2000, dueDate: dayFromNow(12) }],
      [a, retired.id, { dueMileage: 99_500 }],
      [b, onlyB.id, { dueDate: dayFromNow(30) }],
    ] as const) {
      await created(t, c, '/api/fleet/maintenance', { vehicleId: id, type: 'Service', ...values });
    }
    await expectKeptExact('maintenance on those vehicles');

    const update = (c: TestCustomer, v: typeof active, changes: object) =>
      ok(t.put(c, `/api/fleet/vehicles/${v.id}`, { ...v, id: undefined, ...changes }));
    await update(a, active, { mileage: 2500 }); // past both due mileages
    await expectKeptExact('an odometer passing two due mileages');
    await update(a, active, { mileage: 1700 }); // back under one of them
    await update(a, active, { mileage: 1700, status: 'retired' });
    await update(a, retired, { status: 'active', mileage: 99_999 });
    await update(b, onlyB, { status: 'retired' }); // B's last counted vehicle
    await expectKeptExact('status and mileage changes');

    await ok(t.delete(a, `/api/fleet/vehicles/${active.id}`)); // with its open records
    await ok(t.delete(b, `/api/fleet/vehicles/${onlyB.id}`));
    await expectKeptExact('vehicle deletions');
  });

  it('follow drivers and maintenance created, changed, completed and deleted', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const [one, two] = [await addVehicle(c, 'active', 40_000), await addVehicle(c, 'active', 10)];
    const driver = await created(t, c, '/api/fleet/drivers', {
      name: 'Kit Driver',
      email: `kit.${unique()}@example.com`,
      licenseNumber: `K${unique()}`,
    });
    await created(t, c, '/api/fleet/drivers', {
      name: 'Other',
      email: `o.${unique()}@example.com`,
      licenseNumber: 'K2',
    });
    await ok(t.delete(c, `/api/fleet/drivers/${driver.driver.id}`));

    const record = (
      await created(t, c, '/api/fleet/maintenance', {
        vehicleId: one.id,
        type: 'Oil',
        dueDate: dayFromNow(5),
      })
    ).record.id as string;
    const put = (values: object) =>
      ok(t.put(c, `/api/fleet/maintenance/${record}`, { vehicleId: one.id, type: 'Oil', ...values }));
    await put({ dueDate: dayFromNow(-8) }); // now overdue by date
    await put({ dueMileage: 39_000 }); // overdue by mileage, no date
    await put({ vehicleId: two.id, dueMileage: 39_000 }); // onto a vehicle that has not reached it
    await expectKeptExact('maintenance changes');

    await ok(t.post(c, `/api/fleet/maintenance/${record}/complete`, { next: { dueDate: dayFromNow(20) } }));
    const other = (
      await created(t, c, '/api/fleet/maintenance', { vehicleId: one.id, type: 'Tyres', dueMileage: 100 })
    ).record.id as string;
    await ok(t.delete(c, `/api/fleet/maintenance/${other}`));
    await expectKeptExact('a completion with its next record, and a deletion');
  });

  it("follow an account's deletion, which cascades to its whole fleet", async () => {
    const c = await signUp(t, { planId: 'professional' });
    const v = await addVehicle(c, 'active', 800);
    await addVehicle(c, 'retired', 5);
    await created(t, c, '/api/fleet/maintenance', { vehicleId: v.id, type: 'Brakes', dueMileage: 700 });
    await created(t, c, '/api/fleet/maintenance', { vehicleId: v.id, type: 'Oil', dueDate: dayFromNow(2) });
    await created(t, c, '/api/fleet/drivers', {
      name: 'Gone',
      email: `g.${unique()}@example.com`,
      licenseNumber: 'G1',
    });
    await expectKeptExact('the account before its deletion');
    await ok(t.delete(admin, `/api/admin/customers/${c.id}`));
    expect((await keptTables(db())).accounts[c.id]).toBeUndefined();
    await expectKeptExact("the account's deletion");
  });

  it('count the first day of the 30-day window exactly, by the time of day a vehicle was added', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const now = new Date();
    const since = now.getTime() - 30 * DAY;
    const times = [
      since - 1,
      since,
      since + 1,
      midnight(since),
      midnight(since) + DAY,
      midnight(since) + DAY - 1,
    ];
    for (const at of times) {
      const v = await addVehicle(c, 'active', 1);
      await db()
        .update(vehicles)
        .set({ createdAt: new Date(at) })
        .where(eq(vehicles.id, v.id));
    }
    await expectKeptExact('creation times moved around the window start');
    const kept = await fleetAnalytics(db(), manualClock(now));
    const atNow = await analyticsFromRows(db(), now);
    expect(kept.vehicles.addedRecently).toBe(atNow.vehicles.addedRecently);
  });

  it('are made right again by the recompute functions after a bulk insert with triggers off (the bench seeds)', async () => {
    const [owner] = await db().select({ id: customers.id }).from(customers).limit(1);
    await bulk(
      db(),
      sql`insert into vehicles (customer_id, make, model, year, vin, license_plate, status, mileage)
        select ${owner!.id}, 'Hino', '268A', 2020, 'BULK' || lpad(g::text, 13, '0'), 'BULK-' || g,
          (array['active','retired'])[1 + g % 2], g * 10
        from generate_series(1, 20) g`,
    );
    expect(await keptTables(db())).not.toEqual(await tablesFromRows(db()));
    await db().execute(sql`select fleet_totals_recompute(), fleet_account_figures_recompute()`);
    await expectKeptExact('the recompute');
  });
});

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the analytics read', () => {
  it('runs two statements', async () => {
    const statements = await t.queriesDuring(() => fleetAnalytics(db(), manualClock(new Date())));
    expect(statements).toHaveLength(2);
  });

  // The test database holds a few dozen rows, so the planner would rightly scan them whole (or sort a few
  // rows rather than walk an ordered index); with seq scans and sorts off it shows what the statements can
  // use, which is what it chooses on a million vehicles.
  it('reads the kept tables, customers by key, and vehicles only over one day of the created_at index', async () => {
    const scanned = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const nodes: PlanNode[] = [];
      for (const statement of Object.values(analyticsReads(tx, new Date()))) {
        const result = await tx.execute(sql`explain (format json) ${statement}`);
        const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
        const plan = Object.values(row!)[0];
        const [{ Plan }] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
        nodes.push(...nodesOf(Plan));
      }
      return nodes.filter((n) => n['Relation Name']);
    });
    const relations = new Set(scanned.map((n) => n['Relation Name']));
    expect([...relations].sort()).toEqual([
      'customers',
      'fleet_account_vehicles',
      'fleet_counters',
      'fleet_maintenance_due',
      'fleet_vehicle_days',
      'vehicles',
    ]);
    const onVehicles = scanned.filter((n) => n['Relation Name'] === 'vehicles');
    expect(onVehicles.map((n) => n['Index Name'])).toEqual(['vehicles_created_idx']);
    expect(onVehicles[0]!['Index Cond']).toMatch(/created_at >= .*created_at < /);
    const onAccounts = scanned.filter((n) => n['Relation Name'] === 'fleet_account_vehicles');
    expect(onAccounts.map((n) => n['Index Name'])).toEqual(['fleet_account_vehicles_top_idx']);
    const onCustomers = scanned.filter((n) => n['Relation Name'] === 'customers');
    expect(onCustomers.map((n) => n['Index Name'])).toEqual(['customers_pkey']);
  });
});
