import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { DEFAULT_FEATURE_ACCESS } from '../../../shared/feature-access';
import { isoDay } from '../../../shared/days';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import {
  CARDS,
  checkout,
  created,
  randomVin,
  signUp,
  unique,
  type TestCustomer,
} from '../../../../tests/setup/customers';
import { customerFormInput, staffWith } from '../../../../tests/setup/staff';
import { activities, customers, plans, staffUsers, subscriptions } from '../../db/schema';
import { EXPORT_BATCH } from './export';
import { emailsTo, invitedPassword } from '../../../../tests/setup/mail';
import type { CustomerStatus } from '../../../shared/statuses';

let t: TestApp;
let admin: string;
let manager: string;
let sales: string;
let customer: TestCustomer;
useTestApp({ staff: ['admin', 'manager', 'sales'] }, (opened) => ({ t, admin, manager, sales } = opened));
beforeAll(async () => {
  customer = await signUp(t, { planId: 'starter' });
});

const db = () => t.database.db;

type Listed = {
  id: string;
  companyName: string;
  status: string;
  riskLevel: string;
  healthScore: number;
  currentCars: number;
  currentUsers: number;
  planName: string | null;
  subscriptionStatus: string;
  monthlyRecurringRevenue: number;
};
type ListPage = { items: Listed[]; total: number; page: number; pageSize: number };

async function list(session: string, query: string): Promise<ListPage> {
  const res = await t.get(session, `/api/admin/customers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListPage>();
}

/** Customers put straight into the table with the figures a test needs (health is issue 10's B). */
async function insertCustomers(
  tag: string,
  rows: { company: string; status?: CustomerStatus; risk?: string; health?: number; createdAt?: Date }[],
) {
  return db()
    .insert(customers)
    .values(
      rows.map((r, i) => ({
        email: `${tag}.${i}.${unique()}@example.com`,
        passwordHash: 'not-a-hash',
        firstName: 'Row',
        lastName: `Number ${i}`,
        companyName: r.company,
        planId: 'starter',
        status: r.status ?? 'active',
        riskLevel: r.risk ?? 'low',
        healthScore: r.health ?? 100,
        ...(r.createdAt ? { createdAt: r.createdAt } : {}),
      })),
    )
    .returning({ id: customers.id, companyName: customers.companyName });
}

describe('who may reach the staff customer routes', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes = [
    ['GET', '/api/admin/customers'],
    ['GET', '/api/customers'],
    ['GET', '/api/admin/customers/stats'],
    ['GET', '/api/admin/customers/export'],
    ['GET', `/api/admin/customers/${id}`],
    ['POST', '/api/admin/customers'],
    ['PUT', `/api/admin/customers/${id}`],
    ['POST', `/api/admin/customers/${id}/suspend`],
    ['POST', `/api/admin/customers/${id}/reactivate`],
    ['DELETE', `/api/admin/customers/${id}`],
  ] as const;
  const send = (method: string, url: string, cookie?: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: cookie ? { cookie } : {},
      ...(method === 'POST' || method === 'PUT' ? { payload: customerFormInput() } : {}),
    });

  it.each(routes)('%s %s: 401 anonymous and to a customer session', async (method, url) => {
    const anonymous = await send(method, url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Authentication required' });
    expect((await send(method, url, customer.cookie)).statusCode).toBe(401);
    const bearer = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(bearer.statusCode).toBe(401);
  });

  it('sales (the defaults) views, exports and counts, and is refused every change and the detail', async () => {
    for (const [method, url] of routes) {
      const res = await send(method, url, sales);
      const viewing = method === 'GET' && !url.includes(id);
      expect(res.statusCode, `${method} ${url}`).toBe(viewing ? 200 : 403);
      if (!viewing)
        expect(res.json()).toEqual({ message: "You don't have permission to access this section" });
    }
  });

  it('the demo manager edits customers but cannot delete them', async () => {
    const made = await t.post(manager, '/api/admin/customers', customerFormInput());
    expect(made.statusCode).toBe(201);
    const customerId = made.json().customer.id as string;
    expect((await t.get(manager, `/api/admin/customers/${customerId}`)).statusCode).toBe(200);
    const edited = await t.put(
      manager,
      `/api/admin/customers/${customerId}`,
      customerFormInput({ companyName: 'Edited by manager' }),
    );
    expect(edited.statusCode).toBe(200);
    expect((await t.post(manager, `/api/admin/customers/${customerId}/suspend`)).statusCode).toBe(200);
    expect((await t.post(manager, `/api/admin/customers/${customerId}/reactivate`)).statusCode).toBe(200);
    expect((await t.delete(manager, `/api/admin/customers/${customerId}`)).statusCode).toBe(403);
  });

  it('a manager without canEditCustomers is refused every change; one without canViewCustomers the list', async () => {
    const viewer = await staffWith(t, 'manager', { canEditCustomers: false });
    for (const [method, url] of routes) {
      const res = await send(method, url, viewer.cookie);
      const viewing = method === 'GET' && !url.includes(id);
      expect(res.statusCode, `${method} ${url}`).toBe(viewing ? 200 : 403);
    }
    const blind = await staffWith(t, 'manager', { canViewCustomers: false });
    for (const url of ['/api/admin/customers', '/api/customers', '/api/admin/customers/stats']) {
      expect((await t.get(blind.cookie, url)).statusCode, url).toBe(403);
    }
  });

  it('the flag decides, not the role: a sales user given canDeleteCustomers deletes', async () => {
    const deleter = await staffWith(t, 'sales', { canDeleteCustomers: true });
    const made = await created(t, admin, '/api/admin/customers', customerFormInput());
    const res = await t.delete(deleter.cookie, `/api/admin/customers/${made.customer.id}`);
    expect(res.statusCode).toBe(200);
  });

  it('a role outside the table opens nothing here', async () => {
    const other = await staffWith(t, 'sales');
    await db().update(staffUsers).set({ role: 'intern' }).where(eq(staffUsers.email, other.email));
    expect((await t.get(other.cookie, '/api/admin/customers')).statusCode).toBe(403);
  });
});

describe('GET /api/admin/customers: search, filters, sort and paging on the server', () => {
  const tag = `zq${unique()}`;
  let ids: Record<string, string>;

  beforeAll(async () => {
    const base = new Date('2025-01-01T00:00:00Z').getTime();
    const rows = await insertCustomers(
      tag,
      (
        [
          { company: `Alpha ${tag}`, status: 'active', risk: 'low', health: 90 },
          { company: `bravo ${tag}`, status: 'active', risk: 'high', health: 45 },
          { company: `Charlie ${tag}`, status: 'suspended', risk: 'critical', health: 20 },
          { company: `Delta 100%_ ${tag}`, status: 'pending', risk: 'high', health: 55 },
          { company: `Echo ${tag}`, status: 'active', risk: 'medium', health: 70 },
        ] as const
      ).map((row, i) => ({ ...row, createdAt: new Date(base + i * 1000) })),
    );
    ids = Object.fromEntries(rows.map((r) => [r.companyName.split(' ')[0]!.toLowerCase(), r.id]));
  });

  const names = (page: ListPage) => page.items.map((c) => c.companyName.split(' ')[0]);

  it('searches company, person and email, case-insensitively, newest first by default', async () => {
    const page = await list(admin, `search=${tag.toUpperCase()}`);
    expect(page.total).toBe(5);
    expect(names(page)).toEqual(['Echo', 'Delta', 'Charlie', 'bravo', 'Alpha']);
    const byEmail = await list(admin, `search=${encodeURIComponent(`${tag}.0.`)}`);
    expect(names(byEmail)).toEqual(['Alpha']);
    const byPerson = await list(admin, `search=${encodeURIComponent(`ROW Number 3 ${tag}`)}`);
    expect(names(byPerson)).toEqual(['Delta']);
  });

  it('takes % and _ in the search as themselves, not as wildcards', async () => {
    const percent = await list(admin, `search=${encodeURIComponent(`100%_ ${tag}`)}`);
    expect(names(percent)).toEqual(['Delta']);
    const wildcard = await list(admin, `search=${encodeURIComponent(`%${tag}`)}`);
    expect(wildcard.total).toBe(0);
    const underscore = await list(admin, `search=${encodeURIComponent(`e_ho ${tag}`)}`);
    expect(underscore.total).toBe(0);
  });

  it('filters by status and risk, and counts the same filters', async () => {
    expect(names(await list(admin, `search=${tag}&status=active`))).toEqual(['Echo', 'bravo', 'Alpha']);
    expect(names(await list(admin, `search=${tag}&risk=high`))).toEqual(['Delta', 'bravo']);
    const both = await list(admin, `search=${tag}&status=active&risk=high`);
    expect(names(both)).toEqual(['bravo']);
    expect(both.total).toBe(1);
  });

  it('sorts by company (case-insensitive), health and creation, both ways', async () => {
    expect(names(await list(admin, `search=${tag}&sort=companyName`))).toEqual([
      'Alpha',
      'bravo',
      'Charlie',
      'Delta',
      'Echo',
    ]);
    expect(names(await list(admin, `search=${tag}&sort=-companyName`))).toEqual([
      'Echo',
      'Delta',
      'Charlie',
      'bravo',
      'Alpha',
    ]);
    expect(names(await list(admin, `search=${tag}&sort=healthScore`))).toEqual([
      'Charlie',
      'bravo',
      'Delta',
      'Echo',
      'Alpha',
    ]);
    expect(names(await list(admin, `search=${tag}&sort=-healthScore`))[0]).toBe('Alpha');
    expect(names(await list(admin, `search=${tag}&sort=createdAt`))).toEqual([
      'Alpha',
      'bravo',
      'Charlie',
      'Delta',
      'Echo',
    ]);
  });

  it('pages: each page holds its rows and the total stays the count of all matches', async () => {
    const first = await list(admin, `search=${tag}&sort=companyName&pageSize=2&page=1`);
    const second = await list(admin, `search=${tag}&sort=companyName&pageSize=2&page=2`);
    const third = await list(admin, `search=${tag}&sort=companyName&pageSize=2&page=3`);
    const beyond = await list(admin, `search=${tag}&sort=companyName&pageSize=2&page=9`);
    expect([names(first), names(second), names(third), names(beyond)]).toEqual([
      ['Alpha', 'bravo'],
      ['Charlie', 'Delta'],
      ['Echo'],
      [],
    ]);
    expect([first.total, third.total, beyond.total]).toEqual([5, 5, 5]);
    expect(second).toMatchObject({ page: 2, pageSize: 2 });
  });

  it('answers each row in the staff contract, health and risk included', async () => {
    const page = await list(admin, `search=${tag}&sort=companyName&pageSize=1`);
    expect(page.items[0]).toMatchObject({
      id: ids.alpha,
      companyName: `Alpha ${tag}`,
      status: 'active',
      riskLevel: 'low',
      healthScore: 90,
      healthReasons: [],
      planId: 'starter',
      planName: 'Starter',
      subscriptionStatus: 'none',
      monthlyRecurringRevenue: 0,
      currentCars: 0,
      currentUsers: 1,
      featureAccess: DEFAULT_FEATURE_ACCESS,
      isPasswordSet: true,
      suspendedAt: null,
    });
    expect(page.items[0]).not.toHaveProperty('tempPassword');
    expect(page.items[0]).not.toHaveProperty('passwordHash');
  });

  it('refuses a status or risk outside the lists, and a page size over 100', async () => {
    const status = await t.get(admin, '/api/admin/customers?status=gone');
    expect(status.statusCode).toBe(400);
    expect(status.json().errors).toEqual({ status: 'Unknown status' });
    const risk = await t.get(admin, '/api/admin/customers?risk=extreme');
    expect(risk.json().errors).toEqual({ risk: 'Unknown risk level' });
    expect((await t.get(admin, '/api/admin/customers?pageSize=101')).statusCode).toBe(400);
    expect((await t.get(admin, '/api/admin/customers?sort=email')).statusCode).toBe(400);
  });

  it('GET /api/customers answers the same list for the fleet screen', async () => {
    const fleet = await t.get(sales, `/api/customers?search=${tag}&sort=companyName`);
    expect(fleet.statusCode).toBe(200);
    expect(fleet.json()).toEqual(await list(admin, `search=${tag}&sort=companyName`));
  });
});

describe('the figures on each customer come from their records', () => {
  it('vehicles not retired, the owner plus team members, plan, subscription and what they pay', async () => {
    const c = await signUp(t, { planId: 'professional', companyName: `Counted ${unique()}` });
    const vehicle = (status: string) =>
      created(t, c, '/api/fleet/vehicles', {
        make: 'Ford',
        model: 'Transit',
        year: 2022,
        vin: randomVin(),
        licensePlate: `CNT ${unique()}`,
        status,
      });
    await vehicle('active');
    await vehicle('maintenance');
    await vehicle('retired');
    await created(t, c, '/api/fleet/team', {
      firstName: 'Team',
      lastName: 'Mate',
      email: `mate.${unique()}@example.com`,
    });
    const trial = (await list(admin, `search=${encodeURIComponent(c.email)}`)).items[0]!;
    expect(trial).toMatchObject({
      currentCars: 2,
      currentUsers: 2,
      planName: 'Professional',
      subscriptionStatus: 'trialing',
      monthlyRecurringRevenue: 0,
    });
    expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
    const paying = (await list(admin, `search=${encodeURIComponent(c.email)}`)).items[0]!;
    expect(paying).toMatchObject({ subscriptionStatus: 'active', monthlyRecurringRevenue: 189 });
    await db().update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.customerId, c.id));
    expect(
      (await list(admin, `search=${encodeURIComponent(c.email)}`)).items[0]!.monthlyRecurringRevenue,
    ).toBe(189);
    await db().update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.customerId, c.id));
    expect(
      (await list(admin, `search=${encodeURIComponent(c.email)}`)).items[0]!.monthlyRecurringRevenue,
    ).toBe(0);
  });
});

describe('GET /api/admin/customers/stats', () => {
  it('counts every customer: total, active, at risk (high or critical) and the rounded average health', async () => {
    const expected = async () => {
      const all = await db()
        .select({ status: customers.status, risk: customers.riskLevel, health: customers.healthScore })
        .from(customers);
      const avg = all.reduce((sum, c) => sum + c.health, 0) / all.length;
      return {
        total: all.length,
        active: all.filter((c) => c.status === 'active').length,
        atRisk: all.filter((c) => c.risk === 'high' || c.risk === 'critical').length,
        avgHealthScore: Math.round(avg),
      };
    };
    const before = (await t.get(sales, '/api/admin/customers/stats')).json();
    expect(before).toMatchObject(await expected());
    await insertCustomers(`st${unique()}`, [
      { company: 'Stat one', status: 'active', risk: 'critical', health: 11 },
      { company: 'Stat two', status: 'suspended', risk: 'high', health: 33 },
      { company: 'Stat three', status: 'active', risk: 'low', health: 98 },
    ]);
    const after = (await t.get(admin, '/api/admin/customers/stats')).json();
    expect(after).toMatchObject(await expected());
    expect(after.total - before.total).toBe(3);
    expect(after.active - before.active).toBe(2);
    expect(after.atRisk - before.atRisk).toBe(2);
  });

  it("totals vehicles and users as each account's currentCars and currentUsers count them", async () => {
    const before = (await t.get(admin, '/api/admin/customers/stats')).json();
    const c = await signUp(t);
    const vehicle = { make: 'Ford', model: 'Transit', year: 2021, vin: randomVin() };
    await created(t, c, '/api/fleet/vehicles', { ...vehicle, licensePlate: `TV ${unique()}` });
    await created(t, c, '/api/fleet/vehicles', {
      ...vehicle,
      vin: randomVin(),
      licensePlate: `TR ${unique()}`,
      status: 'retired',
    });
    await created(t, c, '/api/fleet/team', {
      firstName: 'Team',
      lastName: 'Member',
      email: `member.${unique()}@example.com`,
    });
    const after = (await t.get(admin, '/api/admin/customers/stats')).json();
    expect(after.totalVehicles - before.totalVehicles).toBe(1); // a retired vehicle is not counted
    expect(after.totalUsers - before.totalUsers).toBe(2); // the new owner and their team member
    const row = (await t.get(admin, `/api/admin/customers?search=${encodeURIComponent(c.email)}`)).json()
      .items[0];
    expect([row.currentCars, row.currentUsers]).toEqual([1, 2]);
  });
});

describe('GET /api/admin/customers/export', () => {
  const parse = (body: string) => Papa.parse<string[]>(body.trim(), { skipEmptyLines: true }).data;

  it('downloads every match of the filters, in the sort, as CSV with a dated file name', async () => {
    const tag = `ex${unique()}`;
    await insertCustomers(tag, [
      { company: `Able ${tag}`, status: 'active', risk: 'high', health: 40 },
      { company: `Baker ${tag}`, status: 'active', risk: 'low', health: 90 },
      { company: `Cable ${tag}`, status: 'suspended', risk: 'high', health: 10 },
      { company: `Dover ${tag}`, status: 'active', risk: 'high', health: 60 },
    ]);
    const res = await t.get(
      sales,
      `/api/admin/customers/export?search=${tag}&status=active&risk=high&sort=-healthScore`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = isoDay(new Date());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="customers-${day}.csv"`);
    const [header, ...rows] = parse(res.body);
    expect(header).toEqual([
      'Company',
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Address',
      'City',
      'State',
      'ZIP Code',
      'Country',
      'Plan',
      'Status',
      'Subscription',
      'Vehicles',
      'Vehicle Limit',
      'Users',
      'User Limit',
      'Health Score',
      'Risk Level',
      'Health Reasons',
      'Monthly Recurring Revenue',
      'Last Sign-in',
      'Created',
    ]);
    expect(rows.map((r) => r[0])).toEqual([`Dover ${tag}`, `Able ${tag}`]);
    expect(rows[0]!.slice(10, 20)).toEqual([
      'Starter',
      'active',
      'none',
      '0',
      'Unlimited',
      '1',
      'Unlimited',
      '60',
      'high',
      '',
    ]);
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const tag = `fx${unique()}`;
    const c = await created(
      t,
      admin,
      '/api/admin/customers',
      customerFormInput({
        companyName: `=HYPERLINK("http://evil.example","${tag}")`,
        firstName: '@SUM(A1)',
        lastName: '-2+3',
        phone: '+15550001111',
      }),
    );
    const res = await t.get(admin, `/api/admin/customers/export?search=${tag}`);
    const [, row] = parse(res.body);
    expect(row!.slice(0, 5)).toEqual([
      `'=HYPERLINK("http://evil.example","${tag}")`,
      "'@SUM(A1)",
      "'-2+3",
      c.customer.email,
      "'+15550001111",
    ]);
  });

  it('reads batch after batch: more rows than one batch, ties included, each once and in order', async () => {
    const tag = `bulk${unique()}`;
    const at = new Date('2024-06-01T12:00:00.123Z');
    // Same health and the same creation time for all: only the id tells them apart.
    const rows = Array.from({ length: EXPORT_BATCH * 2 + 7 }, (_, i) => ({
      company: `${tag} ${String(i % 3)}`,
      health: 50 + (i % 2),
      createdAt: at,
    }));
    const inserted = await insertCustomers(tag, rows);
    for (const sort of ['-createdAt', 'healthScore', 'companyName']) {
      const res = await t.get(admin, `/api/admin/customers/export?search=${tag}&sort=${sort}`);
      const lines = parse(res.body).slice(1);
      expect(lines).toHaveLength(inserted.length);
      const emails = lines.map((l) => l[3]);
      expect(new Set(emails).size).toBe(inserted.length);
      // The same order as the list pages give.
      const firstPage = await list(admin, `search=${tag}&sort=${sort}&pageSize=100`);
      const lastPage = await list(admin, `search=${tag}&sort=${sort}&pageSize=100&page=21`);
      expect(emails.slice(0, 100)).toEqual(
        firstPage.items.map((c) => (c as unknown as { email: string }).email),
      );
      expect(emails.slice(2000)).toEqual(
        lastPage.items.map((c) => (c as unknown as { email: string }).email),
      );
    }
  });

  it('refuses a filter outside the lists', async () => {
    const res = await t.get(admin, '/api/admin/customers/export?risk=extreme');
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/admin/customers', () => {
  it('creates a fleet_admin on a 14-day trial with the plan limits, default feature access, audited', async () => {
    const input = customerFormInput({ planId: 'enterprise', password: 'Typed#Pass1' });
    const res = await t.post(admin, '/api/admin/customers', input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Customer created successfully',
      customer: {
        email: input.email,
        companyName: input.companyName,
        planId: 'enterprise',
        planName: 'Enterprise',
        carLimit: 50,
        userLimit: 25,
        role: 'fleet_admin',
        status: 'active',
        subscriptionStatus: 'trialing',
        featureAccess: DEFAULT_FEATURE_ACCESS,
        isPasswordSet: false,
        passwordPending: true,
        country: 'US',
        currentUsers: 1,
      },
    });
    const id = body.customer.id as string;
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, id));
    expect(sub!.status).toBe('trialing');
    expect(sub!.trialEndsAt!.getTime() - sub!.currentPeriodStart.getTime()).toBe(14 * 86_400_000);
    const [audit] = await auditRowsWhere(t, { resourceId: id, action: 'create' });
    expect(audit).toMatchObject({ actorType: 'staff', actorEmail: 'admin@motorpool.local', accountId: id });
    expect(JSON.stringify(audit)).not.toContain('Typed#Pass1');
    const [activity] = await db().select().from(activities).where(eq(activities.customerId, id));
    expect(activity).toMatchObject({ action: 'customer_registered' });
    expect(activity!.description).toBe(`${input.companyName} was added by staff on the Enterprise plan`);
  });

  it('applies the defaults to what is left out: country US, status active', async () => {
    const { country: _country, status: _status, ...input } = customerFormInput();
    const res = await t.post(admin, '/api/admin/customers', input);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customer).toMatchObject({ email: input.email, country: 'US', status: 'active' });
    // An edit is the whole form: it still names both.
    const id = res.json().customer.id as string;
    const edit = await t.put(admin, `/api/admin/customers/${id}`, input);
    expect(edit.statusCode).toBe(400);
    expect(Object.keys(edit.json().errors).sort()).toEqual(['country', 'status']);
  });

  it('keeps the feature access staff chose and copies a plan without limits as unlimited', async () => {
    const planId = `open-${unique()}`;
    await created(t, admin, '/api/plans', { id: planId, name: `Open ${planId}`, price: 10 });
    const res = await t.post(
      admin,
      '/api/admin/customers',
      customerFormInput({
        planId,
        featureAccess: { ...DEFAULT_FEATURE_ACCESS, fuelManagement: true, vehicleTracking: false },
      }),
    );
    expect(res.json().customer).toMatchObject({
      carLimit: null,
      userLimit: null,
      featureAccess: { ...DEFAULT_FEATURE_ACCESS, fuelManagement: true, vehicleTracking: false },
    });
  });

  it.each([
    ['firstName', { firstName: ' ' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['companyName', { companyName: '' }, 'Company name is required'],
    ['planId', { planId: '' }, 'Please select a plan'],
    ['country', { country: 'ZZ' }, 'Choose a country from the list'],
    ['status', { status: 'deleted' }, 'Choose a status from the list'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters'],
  ])('400 on %s', async (field, change, message) => {
    const res = await t.post(admin, '/api/admin/customers', customerFormInput(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('400 on a plan that does not exist, is inactive or deleted', async () => {
    const inactive = `off-${unique()}`;
    await created(t, admin, '/api/plans', {
      id: inactive,
      name: `Off ${inactive}`,
      price: 10,
      active: false,
    });
    const deleted = `gone-${unique()}`;
    await created(t, admin, '/api/plans', { id: deleted, name: `Gone ${deleted}`, price: 10 });
    await db().update(plans).set({ deletedAt: new Date() }).where(eq(plans.id, deleted));
    for (const planId of ['no-such-plan', inactive, deleted]) {
      const res = await t.post(admin, '/api/admin/customers', customerFormInput({ planId }));
      expect(res.statusCode, planId).toBe(400);
      expect(res.json().errors).toEqual({ planId: 'Please select an active plan' });
    }
  });

  it('409 on an email that already signs in, as an account owner or a team member, in any case', async () => {
    const memberEmail = `member.${unique()}@example.com`;
    await created(t, customer, '/api/fleet/team', { firstName: 'M', lastName: 'M', email: memberEmail });
    for (const email of [customer.email.toUpperCase(), memberEmail, 'demo@fleetco.example']) {
      const res = await t.post(admin, '/api/admin/customers', customerFormInput({ email }));
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toEqual({
        message: 'This email already has a Motorpool account.',
        errors: { email: 'This email already has a Motorpool account.' },
      });
    }
  });

  it('two creations with one email at once: one account, the other 409', async () => {
    const input = customerFormInput();
    const results = await Promise.all([
      t.post(admin, '/api/admin/customers', input),
      t.post(admin, '/api/admin/customers', { ...input, companyName: 'Second' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await db().select().from(customers).where(eq(customers.email, input.email));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /api/admin/customers/:id', () => {
  it('404 for an unknown id and for one that is not an id at all', async () => {
    for (const id of [
      '7d3c1f6e-5b1a-4c2d-9e8f-0a1b2c3d4e5f',
      'not-an-id',
      '1%20or%201=1',
      customer.id + 'x',
    ]) {
      const res = await t.get(admin, `/api/admin/customers/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Customer not found' });
    }
    for (const [method, suffix] of [
      ['PUT', ''],
      ['POST', '/suspend'],
      ['POST', '/reactivate'],
      ['DELETE', ''],
    ] as const) {
      for (const id of ['7d3c1f6e-5b1a-4c2d-9e8f-0a1b2c3d4e5f', 'not-an-id']) {
        const res = await t.app.inject({
          method,
          url: `/api/admin/customers/${id}${suffix}`,
          headers: { cookie: admin },
          ...(method === 'PUT' ? { payload: customerFormInput() } : {}),
        });
        expect(res.statusCode, `${method} ${id}${suffix}`).toBe(404);
      }
    }
  });

  it('a self-signed-up customer: password set by them, no temporary password', async () => {
    const res = await t.get(admin, `/api/admin/customers/${customer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: customer.id, isPasswordSet: true, passwordPending: false });
  });
});

describe('PUT /api/admin/customers/:id', () => {
  async function made(overrides: Record<string, unknown> = {}) {
    const input = customerFormInput(overrides);
    const body = await created(t, admin, '/api/admin/customers', input);
    return { input, id: body.customer.id as string };
  }

  it('changes the profile, audits old and new values, keeps the password when it is left empty', async () => {
    const { input, id } = await made();
    const [before] = await db().select().from(customers).where(eq(customers.id, id));
    const res = await t.put(admin, `/api/admin/customers/${id}`, {
      ...input,
      companyName: 'Renamed Haulage',
      city: '',
      country: 'CA',
      password: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Customer updated successfully',
      customer: { companyName: 'Renamed Haulage', city: null, country: 'CA', passwordPending: true },
    });
    const [after] = await db().select().from(customers).where(eq(customers.id, id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    // No new password, no new email: only the one of the create.
    expect(await emailsTo(t, input.email, 'account_invitation')).toHaveLength(1);
    const [audit] = await auditRowsWhere(t, { resourceId: id, action: 'update' });
    expect(audit!.oldValues).toEqual({ companyName: input.companyName, city: 'Columbus', country: 'US' });
    expect(audit!.newValues).toEqual({ companyName: 'Renamed Haulage', city: null, country: 'CA' });
    const feed = await db().select().from(activities).where(eq(activities.customerId, id));
    expect(feed.map((a) => a.action)).toContain('customer_updated');
  });

  it('a typed password becomes the temporary one and ends the owner’s sessions, not the team’s', async () => {
    const { input, id } = await made({ password: 'First#Pass1' });
    const owner = await t.customerSession(input.email, 'First#Pass1');
    const memberEmail = `crew.${unique()}@example.com`;
    await created(t, owner, '/api/fleet/team', {
      firstName: 'Crew',
      lastName: 'Member',
      email: memberEmail,
    });
    const member = await t.customerSession(memberEmail, await invitedPassword(t, memberEmail));
    const res = await t.put(admin, `/api/admin/customers/${id}`, { ...input, password: 'Second#Pass2' });
    expect(res.json().customer).toMatchObject({ isPasswordSet: false, passwordPending: true });
    expect(res.body).not.toContain('Second#Pass2');
    expect(await invitedPassword(t, input.email)).toBe('Second#Pass2');
    expect((await t.get(owner, '/api/fleet/vehicles')).statusCode).toBe(401);
    expect((await t.get(member, '/api/fleet/vehicles')).statusCode).toBe(200);
    const old = await t.customerLogin(input.email, 'First#Pass1');
    expect(old.statusCode).toBe(401);
    await t.customerSession(input.email, 'Second#Pass2');
    const audits = await auditRowsWhere(t, { resourceId: id, action: 'update' });
    expect(audits.at(-1)!.newValues).toEqual({ signIn: 'new temporary credentials set by staff' });
    expect(JSON.stringify(audits)).not.toContain('Second#Pass2');
  });

  it('during the trial a plan change moves the account and its subscription, limits and price', async () => {
    const { input, id } = await made({ planId: 'starter' });
    const res = await t.put(admin, `/api/admin/customers/${id}`, { ...input, planId: 'enterprise' });
    expect(res.statusCode).toBe(200);
    expect(res.json().customer).toMatchObject({ planId: 'enterprise', carLimit: 50, userLimit: 25 });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, id));
    expect(sub).toMatchObject({ planId: 'enterprise', priceCents: 29_500, status: 'trialing' });
    const feed = await db().select().from(activities).where(eq(activities.customerId, id));
    expect(feed.map((a) => a.description)).toContain(
      `${input.companyName} was moved to the Enterprise plan by staff`,
    );
  });

  it('with a paid period under way the plan is billing’s: 400 on planId, nothing changes', async () => {
    const paying = await signUp(t, { planId: 'starter' });
    expect((await checkout(t, paying, CARDS.visa)).statusCode).toBe(200);
    const current = (await t.get(admin, `/api/admin/customers/${paying.id}`)).json();
    const res = await t.put(admin, `/api/admin/customers/${paying.id}`, {
      ...customerFormInput(),
      email: paying.email,
      planId: 'enterprise',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['planId']);
    const after = (await t.get(admin, `/api/admin/customers/${paying.id}`)).json();
    expect(after).toEqual(current);
    // The same edit without the plan change goes through.
    const ok = await t.put(admin, `/api/admin/customers/${paying.id}`, {
      ...customerFormInput(),
      email: paying.email,
      planId: 'starter',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('keeps a plan that has since been made inactive when the plan is not changed', async () => {
    const planId = `legacy-${unique()}`;
    await created(t, admin, '/api/plans', {
      id: planId,
      name: `Legacy ${planId}`,
      price: 10,
      vehicleLimit: 3,
    });
    const { input, id } = await made({ planId });
    await db().update(plans).set({ active: false }).where(eq(plans.id, planId));
    const res = await t.put(admin, `/api/admin/customers/${id}`, { ...input, lastName: 'Kept' });
    expect(res.statusCode).toBe(200);
    expect(res.json().customer).toMatchObject({ planId, carLimit: 3, lastName: 'Kept' });
    const other = await t.put(admin, `/api/admin/customers/${id}`, { ...input, planId: 'no-such-plan' });
    expect(other.json().errors).toEqual({ planId: 'Please select an active plan' });
  });

  it('409 on an email another account signs in with; its own email in another case is fine', async () => {
    const { input, id } = await made();
    const taken = await t.put(admin, `/api/admin/customers/${id}`, { ...input, email: customer.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'This email already has a Motorpool account.' });
    const same = await t.put(admin, `/api/admin/customers/${id}`, {
      ...input,
      email: input.email.toUpperCase(),
    });
    expect(same.statusCode).toBe(200);
    const moved = `moved.${unique()}@example.com`;
    const res = await t.put(admin, `/api/admin/customers/${id}`, { ...input, email: moved });
    expect(res.json().customer.email).toBe(moved);
    const again = await t.post(admin, '/api/admin/customers', customerFormInput({ email: moved }));
    expect(again.statusCode).toBe(409);
  });

  it('400 per rule, as on create', async () => {
    const { input, id } = await made();
    const res = await t.put(admin, `/api/admin/customers/${id}`, {
      ...input,
      email: 'nope',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('statuses go through billing (cancel, resume); suspended through the edit is a suspension', async () => {
    const { input, id } = await made({ password: 'Edit#Pass12' });
    const owner = await t.customerSession(input.email, 'Edit#Pass12');
    // A trial is not awaiting its first payment: Pending is refused (status.test.ts has the rest).
    const pending = await t.put(admin, `/api/admin/customers/${id}`, { ...input, status: 'pending' });
    expect(pending.statusCode).toBe(409);
    for (const status of ['cancelled', 'active']) {
      const res = await t.put(admin, `/api/admin/customers/${id}`, { ...input, status });
      expect(res.json().customer).toMatchObject({ status, suspendedAt: null });
    }
    const res = await t.put(admin, `/api/admin/customers/${id}`, { ...input, status: 'suspended' });
    expect(res.json().customer.status).toBe('suspended');
    expect(res.json().customer.suspendedAt).not.toBeNull();
    expect((await t.get(owner, '/api/fleet/vehicles')).statusCode).toBe(401);
    const signIn = await t.customerLogin(input.email, 'Edit#Pass12');
    expect(signIn.statusCode).toBe(403);
    const back = await t.put(admin, `/api/admin/customers/${id}`, { ...input, status: 'active' });
    expect(back.json().customer).toMatchObject({ status: 'active', suspendedAt: null });
  });
});

describe('a filtered page and its count', () => {
  const url = '/api/admin/customers?status=active&risk=low&sort=-createdAt';
  const counted = (statements: string[]) =>
    statements.filter((q) => /select count\(\*\) from "customers"/i.test(q)).length;
  const customerReads = (statements: string[]) =>
    statements.filter((q) => /from "customers"/i.test(q)).length;

  // PostgreSQL's snapshot moves with any write in the cluster (other test files' databases too), so
  // the reuse is only certain on the embedded database, which nothing else writes to.
  it.runIf(process.env.MP_TEST_DRIVER !== 'pg')('are read once while nothing changes', async () => {
    await t.get(admin, url);
    const again = await t.queriesDuring(() => t.get(admin, url));
    expect(customerReads(again)).toBe(0);
  });

  it('are read again as soon as a customer is added', async () => {
    const first = (await t.get(admin, url)).json();
    const c = await signUp(t);
    let after = first;
    const changed = await t.queriesDuring(async () => {
      after = (await t.get(admin, url)).json();
    });
    expect(counted(changed)).toBe(1);
    expect(after.total).toBe(first.total + 1);
    expect(after.items[0].id).toBe(c.id); // newest first: the page itself was read again
  });
});
