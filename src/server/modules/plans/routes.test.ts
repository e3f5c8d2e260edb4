import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, registration, type TestApp } from '../../../../tests/setup/test-app';
import { auditLogs } from '../../db/schema';

let t: TestApp;
let admin: string;
let manager: string;
let sales: string;
useTestApp({ staff: ['admin', 'manager', 'sales'] }, (opened) => ({ t, admin, manager, sales } = opened));

const newPlan = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Plan ${id}`,
  description: 'For tests',
  price: 49.99,
  vehicleLimit: 7,
  userLimit: 2,
  features: { analytics: true },
  ...extra,
});

async function auditRowsFor(resourceId: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(sql`${auditLogs.resourceId} = ${resourceId}`);
}

describe('GET /api/plans', () => {
  it('answers the seeded active plans to anyone, cheapest first, in the documented shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const plans =
      res.json<
        { id: string; price: number; vehicleLimit: number; userLimit: number; description: string }[]
      >();
    expect(plans.map((p) => p.id)).toEqual(['starter', 'professional', 'enterprise']);
    expect(plans.map((p) => [p.price, p.vehicleLimit, p.userLimit])).toEqual([
      [120, 5, 3],
      [189, 15, 5],
      [295, 50, 25],
    ]);
    expect(plans[1]).toMatchObject({
      description: 'Ideal for growing businesses',
      carLimit: 15,
      interval: 'month',
    });
  });

  it('hides inactive plans from the public but shows them to staff who may view plans', async () => {
    await t.post(admin, '/api/plans', newPlan('hidden-one', { active: false }));
    const pub = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(pub.json<{ id: string }[]>().map((p) => p.id)).not.toContain('hidden-one');
    const staff = await t.get(manager, '/api/plans');
    expect(staff.json<{ id: string }[]>().map((p) => p.id)).toContain('hidden-one');
    const salesView = await t.get(sales, '/api/plans');
    expect(salesView.json<{ id: string }[]>().map((p) => p.id)).not.toContain('hidden-one');
  });
});

describe('POST /api/plans', () => {
  it('creates a plan, shows it publicly and audits it in the same change', async () => {
    const res = await t.post(admin, '/api/plans', newPlan('fleet-plus'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Plan created successfully',
      plan: { id: 'fleet-plus', price: 49.99, vehicleLimit: 7, userLimit: 2, active: true },
    });
    expect(res.json().plan.features).toMatchObject({
      analytics: true,
      vehicleTracking: true,
      apiAccess: false,
    });
    const pub = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(pub.json<{ id: string }[]>().map((p) => p.id)).toContain('fleet-plus');
    const audit = await auditRowsFor('fleet-plus');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'create',
      resourceType: 'plan',
      actorEmail: 'admin@motorpool.local',
      success: true,
    });
  });

  it('accepts features as JSON text or a list, and blank limits as unlimited', async () => {
    const text = await t.post(
      admin,
      '/api/plans',
      newPlan('text-features', {
        features: '{"geofencing":true}',
        vehicleLimit: null,
        userLimit: null,
      }),
    );
    expect(text.statusCode).toBe(201);
    expect(text.json().plan).toMatchObject({
      vehicleLimit: null,
      userLimit: null,
      features: { geofencing: true },
    });
    const list = await t.post(admin, '/api/plans', newPlan('list-features', { features: ['apiAccess'] }));
    expect(list.json().plan.features).toMatchObject({ apiAccess: true, vehicleTracking: false });
  });

  it('refuses bad input with one message per field and creates nothing', async () => {
    const res = await t.post(admin, '/api/plans', {
      id: 'Bad Id!',
      name: '',
      price: -1,
      vehicleLimit: 0,
      userLimit: 1.5,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: Record<string, string> }>();
    expect(Object.keys(body.errors).sort()).toEqual(['id', 'name', 'price', 'userLimit', 'vehicleLimit']);
    expect(body.errors.name).toBe('Plan name is required');
    const price = await t.post(admin, '/api/plans', newPlan('cents', { price: 10.001 }));
    expect(price.statusCode).toBe(400);
    const all = await t.get(admin, '/api/plans');
    expect(all.json<{ id: string }[]>().map((p) => p.id)).not.toContain('cents');
  });

  it('refuses a duplicate id with 409', async () => {
    const res = await t.post(admin, '/api/plans', newPlan('starter'));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.id).toMatch(/already exists/);
  });

  it('needs canEditPlans: 401 without a session, 403 for sales (no plans tab) and for a manager without the flag', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/plans', payload: newPlan('nope-1') });
    expect(anon.statusCode).toBe(401);
    for (const cookie of [sales, manager]) {
      const res = await t.post(cookie, '/api/plans', newPlan('nope-2'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "You don't have permission to access this section" });
    }
  });
});

describe('editing, duplicating and deleting', () => {
  it('PUT changes price and limits; PATCH changes any field; both are audited with old and new values', async () => {
    await t.post(admin, '/api/plans', newPlan('editable'));
    const put = await t.put(admin, '/api/plans/editable', { price: 59, vehicleLimit: null, userLimit: 4 });
    expect(put.statusCode).toBe(200);
    expect(put.json().plan).toMatchObject({ price: 59, vehicleLimit: null, userLimit: 4 });
    const patch = await t.patch(admin, '/api/plans/editable', {
      name: 'Editable Pro',
      active: false,
      features: '{"prioritySupport":true}',
    });
    expect(patch.json().plan).toMatchObject({
      name: 'Editable Pro',
      active: false,
      features: { prioritySupport: true },
    });
    const audit = await auditRowsFor('editable');
    const update = audit.filter((a) => a.action === 'update');
    expect(update).toHaveLength(2);
    expect(update[0]!.oldValues).toMatchObject({ price: 49.99 });
    expect(update[0]!.newValues).toMatchObject({ price: 59 });
  });

  it('the edit dialog changes name, description, price, limits and features at once, audited', async () => {
    await t.post(admin, '/api/plans', newPlan('all-fields'));
    const edit = {
      name: 'All Fields Renamed',
      description: 'Rewritten',
      price: 12.5,
      vehicleLimit: 3,
      userLimit: null,
      features: { analytics: false, geofencing: true, vehicleTracking: true },
    };
    const res = await t.patch(admin, '/api/plans/all-fields', edit);
    expect(res.statusCode).toBe(200);
    expect(res.json().plan).toMatchObject({ id: 'all-fields', ...edit });
    const staffList = (await t.get(admin, '/api/plans')).json<{ id: string; name: string }[]>();
    expect(staffList.find((p) => p.id === 'all-fields')?.name).toBe('All Fields Renamed');
    const [update] = (await auditRowsFor('all-fields')).filter((a) => a.action === 'update');
    expect(update!.oldValues).toMatchObject({ name: 'Plan all-fields', description: 'For tests' });
    expect(update!.newValues).toMatchObject({ name: 'All Fields Renamed', description: 'Rewritten' });
  });

  it('refuses a name another live plan carries (any case) with 409 on the name field, changing nothing', async () => {
    await t.post(admin, '/api/plans', newPlan('clash-a'));
    const rename = await t.patch(admin, '/api/plans/clash-a', { name: 'professional', price: 1 });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toEqual({
      message: "A plan named 'professional' already exists",
      errors: { name: "A plan named 'professional' already exists" },
    });
    const after = (await t.get(admin, '/api/plans')).json<{ id: string; name: string; price: number }[]>();
    expect(after.find((p) => p.id === 'clash-a')).toMatchObject({ name: 'Plan clash-a', price: 49.99 });
    expect((await auditRowsFor('clash-a')).filter((a) => a.action === 'update')).toHaveLength(0);

    const create = await t.post(admin, '/api/plans', newPlan('clash-b', { name: 'STARTER' }));
    expect(create.statusCode).toBe(409);
    expect(create.json().errors).toEqual({ name: "A plan named 'STARTER' already exists" });

    // Keeping its own name (in another case) is no clash.
    const same = await t.patch(admin, '/api/plans/clash-a', { name: 'PLAN CLASH-A' });
    expect(same.statusCode).toBe(200);
    // A deleted plan's name is free again.
    await t.post(admin, '/api/plans', newPlan('clash-gone', { name: 'Retired Name' }));
    await t.delete(admin, '/api/plans/clash-gone');
    const reuse = await t.patch(admin, '/api/plans/clash-a', { name: 'Retired Name' });
    expect(reuse.statusCode).toBe(200);
  });

  it('answers 404 for an unknown plan and 400 for an empty PATCH', async () => {
    const missing = await t.patch(admin, '/api/plans/no-such', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Plan not found' });
    const empty = await t.patch(admin, '/api/plans/starter', {});
    expect(empty.statusCode).toBe(400);
  });

  it('duplicates into an inactive copy with a fresh id each time', async () => {
    const first = await t.post(admin, '/api/plans/starter/duplicate', {});
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Plan duplicated successfully',
      plan: { id: 'starter-copy', name: 'Starter (Copy)', active: false, price: 120, vehicleLimit: 5 },
    });
    const second = await t.post(admin, '/api/plans/starter/duplicate', {});
    expect(second.json().plan).toMatchObject({ id: 'starter-copy-2', name: 'Starter (Copy) 2' });
  });

  it('deletes a plan from every list while its customers keep it', async () => {
    await t.post(admin, '/api/plans', newPlan('to-delete'));
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: registration({ planId: 'to-delete' }),
    });
    expect(signUp.statusCode).toBe(201);
    const del = await t.delete(admin, '/api/plans/to-delete');
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Plan deleted successfully' });
    const staffList = await t.get(admin, '/api/plans');
    expect(staffList.json<{ id: string }[]>().map((p) => p.id)).not.toContain('to-delete');
    const customer = await t.customerSession(signUp.json().customer.email, 'Str0ng#Pass');
    const me = await t.get(customer, '/api/auth/customer');
    expect(me.json().customer).toMatchObject({ planId: 'to-delete', planName: 'Plan to-delete' });
    const again = await t.delete(admin, '/api/plans/to-delete');
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /api/admin/plans/stats', () => {
  it('counts real customers per plan and revenue from paying ones only', async () => {
    const before = (await t.get(admin, '/api/admin/plans/stats')).json();
    expect(before.plans.professional).toMatchObject({ monthlyRevenue: 189 }); // the demo customer pays
    await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: registration({ planId: 'professional' }),
    });
    const after = (await t.get(admin, '/api/admin/plans/stats')).json();
    expect(after.totalCustomers).toBe(before.totalCustomers + 1);
    expect(after.plans.professional.customerCount).toBe(before.plans.professional.customerCount + 1);
    // a trialing customer is a customer but not yet revenue
    expect(after.plans.professional.monthlyRevenue).toBe(189);
  });

  it('is refused to sales', async () => {
    const res = await t.get(sales, '/api/admin/plans/stats');
    expect(res.statusCode).toBe(403);
  });
});

describe('query budget (at most two queries for an authenticated read)', () => {
  it('the staff plan list runs the session lookup and one query; the public one a single query', async () => {
    const staff = await t.queriesDuring(() => t.get(admin, '/api/plans'));
    expect(staff).toHaveLength(2);
    // the public list is read once and then served from memory until it expires or a plan changes
    await t.patch(admin, '/api/plans/starter', { description: 'Perfect for small fleets' });
    const first = await t.queriesDuring(() => t.app.inject({ method: 'GET', url: '/api/plans' }));
    expect(first).toHaveLength(1);
    const second = await t.queriesDuring(() => t.app.inject({ method: 'GET', url: '/api/plans' }));
    expect(second).toHaveLength(0);
  });
});

describe('races', () => {
  it('two creations of one id at the same moment make one plan and a 409', async () => {
    const create = () => t.post(admin, '/api/plans', newPlan('racing-plan'));
    const results = await Promise.all([create(), create()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('two creations of one name under different ids at the same moment make one plan and a 409', async () => {
    const results = await Promise.all([
      t.post(admin, '/api/plans', newPlan('race-name-1', { name: 'Racing Name' })),
      t.post(admin, '/api/plans', newPlan('race-name-2', { name: 'Racing Name' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});
