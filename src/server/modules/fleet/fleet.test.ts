import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { signUp, type TestCustomer } from '../../../../tests/setup/customers';
import { auditLogs, vehicles } from '../../db/schema';
import { lastEmailTo, passwordIn } from '../../../../tests/setup/mail';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

let counter = 0;
/** A valid vehicle with a unique VIN and plate. */
function newVehicle(extra: Record<string, unknown> = {}) {
  counter += 1;
  const n = String(counter).padStart(5, '0');
  return {
    make: 'Ford',
    model: 'Transit',
    year: 2022,
    vin: `1FTBR1C8XMKA${n}`,
    licensePlate: `TST-${n}`,
    mileage: 1000,
    fuelLevel: 80,
    ...extra,
  };
}

const addVehicle = (c: TestCustomer, extra: Record<string, unknown> = {}) =>
  t.post(c, '/api/fleet/vehicles', newVehicle(extra));
/** A driver assigned to the vehicle. */
const addDriver = (c: TestCustomer, vehicleId: string, name: string, email: string, licenseNumber: string) =>
  t.post(c, '/api/fleet/drivers', { name, email, licenseNumber, assignedVehicleId: vehicleId });

describe('vehicles', () => {
  it('creates, reads, updates and deletes a vehicle, audited for the account', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const created = await addVehicle(c, {
      vin: '1ftbr1c8xmka99991',
      licensePlate: 'abc-123',
      location: 'Depot',
    });
    expect(created.statusCode).toBe(201);
    const v = created.json().vehicle;
    expect(v).toMatchObject({
      vin: '1FTBR1C8XMKA99991',
      licensePlate: 'ABC-123',
      status: 'active',
      location: 'Depot',
      driver: null,
    });
    const updated = await t.put(c, `/api/fleet/vehicles/${v.id}`, {
      ...newVehicle(),
      vin: v.vin,
      licensePlate: v.licensePlate,
      mileage: 1234,
    });
    expect(updated.json().vehicle.mileage).toBe(1234);
    const read = await t.get(c, `/api/fleet/vehicles/${v.id}`);
    expect(read.json().mileage).toBe(1234);
    const del = await t.delete(c, `/api/fleet/vehicles/${v.id}`);
    expect(del.statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, v.id));
    expect(audit.map((a) => [a.action, a.accountId])).toEqual([
      ['create', c.id],
      ['update', c.id],
      ['delete', c.id],
    ]);
    expect(audit[1]!.oldValues).toEqual({ mileage: 1000 });
  });

  it("validates every field with the form's messages", async () => {
    const c = await signUp(t);
    const res = await t.post(c, '/api/fleet/vehicles', {
      make: '',
      model: 'X',
      year: 1979,
      vin: '1FTBR1C8XMKA0000I',
      licensePlate: '',
      mileage: -1,
      fuelLevel: 101,
      status: 'stolen',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      make: 'Make is required',
      year: `Year must be between 1980 and ${new Date().getUTCFullYear() + 1}`,
      vin: 'VIN must be 17 letters and digits (the letters I, O and Q are not used)',
      licensePlate: 'License plate is required',
      mileage: 'Mileage must be between 0 and 2000000',
      fuelLevel: 'Fuel level must be between 0 and 100',
      status: 'Status must be active, maintenance, retired or inactive',
    });
    const nextYear = await addVehicle(c, { year: new Date().getUTCFullYear() + 2 });
    expect(nextYear.statusCode).toBe(400);
  });

  it('keeps mileage to a thousandth of a mile (a whole number of km typed in the app comes back exact)', async () => {
    const c = await signUp(t, { planId: 'professional' });
    // 102 km = 63.380 mi to three decimals; 3,218,688 km is the largest whole km within 2,000,000 mi.
    const created = await addVehicle(c, { mileage: 63.38 });
    expect(created.statusCode, created.body).toBe(201);
    const v = created.json().vehicle;
    expect(v.mileage).toBe(63.38);
    expect((await t.get(c, `/api/fleet/vehicles/${v.id}`)).json().mileage).toBe(63.38);
    const [row] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, v.id));
    expect(row!.mileage).toBe(63.38);
    const far = await t.put(c, `/api/fleet/vehicles/${v.id}`, {
      ...newVehicle({ vin: v.vin, licensePlate: v.licensePlate }),
      mileage: 1_999_999.837,
    });
    expect(far.json().vehicle.mileage).toBe(1_999_999.837);
    const record = await t.post(c, '/api/fleet/maintenance', {
      vehicleId: v.id,
      type: 'Tires',
      dueMileage: 6_213.712,
    });
    expect(record.json().record.dueMileage).toBe(6_213.712);
    // Overdue compares the stored values exactly.
    expect(record.json().record.state).toBe('overdue');
    // More precision than is kept is refused, not silently rounded; the limits stay in miles.
    const fine = await addVehicle(c, { mileage: 1.0005 });
    expect(fine.statusCode).toBe(400);
    expect(fine.json().errors).toEqual({ mileage: 'Mileage must have at most 3 decimals' });
    const over = await addVehicle(c, { mileage: 2_000_000.001 });
    expect(over.json().errors).toEqual({ mileage: 'Mileage must be between 0 and 2000000' });
  });

  it('keeps VIN and plate unique within the account, not across accounts', async () => {
    const a = await signUp(t, { planId: 'professional' });
    const b = await signUp(t, { planId: 'professional' });
    const first = newVehicle();
    expect((await t.post(a, '/api/fleet/vehicles', first)).statusCode).toBe(201);
    const sameVin = await t.post(a, '/api/fleet/vehicles', { ...newVehicle(), vin: first.vin });
    expect(sameVin.statusCode).toBe(409);
    expect(sameVin.json().errors).toEqual({ vin: 'A vehicle with this VIN is already in your fleet' });
    const samePlate = await t.post(a, '/api/fleet/vehicles', {
      ...newVehicle(),
      licensePlate: first.licensePlate,
    });
    expect(samePlate.json().errors).toEqual({
      licensePlate: 'A vehicle with this license plate is already in your fleet',
    });
    const otherAccount = await t.post(b, '/api/fleet/vehicles', first);
    expect(otherAccount.statusCode).toBe(201);
  });

  it("another customer's ids answer 404 and change nothing", async () => {
    const a = await signUp(t, { planId: 'professional' });
    const b = await signUp(t, { planId: 'professional' });
    const v = (await addVehicle(a)).json().vehicle;
    const url = `/api/fleet/vehicles/${v.id}`;
    expect((await t.get(b, url)).statusCode, 'GET').toBe(404);
    expect((await t.put(b, url, newVehicle())).statusCode, 'PUT').toBe(404);
    expect((await t.delete(b, url)).statusCode, 'DELETE').toBe(404);
    const driver = await addDriver(b, v.id, 'Eve', 'eve@example.com', 'X1');
    expect(driver.statusCode).toBe(400);
    const maintenance = await t.post(b, '/api/fleet/maintenance', {
      vehicleId: v.id,
      type: 'Oil',
      dueMileage: 5,
    });
    expect(maintenance.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, v.id));
    expect(row!.customerId).toBe(a.id);
    const list = await t.get(b, '/api/fleet/vehicles');
    expect(list.json().items.map((x: { id: string }) => x.id)).not.toContain(v.id);
  });

  it('lists with paging, search, status filter and sort on the server', async () => {
    const c = await signUp(t, { planId: 'enterprise' });
    for (let i = 0; i < 7; i++)
      await addVehicle(c, {
        make: i < 3 ? 'Volvo' : 'Ford',
        mileage: i * 100,
        status: i === 6 ? 'maintenance' : 'active',
      });
    const page = await t.get(c, '/api/fleet/vehicles?page=2&pageSize=3&sort=mileage');
    expect(page.json()).toMatchObject({ total: 7, page: 2, pageSize: 3 });
    expect(page.json().items.map((v: { mileage: number }) => v.mileage)).toEqual([300, 400, 500]);
    const search = await t.get(c, '/api/fleet/vehicles?search=volvo');
    expect(search.json().total).toBe(3);
    const status = await t.get(c, '/api/fleet/vehicles?status=maintenance');
    expect(status.json().total).toBe(1);
    const junk = await t.get(c, '/api/fleet/vehicles?sort=drop%20table');
    expect(junk.statusCode).toBe(400);
  });
});

describe('plan limits', () => {
  it('refuses the vehicle beyond the limit with a message naming it and the plan; retired ones do not count', async () => {
    const c = await signUp(t, { planId: 'starter' });
    for (let i = 0; i < 5; i++) expect((await addVehicle(c)).statusCode).toBe(201);
    const sixth = await addVehicle(c);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ errorType: 'limit_reached', limit: 5, planName: 'Starter' });
    expect(sixth.json().message).toMatch(/^Your Starter plan allows 5 vehicles and you have 5\./);
    const retiredOk = await addVehicle(c, { status: 'retired' });
    expect(retiredOk.statusCode).toBe(201);
    // bringing the retired one back would exceed the limit
    const back = await t.put(c, `/api/fleet/vehicles/${retiredOk.json().vehicle.id}`, {
      ...newVehicle(),
      vin: retiredOk.json().vehicle.vin,
      licensePlate: retiredOk.json().vehicle.licensePlate,
      status: 'active',
    });
    expect(back.statusCode).toBe(409);
    // an upgrade raises the limit
    await t.post(c, '/api/customer/upgrade-plan', { planId: 'professional' });
    expect((await addVehicle(c)).statusCode).toBe(201);
  });

  it('two requests adding the last allowed vehicle at the same moment create one vehicle', async () => {
    const c = await signUp(t, { planId: 'starter' });
    for (let i = 0; i < 4; i++) await addVehicle(c);
    const results = await Promise.all([addVehicle(c), addVehicle(c), addVehicle(c)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const list = await t.get(c, '/api/fleet/vehicles');
    expect(list.json().total).toBe(5);
  });
});

describe('CSV import and export', () => {
  it('exports every vehicle matching the filter, with the header and no formula cells', async () => {
    const c = await signUp(t, { planId: 'enterprise' });
    await addVehicle(c, { make: 'Volvo', location: '=HYPERLINK("x")' });
    await addVehicle(c, { make: 'Ford' });
    const res = await t.get(c, '/api/fleet/vehicles/export.csv?search=volvo');
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('make,model,year,vin,licensePlate,status,mileage,fuelLevel,location');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=HYPERLINK`);
  });

  it("an export is audited but is not a change: the overview's recent changes leave it out", async () => {
    const c = await signUp(t, { planId: 'enterprise' });
    await addVehicle(c);
    expect((await t.get(c, '/api/fleet/vehicles/export.csv')).statusCode).toBe(200);
    expect((await t.get(c, '/api/fleet/drivers/export.csv')).statusCode).toBe(200);
    const exports = await t.database.db.select().from(auditLogs).where(eq(auditLogs.accountId, c.id));
    expect(exports.filter((r) => r.action === 'export').map((r) => r.resourceType)).toEqual(
      expect.arrayContaining(['vehicle', 'driver']),
    );
    const overview = await t.get(c, '/api/fleet/overview');
    const changes = overview.json<{ recentChanges: { action: string }[] }>().recentChanges;
    expect(changes.map((r) => r.action)).toEqual(['create']);
  });

  it('previews rows with row-level errors, then imports the valid ones within the limit', async () => {
    const c = await signUp(t, { planId: 'starter' });
    await addVehicle(c, { vin: '1FTBR1C8XMKA77777' });
    const csv = [
      'Make,Model,Year,VIN,License Plate,Status,Mileage,Fuel Level,Location',
      'Ford,Transit,2021,1FTBR1C8XMKA11111,IMP-1,active,100,50,Depot',
      'Ford,Transit,1900,1FTBR1C8XMKA11112,IMP-2,active,100,50,Depot',
      'Ford,Transit,2021,BADVIN,IMP-3,,,,',
      'Ford,Transit,2021,1FTBR1C8XMKA11111,IMP-4,,,,',
      'Ford,Transit,2021,1FTBR1C8XMKA77777,IMP-5,,,,',
      'Ram,ProMaster,2020,3C6TRVDG0LE111113,IMP-6,maintenance,90000,20,',
    ].join('\n');
    const preview = await t.post(c, '/api/fleet/vehicles/import/preview', { csv });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({
      valid: 2,
      invalid: 4,
      missingColumns: [],
      remaining: 4,
      planName: 'Starter',
    });
    expect(
      body.rows.map((r: { line: number; errors: Record<string, string> }) => [r.line, Object.keys(r.errors)]),
    ).toEqual([
      [2, []],
      [3, ['year']],
      [4, ['vin']],
      [5, ['vin']],
      [6, ['vin']],
      [7, []],
    ]);
    expect(body.rows[3].errors.vin).toBe('The same VIN is on line 2');
    expect(body.rows[4].errors.vin).toBe('A vehicle with this VIN is already in your fleet');
    const valid = body.rows
      .filter((r: { errors: object }) => Object.keys(r.errors).length === 0)
      .map((r: { values: Record<string, string> }) => ({
        ...r.values,
        location: r.values.location || null,
      }));
    const commit = await t.post(c, '/api/fleet/vehicles/import', { vehicles: valid });
    expect(commit.json()).toEqual({ success: true, created: 2 });
    const created = await t.database.db.select().from(auditLogs).where(eq(auditLogs.accountId, c.id));
    expect(created.filter((a) => a.resourceType === 'vehicle' && a.action === 'create')).toHaveLength(3);
    // three more would pass the limit of 5: the whole chunk is refused, nothing is added
    const over = await t.post(c, '/api/fleet/vehicles/import', {
      vehicles: [newVehicle(), newVehicle(), newVehicle()],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/room for 2 more, not 3/);
    expect((await t.get(c, '/api/fleet/vehicles')).json().total).toBe(3);
  });

  it('names missing columns', async () => {
    const c = await signUp(t);
    const res = await t.post(c, '/api/fleet/vehicles/import/preview', { csv: 'make,model\nFord,Transit' });
    expect(res.json().missingColumns).toEqual(['year', 'vin', 'licensePlate']);
  });
});

describe('drivers', () => {
  it('one driver per vehicle at a time', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const v = (await addVehicle(c)).json().vehicle;
    const first = await addDriver(c, v.id, 'Ann Driver', 'ann@example.com', 'L-1');
    expect(first.statusCode).toBe(201);
    expect(first.json().driver.assignedVehicle).toMatchObject({ id: v.id, licensePlate: v.licensePlate });
    const second = await addDriver(c, v.id, 'Bob Driver', 'bob@example.com', 'L-2');
    expect(second.statusCode).toBe(409);
    expect(second.json().errors.assignedVehicleId).toMatch(/one driver at a time/);
    const listed = await t.get(c, '/api/fleet/vehicles');
    expect(listed.json().items[0].driver).toMatchObject({ name: 'Ann Driver' });
    const csv = await t.get(c, '/api/fleet/drivers/export.csv');
    expect(csv.body).toContain(`Ann Driver,ann@example.com,,L-1,active,${v.licensePlate}`);
  });
});

describe('maintenance', () => {
  it('is overdue past its date or mileage, completes, and schedules the next one', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const v = (await addVehicle(c, { mileage: 50_000 })).json().vehicle;
    const late = await t.post(c, '/api/fleet/maintenance', {
      vehicleId: v.id,
      type: 'Oil change',
      dueDate: '2020-01-01',
      cost: 89.5,
    });
    expect(late.json().record).toMatchObject({ state: 'overdue', cost: 89.5 });
    const byMileage = await t.post(c, '/api/fleet/maintenance', {
      vehicleId: v.id,
      type: 'Tires',
      dueMileage: 45_000,
    });
    expect(byMileage.json().record.state).toBe('overdue');
    const later = await t.post(c, '/api/fleet/maintenance', {
      vehicleId: v.id,
      type: 'Inspection',
      dueDate: '2099-01-01',
    });
    expect(later.json().record.state).toBe('scheduled');
    const neither = await t.post(c, '/api/fleet/maintenance', { vehicleId: v.id, type: 'X' });
    expect(neither.json().errors).toEqual({ dueDate: 'Give a due date, a due mileage, or both' });
    // A day that is not on the calendar is named on its field, not refused by the database.
    for (const dueDate of ['2027-13-40', '2027-02-30']) {
      const unreal = await t.post(c, '/api/fleet/maintenance', { vehicleId: v.id, type: 'X', dueDate });
      expect(unreal.statusCode).toBe(400);
      expect(unreal.json().errors).toMatchObject({ dueDate: 'Due date must be a real date' });
    }
    const overdue = await t.get(c, '/api/fleet/maintenance?state=overdue');
    expect(overdue.json().total).toBe(2);
    const done = await t.post(c, `/api/fleet/maintenance/${late.json().record.id}/complete`, {
      cost: 95,
      next: { dueDate: '2099-06-01' },
    });
    expect(done.json().record.state).toBe('completed');
    expect(done.json().next).toMatchObject({ type: 'Oil change', dueDate: '2099-06-01', state: 'scheduled' });
    const again = await t.post(c, `/api/fleet/maintenance/${late.json().record.id}/complete`, {});
    expect(again.statusCode).toBe(409);
    const overview = await t.get(c, '/api/fleet/overview');
    expect(overview.json()).toMatchObject({ overdueCount: 1, vehicles: { active: 1, total: 1 } });
    expect(overview.json().dueMaintenance[0]).toMatchObject({ type: 'Tires', state: 'overdue' });
  });
});

describe('team', () => {
  it('invites up to the user limit; a member signs in, sees the fleet, not billing or team management', async () => {
    const owner = await signUp(t, { planId: 'starter' });
    const v = (await addVehicle(owner)).json().vehicle;
    const start = await t.get(owner, '/api/fleet/team');
    expect(start.json()).toMatchObject({ users: 1, userLimit: 3 });
    const invite = (email: string, role = 'fleet_user') =>
      t.post(owner, '/api/fleet/team', { firstName: 'Tess', lastName: 'Member', email, role });
    const first = await invite(`member.${Date.now()}@example.com`);
    expect(first.statusCode).toBe(201);
    const { member } = first.json();
    // The password goes to the member by email (team_invitation), never in the answer.
    expect(first.json()).not.toHaveProperty('temporaryPassword');
    // No mail transport in this app: the answer says the email waits, never that it went.
    expect(first.json().message).toContain(
      `is queued for ${member.email} and not delivered: no mail transport is configured.`,
    );
    expect(first.json().delivery).toMatchObject({ to: member.email, status: 'queued' });
    const mail = await lastEmailTo(t, member.email, 'team_invitation');
    expect(mail).toMatchObject({ sensitive: true, customerId: owner.id });
    const temporaryPassword = passwordIn(mail);
    expect(temporaryPassword).toMatch(/^.{12}$/);
    expect(first.body).not.toContain(temporaryPassword);
    expect((await invite(`second.${Date.now()}@example.com`)).statusCode).toBe(201);
    const third = await invite(`third.${Date.now()}@example.com`);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ errorType: 'limit_reached', limit: 3 });
    expect((await invite(owner.email)).statusCode).toBe(409);

    const session = await t.customerSession(member.email, temporaryPassword);
    const me = await t.get(session, '/api/auth/customer');
    expect(me.json().customer).toMatchObject({
      id: owner.id,
      email: member.email,
      role: 'fleet_user',
      isOwner: false,
      teamMemberId: member.id,
      isPasswordSet: false,
    });
    const fleet = await t.get(session, '/api/fleet/vehicles');
    expect(fleet.json().items.map((x: { id: string }) => x.id)).toEqual([v.id]);
    for (const [method, url] of [
      ['GET', '/api/customer/billing-info'],
      ['POST', '/api/customer/upgrade-plan'],
      ['POST', '/api/fleet/team'],
      ['GET', '/api/customer/data-export'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie: session.cookie },
        payload: method === 'POST' ? { planId: 'professional' } : undefined,
      });
      expect(res.statusCode, url).toBe(403);
    }
    // the member sets their own password
    const changed = await t.post(session, '/api/auth/change-password', {
      email: member.email,
      currentPassword: temporaryPassword,
      newPassword: 'Mine#Pass123',
    });
    expect(changed.statusCode).toBe(200);
    await t.customerSession(member.email, 'Mine#Pass123');
    await t.customerSession(owner.email, owner.password); // the owner's password is untouched

    // removing the member ends their sessions
    const removed = await t.delete(owner, `/api/fleet/team/${member.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await t.get(session, '/api/fleet/vehicles')).statusCode).toBe(401);
  });

  it('an email already used by a team member cannot sign up as a customer', async () => {
    const owner = await signUp(t, { planId: 'professional' });
    const email = `taken.${Date.now()}@example.com`;
    await t.post(owner, '/api/fleet/team', { firstName: 'A', lastName: 'B', email });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: { ...(await import('../../../../tests/setup/test-app')).registration({ email }) },
    });
    expect(res.statusCode).toBe(409);
  });
});
