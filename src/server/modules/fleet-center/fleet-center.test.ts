import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  addCard,
  checkout,
  CARDS,
  created,
  randomVin,
  signUp,
  unique,
  type TestCustomer,
} from '../../../../tests/setup/customers';
import type { FleetAnalytics, FleetCrmStatus, FleetMonitoring } from '../../../shared/contracts/fleet-center';
import { isoDay } from '../../../shared/days';
import { manualClock } from '../../clock';
import { auditLogs, sessions, staffUsers, subscriptions } from '../../db/schema';
import { fleetCrmProbe, PROBE_TTL_MS } from './fleet-crm-probe';

const ANALYTICS = '/api/admin/fleet/analytics';
const MONITORING = '/api/admin/fleet/monitoring';
const CRM = '/api/admin/fleet/crm';
const DAY = 86_400_000;
const day = (offset: number) => isoDay(new Date(Date.now() + offset * DAY));

let t: TestApp;
let admin: string;
// Saving an API key seals it: on PostgreSQL that needs a configured key (503 without one, on purpose).
useTestApp(
  { env: { SETTINGS_ENCRYPTION_KEY: '11'.repeat(32) }, staff: ['admin'] },
  (opened) => ({ t, admin } = opened),
);

async function read<T>(url: string, session = admin): Promise<T> {
  const res = await t.get(session, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function addVehicle(c: TestCustomer, status: string, mileage: number) {
  const body = await created(t, c, '/api/fleet/vehicles', {
    make: 'Ford',
    model: 'Transit',
    year: 2022,
    vin: randomVin(),
    licensePlate: `FC ${unique()}`,
    status,
    mileage,
  });
  return body.vehicle as { id: string; licensePlate: string };
}

async function addMaintenance(c: TestCustomer, vehicleId: string, values: Record<string, unknown>) {
  return (await created(t, c, '/api/fleet/maintenance', { vehicleId, type: 'Oil change', ...values })).record
    .id as string;
}

describe('the fleet center figures, on two customers made through the API', () => {
  let before: { analytics: FleetAnalytics; monitoring: FleetMonitoring; crm: FleetCrmStatus };
  let after: typeof before;
  let a: TestCustomer;
  let b: TestCustomer;
  let overdueByDate: string;
  let plateA: string;

  beforeAll(async () => {
    before = {
      analytics: await read(ANALYTICS),
      monitoring: await read(MONITORING),
      crm: await read(CRM),
    };
    a = await signUp(t, { planId: 'professional', companyName: `Alpha Haulage ${unique()}` });
    b = await signUp(t, { planId: 'starter', companyName: `Beta Couriers ${unique()}` });

    const a1 = await addVehicle(a, 'active', 1000.5);
    const a2 = await addVehicle(a, 'maintenance', 2000);
    await addVehicle(a, 'retired', 500);
    const b1 = await addVehicle(b, 'inactive', 10);
    plateA = a1.licensePlate;
    for (const c of [a, b]) {
      await created(t, c, '/api/fleet/drivers', {
        name: 'Dana Driver',
        email: `dana.${unique()}@example.com`,
        licenseNumber: `L${unique()}`,
      });
    }
    overdueByDate = await addMaintenance(a, a1.id, { dueDate: day(-5) });
    await addMaintenance(a, a1.id, { dueMileage: 900 }); // a1 has passed it: overdue by mileage
    await addMaintenance(a, a2.id, { dueDate: day(10) });
    await addMaintenance(a, a2.id, { dueDate: day(60) }); // neither soon nor overdue
    const done = await addMaintenance(a, a2.id, { dueDate: day(-20) });
    const completed = await t.post(a, `/api/fleet/maintenance/${done}/complete`, {});
    expect(completed.statusCode, completed.body).toBe(200);
    await addMaintenance(b, b1.id, { dueDate: day(30) }); // the last day of the window

    // Sign-ins that must not count: a wrong password, and staff.
    const wrong = await t.customerLogin(a.email, 'Wrong#Pass1');
    expect(wrong.statusCode).toBe(401);
    await t.staffCookie('manager@motorpool.local');
    // The fleet CRM's auto-login from A's session: a sign-in, and an auto-login.
    const auto = await t.app.inject({
      method: 'POST',
      url: '/api/auth/create-customer-session',
      payload: { user: { email: a.email, token: a.token } },
    });
    expect(auto.statusCode, auto.body).toBe(200);

    after = { analytics: await read(ANALYTICS), monitoring: await read(MONITORING), crm: await read(CRM) };
  });

  it('counts vehicles by status, new vehicles, accounts with vehicles, drivers and miles', () => {
    const [was, now] = [before.analytics, after.analytics];
    // Total Vehicles counts them as plans do: the retired one is shown apart (docs/figures.md).
    expect(now.vehicles.total - was.vehicles.total).toBe(3);
    expect({
      active: now.vehicles.byStatus.active - was.vehicles.byStatus.active,
      maintenance: now.vehicles.byStatus.maintenance - was.vehicles.byStatus.maintenance,
      retired: now.vehicles.byStatus.retired - was.vehicles.byStatus.retired,
      inactive: now.vehicles.byStatus.inactive - was.vehicles.byStatus.inactive,
    }).toEqual({ active: 1, maintenance: 1, retired: 1, inactive: 1 });
    expect(now.vehicles.addedRecently - was.vehicles.addedRecently).toBe(4);
    expect(now.vehicles.customersWithVehicles - was.vehicles.customersWithVehicles).toBe(2);
    expect(now.drivers - was.drivers).toBe(2);
    expect(now.totalMileage - was.totalMileage).toBeCloseTo(3510.5, 3);
  });

  it('counts open maintenance due in the next 30 days and overdue by date or by mileage', () => {
    const [was, now] = [before.analytics.maintenance, after.analytics.maintenance];
    expect(now.dueSoon - was.dueSoon).toBe(2);
    expect(now.overdue - was.overdue).toBe(2);
  });

  it('ranks the accounts with the most vehicles', () => {
    const top = after.analytics.topCustomers;
    expect(top.length).toBeLessThanOrEqual(5);
    expect(top.map((c) => c.vehicles)).toEqual([...top.map((c) => c.vehicles)].sort((x, y) => y - x));
    // Alpha's retired vehicle is not part of its fleet's count.
    expect(top.find((c) => c.customerId === a.id)).toMatchObject({ vehicles: 2, status: 'active' });
    expect(top.find((c) => c.customerId === a.id)?.companyName).toMatch(/^Alpha Haulage/);
  });

  it('counts live customer sessions and customer sign-ins, not failed or staff ones', () => {
    const [was, now] = [before.monitoring, after.monitoring];
    // a and b signed in, and the auto-login opened a third session.
    expect(now.activeSessions - was.activeSessions).toBe(3);
    expect(now.signIns24h - was.signIns24h).toBe(3);
    expect(now.telemetryConnected).toBe(false);
  });

  it('counts fleet changes in the last hour and day, and lists the newest across customers', async () => {
    const [was, now] = [before.monitoring, after.monitoring];
    const [mine] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLogs)
      .where(
        and(
          inArray(auditLogs.accountId, [a.id, b.id]),
          inArray(auditLogs.resourceType, ['vehicle', 'driver', 'maintenance', 'team_member']),
        ),
      );
    expect(mine!.n).toBeGreaterThanOrEqual(12);
    expect(now.fleetChanges.lastHour - was.fleetChanges.lastHour).toBe(mine!.n);
    expect(now.fleetChanges.last24h - was.fleetChanges.last24h).toBe(mine!.n);

    expect(now.recentChanges).toHaveLength(10);
    expect(now.recentChanges[0]).toMatchObject({
      customerId: b.id,
      resourceType: 'maintenance',
      action: 'create',
      summary: 'Maintenance Oil change added',
      actorEmail: b.email,
    });
    expect(now.recentChanges[0]!.companyName).toMatch(/^Beta Couriers/);
    const times = now.recentChanges.map((c) => c.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('does not count an export of vehicles or drivers as a change', async () => {
    const was = await read<FleetMonitoring>(MONITORING);
    expect((await t.get(a, '/api/fleet/vehicles/export.csv')).statusCode).toBe(200);
    expect((await t.get(a, '/api/fleet/drivers/export.csv')).statusCode).toBe(200);
    const now = await read<FleetMonitoring>(MONITORING);
    expect(now.fleetChanges).toEqual(was.fleetChanges);
    expect(now.recentChanges.map((c) => c.id)).toEqual(was.recentChanges.map((c) => c.id));
  });

  it('moves a change older than an hour out of the last hour but keeps it in the day', async () => {
    await t.database.db
      .update(auditLogs)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(and(eq(auditLogs.accountId, b.id), eq(auditLogs.resourceType, 'vehicle')));
    const now = await read<FleetMonitoring>(MONITORING);
    expect(after.monitoring.fleetChanges.lastHour - now.fleetChanges.lastHour).toBe(1);
    expect(now.fleetChanges.last24h).toBe(after.monitoring.fleetChanges.last24h);
  });

  it('raises overdue maintenance across customers as alerts', () => {
    const [was, now] = [before.monitoring.overdueMaintenance, after.monitoring.overdueMaintenance];
    expect(now.total - was.total).toBe(2);
    expect(now.items.length).toBeLessThanOrEqual(10);
    expect(now.items.find((i) => i.id === overdueByDate)).toMatchObject({
      customerId: a.id,
      type: 'Oil change',
      dueDate: day(-5),
      vehicle: { licensePlate: plateA, make: 'Ford', model: 'Transit' },
    });
  });

  it('leaves out sessions that ended, idled out, were not used lately or are staff viewing as a customer', async () => {
    const db = t.database.db;
    const [live] = await db.select().from(sessions).where(eq(sessions.customerId, b.id));
    const base = await read<FleetMonitoring>(MONITORING);
    // Seen 20 minutes ago: alive, but not active now.
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 20 * 60_000), idleTimeoutSeconds: null })
      .where(eq(sessions.id, live!.id));
    expect((await read<FleetMonitoring>(MONITORING)).activeSessions).toBe(base.activeSessions - 1);
    // Seen lately but expired.
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, live!.id));
    expect((await read<FleetMonitoring>(MONITORING)).activeSessions).toBe(base.activeSessions - 1);
    // A staff member's session into the account.
    const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.email, 'admin@motorpool.local'));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + DAY), impersonatorStaffId: staff!.id })
      .where(eq(sessions.id, live!.id));
    expect((await read<FleetMonitoring>(MONITORING)).activeSessions).toBe(base.activeSessions - 1);
  });

  it('reports the built-in fleet app as the hand-off, auto-logins, and CRM sync as not set up', () => {
    const [was, now] = [before.crm, after.crm];
    expect(now.handOff).toEqual({
      mode: 'built-in',
      target: '/customer-dashboard',
      reachable: null,
      checkedAt: null,
    });
    expect(now.autoLogins30d - was.autoLogins30d).toBe(1);
    expect(now.signIns30d - was.signIns30d).toBe(3);
    expect(now.sync).toEqual({
      crmType: 'hubspot',
      configured: false,
      enabled: false,
      mode: null,
      message: 'CRM sync is disabled. Enable it in the CRM settings first.',
    });
  });

  it('lists only endpoints this server really has', () => {
    const paths = after.crm.endpoints.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/dealer-login',
        '/api/fleet-crm/validate-token',
        '/api/auth/create-customer-session',
      ]),
    );
    for (const e of after.crm.endpoints) {
      expect(t.app.hasRoute({ method: e.method, url: e.path }), e.path).toBe(true);
    }
  });
});

describe('CRM sync on the CRM Integration tab', () => {
  afterAll(async () => {
    await t.put(admin, '/api/admin/crm/config', { crmType: 'hubspot', enabled: false });
    await t.put(admin, '/api/admin/api-settings', { clear: ['hubspotApiKey'] });
  });

  /** The tab's sync state beside the CRM screen's blocked line and System Health's CRM row. */
  async function threeScreens() {
    const [fleet, crm, health] = await Promise.all([
      read<FleetCrmStatus>(CRM),
      read<{ blocked: string | null }>('/api/admin/crm/status'),
      read<{ integrations: { integration: string; configured: boolean; mode: string }[] }>(
        '/api/admin/system-health',
      ),
    ]);
    const row = health.integrations.find((i) => i.integration === 'crm')!;
    // One rule: the three screens say the same thing at every step.
    expect(fleet.sync.message).toBe(crm.blocked);
    expect(fleet.sync.configured).toBe(row.configured);
    expect(fleet.sync.mode ?? 'Not configured').toBe(row.mode);
    return fleet.sync;
  }

  it('follows the CRM settings: not configured, configured but off, on, another CRM without credentials', async () => {
    expect(JSON.stringify(await read(CRM))).not.toMatch(/coming (soon|in)/i);
    expect(await threeScreens()).toMatchObject({ configured: false, enabled: false, mode: null });

    expect((await t.put(admin, '/api/admin/crm/config', { enabled: true })).statusCode).toBe(200);
    expect(await threeScreens()).toEqual({
      crmType: 'hubspot',
      configured: false,
      enabled: true,
      mode: null,
      message: 'Add the HubSpot API key in System Settings → API Keys',
    });

    const saved = await t.put(admin, '/api/admin/api-settings', { hubspotApiKey: 'pat-na1-fleet-center-01' });
    expect(saved.statusCode).toBe(200);
    expect(await threeScreens()).toEqual({
      crmType: 'hubspot',
      configured: true,
      enabled: true,
      mode: 'HubSpot',
      message: null,
    });

    expect((await t.put(admin, '/api/admin/crm/config', { enabled: false })).statusCode).toBe(200);
    expect(await threeScreens()).toMatchObject({
      configured: true,
      enabled: false,
      mode: 'HubSpot (disabled)',
    });

    const salesforce = await t.put(admin, '/api/admin/crm/config', { crmType: 'salesforce', enabled: true });
    expect(salesforce.statusCode).toBe(200);
    expect(await threeScreens()).toMatchObject({ crmType: 'salesforce', configured: false, mode: null });
  });
});

describe('access', () => {
  const urls = [ANALYTICS, MONITORING, CRM];

  it('refuses anonymous callers and customers (401)', async () => {
    const customer = await signUp(t);
    for (const url of urls) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.get(customer, url)).statusCode).toBe(401);
    }
  });

  it('lets managers and sales with canViewCustomers in, and refuses sales without it (403)', async () => {
    const manager = await t.staffCookie('manager@motorpool.local');
    const sales = await t.staffCookie('sales@motorpool.local');
    for (const url of urls) {
      expect((await t.get(manager, url)).statusCode, url).toBe(200);
      expect((await t.get(sales, url)).statusCode, url).toBe(200);
    }
    await t.database.db
      .update(staffUsers)
      .set({ permissions: sql`${staffUsers.permissions} || '{"canViewCustomers": false}'::jsonb` })
      .where(eq(staffUsers.email, 'sales@motorpool.local'));
    for (const url of urls) {
      const res = await t.get(sales, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: "You don't have permission to access this section" });
    }
  });
});

describe('accounts past due', () => {
  it('lists an account whose renewal failed and is being retried', async () => {
    const clock = manualClock(new Date());
    const other = await createTestApp({}, { clock });
    try {
      const staff = await other.staffCookie('admin@motorpool.local');
      const was = (await other.get(staff, MONITORING)).json<FleetMonitoring>().pastDueAccounts;
      const c = await signUp(other, { planId: 'starter', companyName: `Gamma Lines ${unique()}` });
      await checkout(other, c, CARDS.visa);
      await addCard(other, c, CARDS.declinesLater, true);
      const [sub] = await other.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.customerId, c.id));
      clock.set(new Date(sub!.currentPeriodEnd.getTime() + 60_000));
      const { runDueBilling } = await import('../../jobs/billing-runner');
      await runDueBilling(other.app.services.billing);

      const now = (await other.get(staff, MONITORING)).json<FleetMonitoring>().pastDueAccounts;
      expect(now.total - was.total).toBe(1);
      const item = now.items.find((i) => i.customerId === c.id);
      expect(item).toMatchObject({ email: c.email, failedAttempts: 1 });
      expect(item!.companyName).toMatch(/^Gamma Lines/);
      expect(item!.nextRetryAt).toBe(new Date(sub!.currentPeriodEnd.getTime() + 3 * DAY).toISOString());
    } finally {
      await other.close();
    }
  });
});

describe('an external fleet CRM', () => {
  let server: http.Server;
  let status = 200;
  let calls = 0;

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      calls += 1;
      res.writeHead(status).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const urlOf = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm/login?key=secret`;

  it('is the hand-off when FLEET_CRM_URL is set, shown by its origin, online when it answers', async () => {
    const other = await createTestApp({ FLEET_CRM_URL: urlOf() });
    try {
      const staff = await other.staffCookie('admin@motorpool.local');
      const res = await other.get(staff, CRM);
      expect(res.statusCode).toBe(200);
      const { handOff } = res.json<FleetCrmStatus>();
      expect(handOff).toMatchObject({
        mode: 'external',
        target: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        reachable: true,
      });
      expect(res.body).not.toContain('secret');
    } finally {
      await other.close();
    }
  });

  it('is offline when it fails or does not answer, and is asked at most once a minute', async () => {
    status = 503;
    expect(await fleetCrmProbe(urlOf()).check()).toMatchObject({ reachable: false });
    status = 404;
    const probe = fleetCrmProbe(urlOf());
    const seen = calls;
    expect(await probe.check()).toMatchObject({ reachable: true });
    expect(await probe.check()).toMatchObject({ reachable: true });
    expect(calls - seen).toBe(1);
    expect(PROBE_TTL_MS).toBe(60_000);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await fleetCrmProbe(`http://127.0.0.1:${port}/`).check()).toMatchObject({ reachable: false });
    expect(fleetCrmProbe(undefined).check()).toBeNull();
  });
});
