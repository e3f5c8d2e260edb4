import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  FLEET_WINDOW_DAYS,
  TOP_CUSTOMER_COUNT,
  type FleetAnalytics,
} from '../../../shared/contracts/fleet-center';
import { isoDay } from '../../../shared/days';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { customers, drivers, maintenanceRecords, vehicles } from '../../db/schema';
import { overdueSql } from '../fleet';
import { countedVehicle, isCountedVehicleStatus } from '../fleet';

// Staff figures across every customer account (docs/fleet-control-center.md). Each table is read
// once: with many accounts a per-account query would not stay flat.

const DAY_MS = 86_400_000;
const asNumber = (value: unknown) => Number(value ?? 0);

/** Vehicles per status, their mileage and how many are new, in one pass over the table. */
function vehicleFigures(db: Db, since: Date) {
  return db
    .select({
      status: vehicles.status,
      n: count(),
      miles: sql<string>`coalesce(sum(${vehicles.mileage}), 0)`,
      added: sql<number>`count(*) filter (where ${vehicles.createdAt} >= ${since.toISOString()})`.mapWith(
        Number,
      ),
    })
    .from(vehicles)
    .groupBy(vehicles.status);
}

/**
 * The accounts with the most vehicles (those counted against plans: not retired); `accounts` (the
 * same on every row) counts every account that has one, over the whole grouping before the limit, so
 * one scan answers both.
 */
function topAccounts(db: Db) {
  const perAccount = db
    .select({
      customerId: vehicles.customerId,
      n: count().as('n'),
      accounts: sql<number>`count(*) over ()`.as('accounts'),
    })
    .from(vehicles)
    .where(countedVehicle())
    .groupBy(vehicles.customerId)
    .orderBy(desc(count()), vehicles.customerId)
    .limit(TOP_CUSTOMER_COUNT)
    .as('per_account');
  return db
    .select({
      customerId: perAccount.customerId,
      vehicles: perAccount.n,
      accounts: perAccount.accounts,
      companyName: customers.companyName,
      status: customers.status,
    })
    .from(perAccount)
    .innerJoin(customers, eq(customers.id, perAccount.customerId))
    .orderBy(desc(perAccount.n), perAccount.customerId);
}

/** Open maintenance overdue (the fleet app's rule: date passed or mileage reached) and due soon by date. */
function maintenanceFigures(db: Db, today: string, horizon: string) {
  const overdue = overdueSql(today);
  return db
    .select({
      overdue: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
      dueSoon:
        sql<number>`count(*) filter (where not ${overdue} and ${maintenanceRecords.dueDate} between ${today} and ${horizon})`.mapWith(
          Number,
        ),
    })
    .from(maintenanceRecords)
    .innerJoin(vehicles, eq(vehicles.id, maintenanceRecords.vehicleId))
    .where(isNull(maintenanceRecords.completedDate));
}

export async function fleetAnalytics(db: Db, clock: Clock): Promise<FleetAnalytics> {
  const now = clock.now();
  const today = isoDay(now);
  const horizon = isoDay(new Date(now.getTime() + FLEET_WINDOW_DAYS * DAY_MS));
  const since = new Date(now.getTime() - FLEET_WINDOW_DAYS * DAY_MS);
  const [statusRows, top, [driverCount], [maintenance]] = await Promise.all([
    vehicleFigures(db, since),
    topAccounts(db),
    db.select({ n: count() }).from(drivers),
    maintenanceFigures(db, today, horizon),
  ]);

  const byStatus = { active: 0, maintenance: 0, inactive: 0, retired: 0 };
  let total = 0;
  let miles = 0;
  let added = 0;
  for (const row of statusRows) {
    if (row.status in byStatus) byStatus[row.status as keyof typeof byStatus] += row.n;
    // Total Vehicles is every screen's count (docs/figures.md): retired ones are shown apart.
    if (isCountedVehicleStatus(row.status)) total += row.n;
    miles += asNumber(row.miles);
    added += row.added;
  }
  return {
    vehicles: {
      total,
      byStatus,
      addedRecently: added,
      customersWithVehicles: asNumber(top[0]?.accounts),
    },
    drivers: driverCount?.n ?? 0,
    // numeric(12,3) sums come back as text; a thousandth of a mile is as precise as the column.
    totalMileage: Math.round(miles * 1000) / 1000,
    maintenance: { dueSoon: maintenance?.dueSoon ?? 0, overdue: maintenance?.overdue ?? 0 },
    topCustomers: top.map((row) => ({
      customerId: row.customerId,
      companyName: row.companyName,
      vehicles: asNumber(row.vehicles),
      status: row.status,
    })),
    generatedAt: now.toISOString(),
  };
}
