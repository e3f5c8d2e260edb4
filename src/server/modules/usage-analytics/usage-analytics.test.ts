// Advanced Analytics against a small hand-made example on a plan of its own, in months of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { randomVin, unique } from '../../../../tests/setup/customers';
import { staffWith } from '../../../../tests/setup/staff';
import { manualClock } from '../../clock';
import { customers, drivers, maintenanceRecords, plans, teamMembers, vehicles } from '../../db/schema';
import type { CustomerStatus, VehicleStatus } from '../../../shared/statuses';

const clock = manualClock(new Date('2031-06-15T12:00:00Z'));
let t: TestApp;
let admin: string;
const PLAN = `ua-${unique()}`;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await t.staffCookie('admin@motorpool.local');
});
afterAll(() => t?.close());

const db = () => t.database.db;
const at = (iso: string) => new Date(iso);

async function customer(
  company: string,
  status: CustomerStatus,
  createdAt: string,
  lastSignInAt: string | null,
) {
  const [c] = await db()
    .insert(customers)
    .values({
      email: `ua.${unique()}@example.com`,
      passwordHash: 'not-a-hash',
      firstName: 'Usage',
      lastName: 'Example',
      companyName: company,
      planId: PLAN,
      status,
      createdAt: at(createdAt),
      lastSignInAt: lastSignInAt ? at(lastSignInAt) : null,
    })
    .returning({ id: customers.id });
  return c!.id;
}

async function fleetOf(customerId: string, statuses: VehicleStatus[], createdAt: string) {
  return db()
    .insert(vehicles)
    .values(
      statuses.map((status) => ({
        customerId,
        make: 'Ford',
        model: 'Transit',
        year: 2030,
        vin: randomVin(),
        licensePlate: `UA${unique()}`,
        status,
        createdAt: at(createdAt),
      })),
    )
    .returning({ id: vehicles.id });
}

describe('GET /api/admin/usage-analytics', () => {
  it('refuses sales and a manager without canViewAnalytics', async () => {
    const sales = await t.staffCookie('sales@motorpool.local');
    const without = await staffWith(t, 'manager', { canViewAnalytics: false });
    const manager = await t.staffCookie('manager@motorpool.local');
    expect((await t.get(sales, '/api/admin/usage-analytics')).statusCode).toBe(403);
    expect((await t.get(without.cookie, '/api/admin/usage-analytics')).statusCode).toBe(403);
    expect((await t.get(manager, '/api/admin/usage-analytics')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/usage-analytics' })).statusCode).toBe(401);
  });

  it('counts usage by plan and by month, and lists the accounts near a limit', async () => {
    await db()
      .insert(plans)
      .values({ id: PLAN, name: 'Usage Test', priceCents: 1000, vehicleLimit: 5, userLimit: 2 });
    // A: 4 counted vehicles of 5 (one retired), owner + 1 member of 2, signed in 5 days ago.
    const a = await customer('Near Limits Co', 'active', '2031-01-10T00:00:00Z', '2031-06-10T00:00:00Z');
    const [v1] = await fleetOf(
      a,
      ['active', 'active', 'maintenance', 'inactive', 'retired'],
      '2031-04-03T00:00:00Z',
    );
    await db()
      .insert(teamMembers)
      .values({
        customerId: a,
        email: `ua.m.${unique()}@example.com`,
        firstName: 'M',
        lastName: 'One',
        createdAt: at('2031-06-01T00:00:00Z'),
      });
    await db()
      .insert(drivers)
      .values(
        [1, 2].map((i) => ({
          customerId: a,
          name: `Driver ${i}`,
          email: `ua.d${i}.${unique()}@example.com`,
          licenseNumber: `L${i}${unique()}`,
          createdAt: at('2031-05-05T00:00:00Z'),
        })),
      );
    await db()
      .insert(maintenanceRecords)
      .values(
        [1, 2, 3].map((i) => ({
          customerId: a,
          vehicleId: v1!.id,
          type: `Service ${i}`,
          createdAt: at('2031-06-02T00:00:00Z'),
        })),
      );
    // B: 1 vehicle of 5, 1 user of 2, last sign-in 60 days ago: not near, not active.
    const b = await customer('Roomy Co', 'active', '2031-02-10T00:00:00Z', '2031-04-16T00:00:00Z');
    await fleetOf(b, ['active'], '2031-05-20T00:00:00Z');
    // C: full, but cancelled (and made before the window): counted by plan, never an upgrade candidate.
    const c = await customer('Gone Co', 'cancelled', '2029-03-01T00:00:00Z', null);
    await fleetOf(c, ['active', 'active', 'active', 'active', 'active'], '2029-03-02T00:00:00Z');

    const res = await t.get(admin, '/api/admin/usage-analytics?pageSize=50');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.byPlan.find((p: { planId: string }) => p.planId === PLAN)).toEqual({
      planId: PLAN,
      planName: 'Usage Test',
      vehicleLimit: 5,
      userLimit: 2,
      customers: 3,
      vehicles: 10,
      accountsWithVehicles: 3, // A, B and C
      drivers: 2,
      accountsWithDrivers: 1, // A: the tiles compare accounts with accounts
      users: 4,
      logins: 4,
      activeAccounts: 1,
      maintenance: 3,
    });
    const sum = (key: string) => body.byPlan.reduce((s: number, p: Record<string, number>) => s + p[key]!, 0);
    expect(body.totals.vehicles).toBe(sum('vehicles'));
    expect(body.totals.customers).toBe(sum('customers'));

    expect(body.monthly).toHaveLength(12);
    expect(body.monthly[0].month).toBe('2030-07');
    const month = (m: string) => body.monthly.find((x: { month: string }) => x.month === m);
    expect(month('2031-01')).toEqual({
      month: '2031-01',
      customers: 1,
      vehicles: 0,
      drivers: 0,
      teamMembers: 0,
      maintenance: 0,
    });
    expect(month('2031-02')).toMatchObject({ customers: 1 });
    expect(month('2031-04')).toMatchObject({ vehicles: 5 });
    expect(month('2031-05')).toMatchObject({ vehicles: 1, drivers: 2 });
    expect(month('2031-06')).toMatchObject({ teamMembers: 1, maintenance: 3 });

    const near = body.nearLimits.items;
    expect(near.find((n: { customerId: string }) => n.customerId === a)).toEqual({
      customerId: a,
      companyName: 'Near Limits Co',
      email: expect.stringContaining('@example.com'),
      planId: PLAN,
      planName: 'Usage Test',
      status: 'active',
      vehicles: 4,
      vehicleLimit: 5,
      vehicleShare: 0.8,
      users: 2,
      userLimit: 2,
      userShare: 1,
    });
    const ids = near.map((n: { customerId: string }) => n.customerId);
    expect(ids).not.toContain(b);
    expect(ids).not.toContain(c);
    expect(body.nearLimits.total).toBe(near.length);
    const shares = near.map((n: { vehicleShare: number | null; userShare: number | null }) =>
      Math.max(n.vehicleShare ?? 0, n.userShare ?? 0),
    );
    expect([...shares].sort((x, y) => y - x)).toEqual(shares);
    for (const s of shares) expect(s).toBeGreaterThanOrEqual(0.8);
  });
});
