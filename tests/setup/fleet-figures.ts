// The Fleet Control Center's figures computed from scratch, to compare with the ones triggers keep
// (migration 0027): every kept row, and the analytics answer as it was computed before the kept figures,
// reading every vehicle, driver and open maintenance record with the fleet module's own rules.
import { count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  FLEET_WINDOW_DAYS,
  TOP_CUSTOMER_COUNT,
  type FleetAnalytics,
} from '../../src/shared/contracts/fleet-center';
import { isoDay } from '../../src/shared/days';
import type { Db } from '../../src/server/db/client';
import {
  customers,
  drivers,
  fleetAccountCounters,
  fleetAccountDue,
  fleetAccountVehicles,
  fleetCounters,
  fleetMaintenanceDue,
  fleetVehicleDays,
  maintenanceRecords,
  vehicles,
} from '../../src/server/db/schema';
import { countedVehicle, isCountedVehicleStatus, overdueSql } from '../../src/server/modules/fleet';

const DAY_MS = 86_400_000;
const shardOf = (column: unknown) => sql<number>`fleet_shard(${column})`;
const utcDay = sql<string>`(${vehicles.createdAt} at time zone 'UTC')::date::text`;
const asMap = <R>(rows: R[], key: (r: R) => string, value: (r: R) => string) =>
  Object.fromEntries(rows.map((r) => [key(r), value(r)]).sort(([a], [b]) => a!.localeCompare(b!)));
const miles = (amount: unknown) => Number(amount ?? 0).toFixed(3);

export type FleetTables = {
  counters: Record<string, string>;
  days: Record<string, string>;
  accounts: Record<string, string>;
  due: Record<string, string>;
  /** One account's figures (migration 0031): `<account>/<name>` and `<account>/<due day>`. */
  accountCounters: Record<string, string>;
  accountDue: Record<string, string>;
};

/** Every kept row that holds something (a row brought back to zero is the same as no row). */
export async function keptTables(db: Db): Promise<FleetTables> {
  const [counters, days, accounts, due, accountCounters, accountDue] = await Promise.all([
    db
      .select()
      .from(fleetCounters)
      .where(or(ne(fleetCounters.n, 0), sql`${fleetCounters.amount} <> 0`)),
    db.select().from(fleetVehicleDays).where(ne(fleetVehicleDays.vehicles, 0)),
    db.select().from(fleetAccountVehicles),
    db.select().from(fleetMaintenanceDue).where(ne(fleetMaintenanceDue.records, 0)),
    db.select().from(fleetAccountCounters).where(ne(fleetAccountCounters.n, 0)),
    db.select().from(fleetAccountDue).where(ne(fleetAccountDue.records, 0)),
  ]);
  return {
    counters: asMap(
      counters,
      (r) => `${r.name}/${r.shard}`,
      (r) => `${r.n} ${miles(r.amount)}`,
    ),
    days: asMap(
      days,
      (r) => `${r.day}/${r.shard}`,
      (r) => `${r.vehicles}`,
    ),
    accounts: asMap(
      accounts,
      (r) => r.customerId,
      (r) => `${r.counted}`,
    ),
    due: asMap(
      due,
      (r) => `${r.dueDay}/${r.shard}`,
      (r) => `${r.records}`,
    ),
    accountCounters: asMap(
      accountCounters,
      (r) => `${r.customerId}/${r.name}`,
      (r) => `${r.n}`,
    ),
    accountDue: asMap(
      accountDue,
      (r) => `${r.customerId}/${r.dueDay}`,
      (r) => `${r.records}`,
    ),
  };
}

/** The same rows grouped from the fleet tables themselves. */
export async function tablesFromRows(db: Db): Promise<FleetTables> {
  // Overdue "before the first day there is" is overdue by mileage alone: kept under -infinity.
  const byMileage = overdueSql('-infinity');
  const [byStatus, driverRows, perAccount, days, due, accountStatus, unassigned] = await Promise.all([
    db
      .select({
        status: vehicles.status,
        shard: shardOf(vehicles.customerId),
        n: count(),
        amount: sql`sum(${vehicles.mileage})`,
      })
      .from(vehicles)
      .groupBy(vehicles.status, shardOf(vehicles.customerId)),
    db
      .select({ shard: shardOf(drivers.customerId), n: count() })
      .from(drivers)
      .groupBy(shardOf(drivers.customerId)),
    db
      .select({ customerId: vehicles.customerId, shard: shardOf(vehicles.customerId), n: count() })
      .from(vehicles)
      .where(countedVehicle())
      .groupBy(vehicles.customerId),
    db
      .select({ day: utcDay, shard: shardOf(vehicles.customerId), n: count() })
      .from(vehicles)
      .groupBy(utcDay, shardOf(vehicles.customerId)),
    db
      .select({
        day: sql<
          string | null
        >`case when ${byMileage} then '-infinity' else ${maintenanceRecords.dueDate}::text end`,
        shard: shardOf(maintenanceRecords.customerId),
        customerId: maintenanceRecords.customerId,
      })
      .from(maintenanceRecords)
      .innerJoin(vehicles, eq(vehicles.id, maintenanceRecords.vehicleId))
      .where(isNull(maintenanceRecords.completedDate)),
    db
      .select({ customerId: vehicles.customerId, status: vehicles.status, n: count() })
      .from(vehicles)
      .groupBy(vehicles.customerId, vehicles.status),
    db
      .select({ customerId: drivers.customerId, n: count() })
      .from(drivers)
      .where(isNull(drivers.assignedVehicleId))
      .groupBy(drivers.customerId),
  ]);
  const accountsPerShard = new Map<number, number>();
  for (const r of perAccount) accountsPerShard.set(r.shard, (accountsPerShard.get(r.shard) ?? 0) + 1);
  const duePerKey = new Map<string, number>();
  const duePerAccount = new Map<string, number>();
  for (const r of due) {
    if (r.day === null) continue;
    duePerKey.set(`${r.day}/${r.shard}`, (duePerKey.get(`${r.day}/${r.shard}`) ?? 0) + 1);
    const key = `${r.customerId}/${r.day}`;
    duePerAccount.set(key, (duePerAccount.get(key) ?? 0) + 1);
  }
  return {
    counters: asMap(
      [
        ...byStatus.map((r) => [`vehicles:${r.status}/${r.shard}`, `${r.n} ${miles(r.amount)}`]),
        ...driverRows.map((r) => [`drivers/${r.shard}`, `${r.n} ${miles(0)}`]),
        ...[...accountsPerShard].map(([shard, n]) => [`accounts/${shard}`, `${n} ${miles(0)}`]),
      ],
      (r) => r[0]!,
      (r) => r[1]!,
    ),
    days: asMap(
      days,
      (r) => `${r.day}/${r.shard}`,
      (r) => `${r.n}`,
    ),
    accounts: asMap(
      perAccount,
      (r) => r.customerId,
      (r) => `${r.n}`,
    ),
    due: asMap(
      [...duePerKey],
      ([key]) => key,
      ([, n]) => `${n}`,
    ),
    accountCounters: asMap(
      [
        ...accountStatus.map((r) => [`${r.customerId}/vehicles:${r.status}`, `${r.n}`]),
        ...unassigned.map((r) => [`${r.customerId}/drivers:unassigned`, `${r.n}`]),
      ],
      (r) => r[0]!,
      (r) => r[1]!,
    ),
    accountDue: asMap(
      [...duePerAccount],
      ([key]) => key,
      ([, n]) => `${n}`,
    ),
  };
}

/** The analytics answer at `now` as it was computed before the kept figures: every row read. */
export async function analyticsFromRows(db: Db, now: Date): Promise<FleetAnalytics> {
  const today = isoDay(now);
  const horizon = isoDay(new Date(now.getTime() + FLEET_WINDOW_DAYS * DAY_MS));
  const since = new Date(now.getTime() - FLEET_WINDOW_DAYS * DAY_MS);
  const overdue = overdueSql(today);
  const [statusRows, top, [accounts], [driverCount], [maintenance]] = await Promise.all([
    db
      .select({
        status: vehicles.status,
        n: count(),
        miles: sql<string>`coalesce(sum(${vehicles.mileage}), 0)`,
        added: sql<number>`count(*) filter (where ${vehicles.createdAt} >= ${since.toISOString()})`.mapWith(
          Number,
        ),
      })
      .from(vehicles)
      .groupBy(vehicles.status),
    db
      .select({
        customerId: vehicles.customerId,
        n: count(),
        companyName: customers.companyName,
        status: customers.status,
      })
      .from(vehicles)
      .innerJoin(customers, eq(customers.id, vehicles.customerId))
      .where(countedVehicle())
      .groupBy(vehicles.customerId, customers.id)
      .orderBy(desc(count()), vehicles.customerId)
      .limit(TOP_CUSTOMER_COUNT),
    db
      .select({ n: sql<number>`count(distinct ${vehicles.customerId})`.mapWith(Number) })
      .from(vehicles)
      .where(countedVehicle()),
    db.select({ n: count() }).from(drivers),
    db
      .select({
        overdue: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
        dueSoon:
          sql<number>`count(*) filter (where not ${overdue} and ${maintenanceRecords.dueDate} between ${today} and ${horizon})`.mapWith(
            Number,
          ),
      })
      .from(maintenanceRecords)
      .innerJoin(vehicles, eq(vehicles.id, maintenanceRecords.vehicleId))
      .where(isNull(maintenanceRecords.completedDate)),
  ]);
  const byStatus = { active: 0, maintenance: 0, inactive: 0, retired: 0 };
  let [total, mileage, added] = [0, 0, 0];
  for (const row of statusRows) {
    if (row.status in byStatus) byStatus[row.status as keyof typeof byStatus] += row.n;
    if (isCountedVehicleStatus(row.status)) total += row.n;
    mileage += Number(row.miles);
    added += row.added;
  }
  return {
    vehicles: { total, byStatus, addedRecently: added, customersWithVehicles: accounts?.n ?? 0 },
    drivers: driverCount?.n ?? 0,
    totalMileage: Math.round(mileage * 1000) / 1000,
    maintenance: { dueSoon: maintenance?.dueSoon ?? 0, overdue: maintenance?.overdue ?? 0 },
    topCustomers: top.map((r) => ({
      customerId: r.customerId,
      companyName: r.companyName,
      vehicles: r.n,
      status: r.status,
    })),
    generatedAt: now.toISOString(),
  };
}
