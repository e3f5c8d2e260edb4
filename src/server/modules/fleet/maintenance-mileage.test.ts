import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { randomVin, signUp, unique, type TestCustomer } from '../../../../tests/setup/customers';
import type { Executor, Tx } from '../../db/client';
import { maintenanceRecords, vehicles } from '../../db/schema';

// An open maintenance record carries its vehicle's mileage (`vehicle_mileage`, migration 0028), so the
// overdue rule reads one row (docs/fleet.md "Maintenance at scale"). These tests write it every way the
// product does and compare it with the vehicles' own mileage, computed from scratch.
let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const onPostgres = process.env.MP_TEST_DRIVER === 'pg';

/** Every record in the database whose kept mileage is not its vehicle's (open) or null (completed). */
async function staleRecords() {
  const result = await t.database.db.execute(sql`
    select m.id, m.vehicle_mileage, v.mileage, m.completed_date
    from ${maintenanceRecords} m join ${vehicles} v on v.id = m.vehicle_id
    where m.vehicle_mileage is distinct from (case when m.completed_date is null then v.mileage end)`);
  return (result as unknown as { rows: unknown[] }).rows;
}

const keptMileage = async (id: string) =>
  (
    await t.database.db
      .select({ kept: maintenanceRecords.vehicleMileage })
      .from(maintenanceRecords)
      .where(eq(maintenanceRecords.id, id))
  )[0]?.kept;

function vehicleValues(mileage: number) {
  const n = unique();
  return {
    make: 'Volvo',
    model: 'FH16',
    year: 2021,
    vin: randomVin(),
    licensePlate: `KM-${n}`,
    mileage,
    fuelLevel: 70,
  };
}

async function addVehicle(c: TestCustomer, mileage: number) {
  const values = vehicleValues(mileage);
  const res = await t.post(c, '/api/fleet/vehicles', values);
  expect(res.statusCode).toBe(201);
  const id: string = res.json().vehicle.id;
  /** Sets the vehicle's mileage through the form, as the app does. */
  const drive = (to: number) => t.put(c, `/api/fleet/vehicles/${id}`, { ...values, mileage: to });
  return { id, drive, plate: values.licensePlate };
}

async function addRecord(c: TestCustomer, values: Record<string, unknown>) {
  const res = await t.post(c, '/api/fleet/maintenance', values);
  expect(res.statusCode).toBe(201);
  return res.json().record as { id: string; state: string };
}

const stateOf = async (c: TestCustomer, id: string) => {
  const list = await t.get(c, '/api/fleet/maintenance?pageSize=100');
  return (list.json().items as { id: string; state: string }[]).find((r) => r.id === id)?.state;
};

describe("a record's kept vehicle mileage", () => {
  it('follows every write: add, drive, move, edit, complete, reopen, delete, cascades and bulk statements', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const truck = await addVehicle(c, 40_000);
    const van = await addVehicle(c, 90_000);
    const tyres = await addRecord(c, { vehicleId: truck.id, type: 'Tyres', dueMileage: 45_000 });
    expect(tyres.state).toBe('scheduled');
    expect(await keptMileage(tyres.id)).toBe(40_000);

    // Driving past the due mileage makes it overdue; a corrected reading below makes it scheduled again.
    expect((await truck.drive(46_000.5)).statusCode).toBe(200);
    expect(await stateOf(c, tyres.id)).toBe('overdue');
    expect((await t.get(c, '/api/fleet/overview')).json().overdueCount).toBe(1);
    expect((await truck.drive(44_000)).statusCode).toBe(200);
    expect(await stateOf(c, tyres.id)).toBe('scheduled');

    // Moved to the van (already past 45,000), then edited without moving.
    const moved = await t.put(c, `/api/fleet/maintenance/${tyres.id}`, {
      vehicleId: van.id,
      type: 'Tyres',
      dueMileage: 45_000,
    });
    expect(moved.json().record.state).toBe('overdue');
    expect(await keptMileage(tyres.id)).toBe(90_000);
    await t.put(c, `/api/fleet/maintenance/${tyres.id}`, {
      vehicleId: van.id,
      type: 'Tyres',
      dueMileage: 95_000,
    });
    expect(await stateOf(c, tyres.id)).toBe('scheduled');

    // Completed with the next one scheduled: the completed one keeps nothing, the next one the mileage.
    const done = await t.post(c, `/api/fleet/maintenance/${tyres.id}/complete`, {
      next: { dueMileage: 99_000 },
    });
    expect(done.statusCode).toBe(200);
    expect(await keptMileage(tyres.id)).toBeNull();
    expect(await keptMileage(done.json().next.id)).toBe(90_000);
    expect(await staleRecords()).toEqual([]);

    // Statements outside the API: a reopened record, a bulk insert, a set-based mileage update.
    await t.database.db
      .update(maintenanceRecords)
      .set({ completedDate: null })
      .where(eq(maintenanceRecords.id, tyres.id));
    expect(await keptMileage(tyres.id)).toBe(90_000);
    await t.database.db.execute(sql`
      insert into ${maintenanceRecords} (customer_id, vehicle_id, type, due_mileage)
      select customer_id, id, 'Bulk check', mileage + 1 from ${vehicles} where customer_id = ${c.id}`);
    await t.database.db.execute(
      sql`update ${vehicles} set mileage = mileage + 10 where customer_id = ${c.id}`,
    );
    expect(await staleRecords()).toEqual([]);
    const bulkOverdue = await t.get(c, '/api/fleet/maintenance?state=overdue&search=bulk');
    expect(bulkOverdue.json().total).toBe(2);

    // Deleting a record, then a vehicle with its records, then the whole account.
    expect((await t.delete(c, `/api/fleet/maintenance/${done.json().next.id}`)).statusCode).toBe(200);
    expect((await t.delete(c, `/api/fleet/vehicles/${truck.id}`)).statusCode).toBe(200);
    expect(await staleRecords()).toEqual([]);
    const removed = await t.post(c, '/api/customer/delete-account', { password: c.password });
    expect(removed.statusCode).toBe(200);
    expect(await staleRecords()).toEqual([]);
  });

  it('stays right under concurrent mileage changes, new records and completions of one vehicle', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const truck = await addVehicle(c, 10_000);
    const open = await Promise.all(
      [1, 2, 3].map((i) => addRecord(c, { vehicleId: truck.id, type: `Check ${i}`, dueMileage: 20_000 })),
    );
    const answers = await Promise.all([
      ...[11_000, 21_000, 15_000, 25_000].map((m) => truck.drive(m)),
      ...[1, 2, 3].map(() =>
        t.post(c, '/api/fleet/maintenance', { vehicleId: truck.id, type: 'New', dueMileage: 22_000 }),
      ),
      ...open.map((r) =>
        t.post(c, `/api/fleet/maintenance/${r.id}/complete`, { next: { dueMileage: 30_000 } }),
      ),
    ]);
    expect(answers.filter((a) => a.statusCode >= 300).map((a) => a.body)).toEqual([]);
    expect(await staleRecords()).toEqual([]);
  });
});

/** Every record whose kept search text is not its type and its vehicle's plate, make and model. */
async function staleSearchTexts() {
  const result = await t.database.db.execute(sql`
    select m.id, m.search_text from ${maintenanceRecords} m join ${vehicles} v on v.id = m.vehicle_id
    where m.search_text is distinct from lower(m.type || ' ' || v.license_plate || ' ' || v.make || ' ' || v.model)`);
  return (result as unknown as { rows: unknown[] }).rows;
}

const found = async (c: TestCustomer, search: string) =>
  (
    (await t.get(c, `/api/fleet/maintenance?search=${encodeURIComponent(search)}`)).json().items as {
      id: string;
    }[]
  ).map((r) => r.id);

describe("a record's kept search text (type, and its vehicle's plate, make and model)", () => {
  it('follows every write: add, retype, move, rename the vehicle, complete with the next, bulk statements', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const truck = await addVehicle(c, 40_000);
    const van = await addVehicle(c, 90_000);
    const oil = await addRecord(c, { vehicleId: truck.id, type: 'Oil change', dueMileage: 45_000 });
    expect(await staleSearchTexts()).toEqual([]);
    const truckPlate = truck.plate;
    expect(await found(c, truckPlate.toLowerCase())).toEqual([oil.id]);
    expect(await found(c, 'OIL CH')).toEqual([oil.id]);

    // Retyped, then moved to the van: found by the van's plate, no longer by the truck's.
    await t.put(c, `/api/fleet/maintenance/${oil.id}`, {
      vehicleId: truck.id,
      type: 'Brake pads',
      dueMileage: 45_000,
    });
    expect(await found(c, 'brake pads')).toEqual([oil.id]);
    expect(await found(c, 'oil change')).toEqual([]);
    await t.put(c, `/api/fleet/maintenance/${oil.id}`, {
      vehicleId: van.id,
      type: 'Brake pads',
      dueMileage: 95_000,
    });
    const vanPlate = van.plate;
    expect(await found(c, vanPlate)).toEqual([oil.id]);
    expect(await found(c, truckPlate)).toEqual([]);

    // The van renamed through its form: its records follow, completed ones too.
    const done = await t.post(c, `/api/fleet/maintenance/${oil.id}/complete`, {
      next: { dueMileage: 99_000 },
    });
    expect(done.statusCode).toBe(200);
    const renamed = await t.put(c, `/api/fleet/vehicles/${van.id}`, {
      ...vehicleValues(90_000),
      make: 'Scania',
      model: 'R450',
      licensePlate: `RN-${unique()}`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await found(c, 'scania r450')).sort()).toEqual([oil.id, done.json().next.id].sort());
    expect(await found(c, vanPlate)).toEqual([]);
    expect(await staleSearchTexts()).toEqual([]);

    // Statements outside the API: a bulk insert and a set-based rename.
    await t.database.db.execute(sql`
      insert into ${maintenanceRecords} (customer_id, vehicle_id, type, due_mileage)
      select customer_id, id, 'Bulk check', mileage + 1 from ${vehicles} where customer_id = ${c.id}`);
    await t.database.db.execute(
      sql`update ${vehicles} set model = model || ' X' where customer_id = ${c.id}`,
    );
    expect(await staleSearchTexts()).toEqual([]);
    expect(await found(c, 'fh16 x')).toHaveLength(1);
  });
});

/** Waits until `done()` or until another session of this database waits on a row lock. */
async function untilDoneOrBlocked(done: () => boolean) {
  for (let i = 0; i < 250; i++) {
    if (done()) return;
    const result = await t.database.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    if ((result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('neither finished nor blocked');
}

/** A promise and its resolve, to hold a transaction open until the test lets it commit. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * Two writers in a set order on PostgreSQL: `first` runs in a transaction held open until `second` has
 * finished or waits on a lock `first` holds; then `first` commits and both end. Answers `second`'s value.
 */
async function heldWhile<T>(first: (tx: Tx) => Promise<void>, second: () => Promise<T>): Promise<T> {
  const commit = gate();
  const ready = gate();
  const holding = t.database.db.transaction(async (tx) => {
    await first(tx);
    ready.open();
    await commit.opened;
  });
  await ready.opened;
  let done = false;
  const running = second().then((value) => ((done = true), value));
  await untilDoneOrBlocked(() => done);
  commit.open();
  const [, value] = await Promise.all([holding, running]);
  return value;
}

const addOil = (c: TestCustomer, vehicleId: string, exec: Executor = t.database.db) =>
  exec
    .insert(maintenanceRecords)
    .values({ customerId: c.id, vehicleId, type: 'Oil', dueMileage: 60_000 })
    .returning()
    .then((rows) => rows[0]!.id);

describe.runIf(onPostgres)('two transactions on PostgreSQL, either one first', () => {
  it('a record added while its vehicle mileage changes gets the committed mileage', async () => {
    const c = await signUp(t);
    const truck = await addVehicle(c, 50_000);
    let recordId = '';
    await heldWhile(
      async (tx) => void (recordId = await addOil(c, truck.id, tx)),
      () =>
        t.database.db.update(vehicles).set({ mileage: 70_000 }).where(eq(vehicles.id, truck.id)).execute(),
    );
    expect(await keptMileage(recordId)).toBe(70_000);
  });

  it('a mileage change in flight when a record is added reaches that record', async () => {
    const c = await signUp(t);
    const truck = await addVehicle(c, 50_000);
    const recordId = await heldWhile(
      async (tx) =>
        void (await tx.update(vehicles).set({ mileage: 70_000 }).where(eq(vehicles.id, truck.id))),
      () => addOil(c, truck.id),
    );
    expect(await keptMileage(recordId)).toBe(70_000);
  });

  it('a record added while its vehicle is renamed gets the committed name', async () => {
    const c = await signUp(t);
    const truck = await addVehicle(c, 50_000);
    await heldWhile(
      async (tx) =>
        void (await tx.update(vehicles).set({ model: 'Renamed' }).where(eq(vehicles.id, truck.id))),
      () => addOil(c, truck.id),
    );
    expect(await staleSearchTexts()).toEqual([]);
  });
});
