import { and, count, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  FLEET_WINDOW_DAYS,
  TOP_CUSTOMER_COUNT,
  type FleetAnalytics,
} from '../../../shared/contracts/fleet-center';
import { isoDay } from '../../../shared/days';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  customers,
  fleetAccountVehicles,
  fleetCounters,
  fleetMaintenanceDue,
  fleetVehicleDays,
  vehicles,
} from '../../db/schema';
import { isCountedVehicleStatus } from '../fleet';

// Staff figures across every customer account (docs/fleet-control-center.md). They come from the figures
// triggers keep in each writer's transaction (migration 0027, "Kept figures" in that doc): a few hundred
// rows, however many vehicles, drivers and maintenance records there are, and exact after every write.

const DAY_MS = 86_400_000;
const VEHICLES_PREFIX = 'vehicles:';

/**
 * The kept due days of the records overdue on `today` (the fleet app's rule: a due date passed, or the
 * due mileage reached, kept at -infinity): the one count of overdue maintenance, here and in monitoring.
 */
export const overdueKept = (today: string) => lt(fleetMaintenanceDue.dueDay, today);

/**
 * One statement for every figure but the largest fleets, as (name, n, amount) rows: the counters summed
 * over their shards (`vehicles:<status>` with its mileage, `drivers`, `accounts`); `added` twice, for the
 * window's whole UTC days from the kept days and for its first, partial day from vehicles by their
 * creation time (an index range of one day); `overdue` and `due soon` from the open records' due days
 * (overdue by mileage is kept at -infinity, before any day).
 */
function keptFigures(db: Db, now: Date) {
  const today = isoDay(now);
  const horizon = isoDay(new Date(now.getTime() + FLEET_WINDOW_DAYS * DAY_MS));
  const since = new Date(now.getTime() - FLEET_WINDOW_DAYS * DAY_MS);
  const firstDay = isoDay(since);
  const secondDay = new Date(Date.parse(`${firstDay}T00:00:00Z`) + DAY_MS);
  // A constant name is a parameter, a column is read: either way one (name, n, amount) row shape.
  const row = (name: unknown, n: unknown, amount: unknown = sql`0`) => ({
    name: sql<string>`${name}::text`.as('name'),
    n: sql<string>`coalesce(${n}, 0)::bigint`.as('n'),
    amount: sql<string>`coalesce(${amount}, 0)::numeric`.as('amount'),
  });
  const dueRecords = sql`sum(${fleetMaintenanceDue.records})`;
  return unionAll(
    db
      .select(row(fleetCounters.name, sql`sum(${fleetCounters.n})`, sql`sum(${fleetCounters.amount})`))
      .from(fleetCounters)
      .groupBy(fleetCounters.name),
    db
      .select(row('added', sql`sum(${fleetVehicleDays.vehicles})`))
      .from(fleetVehicleDays)
      .where(gt(fleetVehicleDays.day, firstDay)),
    db
      .select(row('added', count()))
      .from(vehicles)
      .where(and(gte(vehicles.createdAt, since), lt(vehicles.createdAt, secondDay))),
    db.select(row('overdue', dueRecords)).from(fleetMaintenanceDue).where(overdueKept(today)),
    db
      .select(row('due soon', dueRecords))
      .from(fleetMaintenanceDue)
      .where(and(gte(fleetMaintenanceDue.dueDay, today), lte(fleetMaintenanceDue.dueDay, horizon))),
  );
}

/** The accounts with the most vehicles counted against their plan (ties by id), from the kept counts. */
function topAccounts(db: Db) {
  return db
    .select({
      customerId: fleetAccountVehicles.customerId,
      vehicles: fleetAccountVehicles.counted,
      companyName: customers.companyName,
      status: customers.status,
    })
    .from(fleetAccountVehicles)
    .innerJoin(customers, eq(customers.id, fleetAccountVehicles.customerId))
    .orderBy(desc(fleetAccountVehicles.counted), fleetAccountVehicles.customerId)
    .limit(TOP_CUSTOMER_COUNT);
}

/** The statements behind the analytics at `now` (the plan test explains each). */
export const analyticsReads = (db: Db, now: Date) => ({
  figures: keptFigures(db, now),
  top: topAccounts(db),
});

export async function fleetAnalytics(db: Db, clock: Clock): Promise<FleetAnalytics> {
  const now = clock.now();
  const reads = analyticsReads(db, now);
  const [rows, top] = await Promise.all([reads.figures, reads.top]);

  const figure = (name: string) =>
    rows.filter((r) => r.name === name).reduce((sum, r) => sum + Number(r.n), 0);
  const byStatus = { active: 0, maintenance: 0, inactive: 0, retired: 0 };
  let total = 0;
  let miles = 0;
  for (const row of rows) {
    if (!row.name.startsWith(VEHICLES_PREFIX)) continue;
    const status = row.name.slice(VEHICLES_PREFIX.length);
    const n = Number(row.n);
    if (status in byStatus) byStatus[status as keyof typeof byStatus] += n;
    // Total Vehicles is every screen's count (docs/figures.md): retired ones are shown apart.
    if (isCountedVehicleStatus(status)) total += n;
    miles += Number(row.amount);
  }
  return {
    vehicles: {
      total,
      byStatus,
      addedRecently: figure('added'),
      customersWithVehicles: figure('accounts'),
    },
    drivers: figure('drivers'),
    // numeric sums come back as text; a thousandth of a mile is as precise as the column.
    totalMileage: Math.round(miles * 1000) / 1000,
    maintenance: { dueSoon: figure('due soon'), overdue: figure('overdue') },
    topCustomers: top.map((row) => ({
      customerId: row.customerId,
      companyName: row.companyName,
      vehicles: row.vehicles,
      status: row.status,
    })),
    generatedAt: now.toISOString(),
  };
}
