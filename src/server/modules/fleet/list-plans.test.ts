import { describe, expect, it } from 'vitest';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { isoDay } from '../../../shared/days';
import { maintenanceRecords } from '../../db/schema';
import { overdueSql } from './maintenance';
import { useTestApp, type Statement, type TestApp } from '../../../../tests/setup/test-app';
import { randomVin, signUp, unique, type TestCustomer } from '../../../../tests/setup/customers';
import {
  indexesUsed,
  nodesOn,
  planNodes,
  planOf,
  type PlanNode,
} from '../../../../tests/setup/analyzed-plans';

// The fleet app's maintenance at 5,000 vehicles (docs/fleet.md "Maintenance at scale"): each list chooses
// its page on the records' own indexes and reads a vehicle only for the rows it shows.
let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

async function addVehicle(c: TestCustomer, extra: Record<string, unknown> = {}): Promise<string> {
  const n = unique();
  const res = await t.post(c, '/api/fleet/vehicles', {
    make: 'Ford',
    model: 'Transit',
    year: 2022,
    vin: randomVin(),
    licensePlate: `PL-${n}`,
    mileage: 50_000,
    fuelLevel: 80,
    location: 'North depot',
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json().vehicle.id;
}

async function addRecord(c: TestCustomer, values: Record<string, unknown>): Promise<string> {
  const res = await t.post(c, '/api/fleet/maintenance', values);
  expect(res.statusCode).toBe(201);
  return res.json().record.id;
}

/** An account with 3 vehicles: 8 records overdue by date, 4 by mileage, 3 scheduled and 2 completed. */
async function fleetWithMaintenance() {
  const c = await signUp(t, { planId: 'professional' });
  const fleet = [await addVehicle(c), await addVehicle(c), await addVehicle(c)];
  for (let i = 0; i < 8; i++)
    await addRecord(c, { vehicleId: fleet[i % 3], type: 'Oil change', dueDate: `2020-01-0${i + 1}` });
  for (let i = 0; i < 4; i++)
    await addRecord(c, { vehicleId: fleet[i % 3], type: 'Brake inspection', dueMileage: 40_000 + i });
  for (let i = 0; i < 3; i++)
    await addRecord(c, { vehicleId: fleet[i], type: 'Tyre rotation', dueDate: '2099-01-01' });
  for (let i = 0; i < 2; i++) {
    const id = await addRecord(c, { vehicleId: fleet[i], type: 'Brake inspection', dueDate: '2099-02-01' });
    expect((await t.post(c, `/api/fleet/maintenance/${id}/complete`, {})).statusCode).toBe(200);
  }
  return c;
}

/** The statements of one request that read `table`, and the request's answer. */
async function statementsOf(c: TestCustomer, url: string, table: string) {
  let body: unknown;
  const ran = await t.statementsDuring(async () => {
    const res = await t.get(c, url);
    expect(res.statusCode).toBe(200);
    body = res.json();
  });
  return {
    body: body as Record<string, unknown>,
    statements: ran.filter((s) => s.sql.includes(`"${table}"`)),
  };
}

/** The node that cuts the page (LIMIT); whatever it reads, every matching row was read for. */
const limitOf = (plan: PlanNode) => planNodes(plan).find((n) => n['Node Type'] === 'Limit')!;

/** Vehicles are read under the page's LIMIT only as the account's own (the search's subquery). */
function expectPageChosenBeforeVehicles(plan: PlanNode) {
  const limit = limitOf(plan);
  expect(limit).toBeDefined();
  for (const node of nodesOn(limit, 'vehicles')) {
    expect(`${node['Index Cond'] ?? ''} ${node['Recheck Cond'] ?? ''}`).toContain('customer_id');
  }
  // Above the LIMIT, one vehicle per row of the page.
  const above = nodesOn(plan, 'vehicles').filter((n) => !nodesOn(limit, 'vehicles').includes(n));
  expect(above.length).toBeGreaterThan(0);
}

const planOfOne = async (statements: Statement[]) => {
  expect(statements).toHaveLength(1);
  return planOf(t.database.db, statements[0]!);
};

/** The page's statement and the count's, told apart by the count. */
async function pageAndCount(statements: Statement[]) {
  expect(statements).toHaveLength(2);
  const count = statements.find((s) => /count\(/i.test(s.sql))!;
  const page = statements.find((s) => s !== count)!;
  return {
    page: (await planOf(t.database.db, page))!,
    count: (await planOf(t.database.db, count))!,
    pageSql: page.sql,
  };
}

describe('the maintenance list', () => {
  it('overdue: the page walks the open records in due order and joins only its own rows to vehicles; the total is counted on the records', async () => {
    const c = await fleetWithMaintenance();
    const url = '/api/fleet/maintenance?state=overdue&pageSize=5&page=2';
    const { body, statements } = await statementsOf(c, url, 'maintenance_records');
    expect(body).toMatchObject({ total: 12, page: 2 });
    expect((body.items as unknown[]).length).toBe(5);
    const { page, count } = await pageAndCount(statements);
    expectPageChosenBeforeVehicles(page);
    // Overdue by date or by mileage is decided on the account's open records, walked in the list's order
    // (no sort of every match), no vehicle read.
    expect(nodesOn(limitOf(page), 'vehicles')).toEqual([]);
    expect(indexesUsed(limitOf(page))).toEqual(['maintenance_open_due_order_idx']);
    expect(nodesOn(count, 'vehicles')).toEqual([]);
  });

  it('every state: each is walked to the end of the page in its own order, overdue first', async () => {
    const c = await fleetWithMaintenance();
    const { body, statements } = await statementsOf(
      c,
      '/api/fleet/maintenance?pageSize=4&page=4',
      'maintenance_records',
    );
    // 12 overdue, then 3 scheduled, then 2 completed: records 13 to 16 are the scheduled ones and the
    // newest completed.
    const items = body.items as { state: string }[];
    expect(items.map((r) => r.state)).toEqual(['scheduled', 'scheduled', 'scheduled', 'completed']);
    expect(body).toMatchObject({ total: 17 });
    const { page, pageSql } = await pageAndCount(statements);
    expect(pageSql).toMatch(/union all/i);
    expectPageChosenBeforeVehicles(page);
    expect(indexesUsed(limitOf(page))).toEqual(
      expect.arrayContaining(['maintenance_open_due_order_idx', 'maintenance_customer_idx']),
    );
  });

  it('pages through every record in the due order, none repeated or skipped, with and without a search', async () => {
    const c = await fleetWithMaintenance();
    const today = isoDay(new Date());
    // The list's rule, written out: overdue first, then open by due date (no date last) and due mileage,
    // completed ones newest first, the id last.
    const reference = async (search?: string) =>
      (
        await t.database.db
          .select({ id: maintenanceRecords.id })
          .from(maintenanceRecords)
          .where(
            and(
              eq(maintenanceRecords.customerId, c.id),
              search ? sql`${maintenanceRecords.searchText} like ${`%${search}%`}` : undefined,
            ),
          )
          .orderBy(
            desc(overdueSql(today)),
            sql`${maintenanceRecords.completedDate} desc nulls first`,
            sql`${maintenanceRecords.dueDate} asc nulls last`,
            asc(maintenanceRecords.dueMileage),
            asc(maintenanceRecords.id),
          )
      ).map((r) => r.id);
    const paged = async (query: string, pageSize: number) => {
      const ids: string[] = [];
      for (let page = 1; page <= 20; page++) {
        const res = await t.get(c, `/api/fleet/maintenance?${query}pageSize=${pageSize}&page=${page}`);
        const items = res.json().items as { id: string }[];
        if (items.length === 0) break;
        ids.push(...items.map((r) => r.id));
      }
      return ids;
    };
    expect(await paged('', 4)).toEqual(await reference());
    expect(await paged('search=brake&', 2)).toEqual(await reference('brake'));
    expect((await reference('brake')).length).toBe(6);
  });

  it('searched: one LIKE on the records walked, no vehicle read to match, the count capped', async () => {
    const c = await fleetWithMaintenance();
    const { body, statements } = await statementsOf(
      c,
      '/api/fleet/maintenance?search=BRAKE&pageSize=4&page=2',
      'maintenance_records',
    );
    expect(body).toMatchObject({ total: 6 });
    expect(body).not.toHaveProperty('totalCapped');
    const { page, count } = await pageAndCount(statements);
    expectPageChosenBeforeVehicles(page);
    expect(nodesOn(limitOf(page), 'vehicles')).toEqual([]);
    expect(indexesUsed(limitOf(page))).toContain('maintenance_open_due_order_idx');
    expect(nodesOn(count, 'vehicles')).toEqual([]);
    // A plate, make or model is matched on the record too (its kept search text): no statement reads
    // vehicles but the page's join of its own rows.
    const byModel = await statementsOf(c, '/api/fleet/maintenance?search=transit', 'vehicles');
    expect(byModel.body).toMatchObject({ total: 17 });
    expect(byModel.statements).toHaveLength(1);
    expect(byModel.statements[0]!.sql).toContain('"maintenance_records"');
  });

  it('a broad search counts five pages past the page and says so', async () => {
    const c = await fleetWithMaintenance();
    // "ford": every vehicle, so all 17 records; a page of 1 counts up to 1 + 5 and says "6+".
    const first = await t.get(c, '/api/fleet/maintenance?search=ford&pageSize=1&page=1');
    expect(first.json()).toMatchObject({ total: 6, totalCapped: true });
    const last = await t.get(c, '/api/fleet/maintenance?search=ford&pageSize=1&page=17');
    expect(last.json()).toMatchObject({ total: 17 });
    expect(last.json()).not.toHaveProperty('totalCapped');
    expect(last.json().items).toHaveLength(1);
  });

  it('past the last page, the total is counted on the records alone', async () => {
    const c = await fleetWithMaintenance();
    const { body, statements } = await statementsOf(
      c,
      '/api/fleet/maintenance?search=ford&pageSize=10&page=3',
      'maintenance_records',
    );
    expect(body).toMatchObject({ items: [], total: 17 });
    const { count } = await pageAndCount(statements);
    expect(nodesOn(count, 'vehicles')).toEqual([]);
  });
});

describe('the overview', () => {
  it('reads its counts from the kept account figures, and the records and vehicles only for the 8 it lists', async () => {
    const c = await fleetWithMaintenance();
    const { body, statements } = await statementsOf(c, '/api/fleet/overview', 'maintenance_records');
    expect(body).toMatchObject({
      overdueCount: 12,
      vehicles: { active: 3, total: 3 },
      driversWithoutVehicleCount: 0,
    });
    expect(body.dueMaintenance as unknown[]).toHaveLength(8);
    // One statement reads records: the listing, its page chosen before any vehicle is read, walking the
    // open records in due order.
    expect(statements).toHaveLength(1);
    const listing = (await planOf(t.database.db, statements[0]!))!;
    expectPageChosenBeforeVehicles(listing);
    expect(indexesUsed(limitOf(listing))).toContain('maintenance_open_due_order_idx');
    // The counts are one read of the account's kept rows; nothing counts its vehicles or drivers.
    const kept = await statementsOf(c, '/api/fleet/overview', 'fleet_account_counters');
    expect(kept.statements).toHaveLength(1);
    expect(kept.statements[0]!.sql).toContain('"fleet_account_due"');
    const onVehicles = (await statementsOf(c, '/api/fleet/overview', 'vehicles')).statements;
    expect(onVehicles.every((s) => s.sql.includes('"maintenance_records"'))).toBe(true);
    expect((await statementsOf(c, '/api/fleet/overview', 'drivers')).statements).toHaveLength(1);
  });
});

describe('the vehicle list', () => {
  it('chooses the page and its total on the vehicles alone, and reads drivers only for the rows shown', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const fleet: string[] = [];
    for (let i = 0; i < 6; i++) fleet.push(await addVehicle(c, { make: i % 2 ? 'Ford' : 'Isuzu' }));
    const driver = await t.post(c, '/api/fleet/drivers', {
      name: 'Dee Driver',
      email: `dee-${unique()}@drivers.example`,
      phone: '555-0100',
      licenseNumber: `LIC-${unique()}`,
      assignedVehicleId: fleet[1],
    });
    expect(driver.statusCode, driver.body).toBe(201);
    const { body, statements } = await statementsOf(
      c,
      '/api/fleet/vehicles?search=ford&sort=make&pageSize=3&page=1',
      'vehicles',
    );
    expect(body).toMatchObject({ total: 3 });
    const items = body.items as { id: string; driver: { name: string } | null }[];
    expect(items.find((v) => v.id === fleet[1])?.driver?.name).toBe('Dee Driver');
    const plan = await planOfOne(statements);
    // Under the LIMIT only vehicles are read: no driver is joined to a row the page then drops.
    expect(nodesOn(limitOf(plan), 'drivers')).toEqual([]);
    expect(nodesOn(plan, 'drivers').length).toBeGreaterThan(0);
  });
});
