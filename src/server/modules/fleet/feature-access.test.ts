import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, cookieHeader, type TestApp } from '../../../../tests/setup/test-app';
import { randomVin, signUp, unique, type TestCustomer } from '../../../../tests/setup/customers';
import type { RouteAccess } from '../../auth/access';
import { auditLogs, customers, drivers, maintenanceRecords, vehicles } from '../../db/schema';
import {
  ENFORCED_FEATURES,
  featureLockedMessage,
  type EnforcedFeature,
} from '../../../shared/feature-access';
import { FEATURE_ACCESS_FLAGS, type FeatureAccessFlag } from '../../../shared/feature-access';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

/** Which routes each enforced switch holds (docs/feature-access.md). */
const GUARDED: Record<EnforcedFeature, (url: string) => boolean> = {
  vehicleTracking: (url) => url.startsWith('/api/fleet/vehicles'),
  driverManagement: (url) => url.startsWith('/api/fleet/drivers'),
  maintenanceScheduling: (url) => url.startsWith('/api/fleet/maintenance'),
  reportingAnalytics: (url) => url.endsWith('/export.csv'),
};

const featuresOf = (access: RouteAccess) => ('features' in access ? (access.features ?? []) : []);

describe('the enforced switches and the route guards', () => {
  it('every enforced switch guards its routes, and no other switch guards anything', () => {
    const customerRoutes = t.app.accessTable.filter((r) => 'customer' in r.access);
    for (const feature of ENFORCED_FEATURES) {
      const guarded = customerRoutes.filter((r) => featuresOf(r.access).includes(feature));
      const expected = customerRoutes.filter((r) => GUARDED[feature](r.url));
      expect(guarded.length, feature).toBeGreaterThan(0);
      expect(guarded.map((r) => `${r.method} ${r.url}`).sort(), feature).toEqual(
        expected.map((r) => `${r.method} ${r.url}`).sort(),
      );
    }
    const used = new Set(t.app.accessTable.flatMap((r) => featuresOf(r.access)));
    expect([...used].sort()).toEqual([...ENFORCED_FEATURES].sort());
    // A switch with no capability behind it guards nothing; every flag is one or the other.
    const unenforced = FEATURE_ACCESS_FLAGS.filter(
      (f) => !(ENFORCED_FEATURES as readonly string[]).includes(f),
    );
    expect(unenforced.sort()).toEqual(
      [
        'apiAccess',
        'customIntegrations',
        'fuelManagement',
        'geofencing',
        'mobileApp',
        'routeOptimization',
      ].sort(),
    );
  });
});

async function setFeature(c: TestCustomer, flag: FeatureAccessFlag, on: boolean) {
  const [row] = await t.database.db
    .select({ featureAccess: customers.featureAccess })
    .from(customers)
    .where(eq(customers.id, c.id));
  await t.database.db
    .update(customers)
    .set({ featureAccess: { ...(row!.featureAccess ?? {}), [flag]: on } })
    .where(eq(customers.id, c.id));
}

/** An account with one vehicle, one driver and one maintenance record, all switches at their defaults. */
async function accountWithFleet() {
  const c = await signUp(t, { planId: 'professional' });
  const n = unique();
  const vehicle = (
    await t.post(c, '/api/fleet/vehicles', {
      make: 'Ford',
      model: 'Transit',
      year: 2022,
      vin: randomVin(),
      licensePlate: `FA-${n}`,
      mileage: 1000,
    })
  ).json().vehicle;
  const driver = (
    await t.post(c, '/api/fleet/drivers', {
      name: 'Dana Driver',
      email: `dana${n}@example.com`,
      licenseNumber: `L${n}`,
    })
  ).json().driver;
  const record = (
    await t.post(c, '/api/fleet/maintenance', {
      vehicleId: vehicle.id,
      type: 'Oil change',
      dueDate: '2020-01-01',
    })
  ).json().record;
  expect([vehicle?.id, driver?.id, record?.id].every(Boolean)).toBe(true);
  return { c, vehicle, driver, record };
}

/** Every row of the account's fleet, and its audit trail, to show a refused call changed nothing. */
async function snapshot(c: TestCustomer) {
  const db = t.database.db;
  return {
    vehicles: await db.select().from(vehicles).where(eq(vehicles.customerId, c.id)),
    drivers: await db.select().from(drivers).where(eq(drivers.customerId, c.id)),
    maintenance: await db.select().from(maintenanceRecords).where(eq(maintenanceRecords.customerId, c.id)),
    audit: (await db.select().from(auditLogs).where(eq(auditLogs.accountId, c.id))).length,
  };
}

type Call = [method: 'get' | 'post' | 'put' | 'delete', url: string, body?: object];

function callsOf(feature: EnforcedFeature, ids: Awaited<ReturnType<typeof accountWithFleet>>): Call[] {
  const { vehicle, driver, record } = ids;
  const vehicleBody = () => ({
    make: 'Ford',
    model: 'Transit',
    year: 2022,
    vin: randomVin(),
    licensePlate: `FB-${unique()}`,
  });
  const driverBody = { name: 'Ed', email: `ed${unique()}@example.com`, licenseNumber: `E${unique()}` };
  const recordBody = { vehicleId: vehicle.id, type: 'Tyres', dueDate: '2030-01-01' };
  const calls: Record<EnforcedFeature, Call[]> = {
    vehicleTracking: [
      ['get', '/api/fleet/vehicles'],
      ['get', `/api/fleet/vehicles/${vehicle.id}`],
      ['post', '/api/fleet/vehicles', vehicleBody()],
      [
        'put',
        `/api/fleet/vehicles/${vehicle.id}`,
        { ...vehicleBody(), vin: vehicle.vin, licensePlate: vehicle.licensePlate },
      ],
      ['delete', `/api/fleet/vehicles/${vehicle.id}`],
      ['post', '/api/fleet/vehicles/import/preview', { csv: 'make,model\nFord,Transit' }],
      ['post', '/api/fleet/vehicles/import', { vehicles: [vehicleBody()] }],
    ],
    driverManagement: [
      ['get', '/api/fleet/drivers'],
      ['post', '/api/fleet/drivers', driverBody],
      ['put', `/api/fleet/drivers/${driver.id}`, driverBody],
      ['delete', `/api/fleet/drivers/${driver.id}`],
    ],
    maintenanceScheduling: [
      ['get', '/api/fleet/maintenance'],
      ['post', '/api/fleet/maintenance', recordBody],
      ['put', `/api/fleet/maintenance/${record.id}`, recordBody],
      ['post', `/api/fleet/maintenance/${record.id}/complete`, {}],
      ['delete', `/api/fleet/maintenance/${record.id}`],
    ],
    reportingAnalytics: [
      ['get', '/api/fleet/vehicles/export.csv'],
      ['get', '/api/fleet/drivers/export.csv'],
    ],
  };
  return calls[feature];
}

const send = (session: string | TestCustomer, [method, url, body]: Call) =>
  method === 'get' || method === 'delete' ? t[method](session, url) : t[method](session, url, body);

describe.each(ENFORCED_FEATURES)('%s off', (feature) => {
  it('refuses every route it holds, reading and writing, with 403 and the message, and changes nothing', async () => {
    const fleet = await accountWithFleet();
    await setFeature(fleet.c, feature, false);
    const before = await snapshot(fleet.c);
    for (const call of callsOf(feature, fleet)) {
      const res = await send(fleet.c, call);
      expect(res.statusCode, `${call[0]} ${call[1]}`).toBe(403);
      expect(res.json()).toMatchObject({
        message: featureLockedMessage(feature),
        errorType: 'feature_not_included',
      });
    }
    expect(await snapshot(fleet.c)).toEqual(before);
    // The session tells the fleet app, which locks the tab.
    const session = (await t.get(fleet.c, '/api/auth/customer')).json();
    expect(session.customer.featureAccess[feature]).toBe(false);
  });

  it('works again once the switch is back on', async () => {
    const fleet = await accountWithFleet();
    await setFeature(fleet.c, feature, false);
    await setFeature(fleet.c, feature, true);
    for (const call of callsOf(feature, fleet)) {
      const res = await send(fleet.c, call);
      expect(res.statusCode, `${call[0]} ${call[1]}: ${res.body}`).toBeLessThan(300);
    }
  });
});

describe('the overview', () => {
  it('leaves out the sections whose switch is off and keeps the total and the plan usage', async () => {
    const { c } = await accountWithFleet();
    const on = (await t.get(c, '/api/fleet/overview')).json();
    expect(on.vehicles).toMatchObject({ active: 1, total: 1 });
    expect(on.dueMaintenance).toHaveLength(1);
    expect(on.driversWithoutVehicleCount).toBe(1);
    expect(on.recentChanges.length).toBeGreaterThan(0);

    for (const flag of ['maintenanceScheduling', 'driverManagement', 'reportingAnalytics'] as const) {
      await setFeature(c, flag, false);
    }
    const off = (await t.get(c, '/api/fleet/overview')).json();
    expect(off.vehicles).toEqual({
      active: null,
      maintenance: null,
      inactive: null,
      retired: null,
      total: 1,
    });
    expect(off).toMatchObject({
      dueMaintenance: null,
      overdueCount: null,
      driversWithoutVehicle: null,
      driversWithoutVehicleCount: null,
      recentChanges: null,
    });
    expect(off.usage).toMatchObject({ vehicles: 1 });
  });
});

describe('staff viewing the account', () => {
  it('are held to the same switches', async () => {
    const { c } = await accountWithFleet();
    await setFeature(c, 'maintenanceScheduling', false);
    const admin = await t.staffCookie('admin@motorpool.local');
    const link = await t.post(admin, '/api/external/customer-redirect', { customerId: c.id });
    expect(link.statusCode, link.body).toBe(200);
    const opened = await t.app.inject({ method: 'GET', url: link.json().url, headers: { cookie: admin } });
    expect(opened.statusCode).toBe(302);
    const staffSession = cookieHeader(opened);
    const res = await t.get(staffSession, '/api/fleet/maintenance');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Maintenance scheduling is not included in your account. Contact your administrator.',
    );
    expect((await t.get(staffSession, '/api/fleet/vehicles')).statusCode).toBe(200);
  });
});
