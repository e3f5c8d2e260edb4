import { and, count, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import {
  ACTIVE_SESSION_MINUTES,
  FLEET_LIST_LIMIT,
  type FleetMonitoring,
} from '../../../shared/contracts/fleet-center';
import { isoDay } from '../../../shared/days';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  auditHourCounts,
  auditLogs,
  customers,
  fleetMaintenanceDue,
  maintenanceRecords,
  sessions,
  subscriptions,
  vehicles,
} from '../../db/schema';
import { sessionAlive } from '../../auth/sessions';
import { overdueKept } from './analytics';
import { changeSummary } from '../fleet';
import { auditCountSince, customerSignIn, fleetChange } from './audit-counts';

// Live figures of our own system across every customer account (docs/fleet-control-center.md).
// Every list is bounded, and every time window starts from an index on its timestamp.

const HOUR_MS = 3_600_000;

/**
 * Sessions of customers (owners and team members) that are alive (the sign-in check's own rule:
 * unexpired, not idle past their timeout) and were used in the last ACTIVE_SESSION_MINUTES. A staff
 * member viewing as a customer is not a customer at work, so impersonated sessions are left out.
 */
function activeSessions(db: Db, now: Date) {
  const seenSince = new Date(now.getTime() - ACTIVE_SESSION_MINUTES * 60_000);
  return db
    .select({ n: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.kind, 'customer'),
        isNull(sessions.impersonatorStaffId),
        sessionAlive(),
        gte(sessions.lastSeenAt, seenSince),
      ),
    );
}

/** The newest fleet changes across accounts since `since` (exported for its plan test). */
export function recentChanges(db: Db, since: Date) {
  return (
    db
      .select({
        id: auditLogs.id,
        customerId: auditLogs.accountId,
        companyName: customers.companyName,
        action: auditLogs.action,
        resourceType: auditLogs.resourceType,
        newValues: auditLogs.newValues,
        oldValues: auditLogs.oldValues,
        actorEmail: auditLogs.actorEmail,
        createdAt: auditLogs.createdAt,
      })
      .from(auditLogs)
      .leftJoin(customers, eq(customers.id, auditLogs.accountId))
      // The partial index of fleet changes, newest first: not a walk past the day's other audit rows.
      .where(and(fleetChange, gte(auditLogs.createdAt, since)))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(FLEET_LIST_LIMIT)
  );
}

/**
 * Overdue open maintenance (the fleet app's rule: date passed or mileage reached), the latest due first,
 * and how many there are. The newest ten are the first ten of two short index reads in the list's order
 * (migration 0030): the records past their due date, from yesterday backwards, and the records whose
 * vehicle has reached the due mileage. Only those ten are joined to their vehicle and account. The count
 * is the kept one the analytics show (`overdueKept`), not a pass over every open record: 0.8 s at
 * 1,000,000 records, and the list froze under load.
 */
function overdueMaintenance(db: Db, today: string) {
  const order = [
    sql`${maintenanceRecords.dueDate} desc nulls last`,
    sql`${maintenanceRecords.createdAt} desc nulls last`,
    maintenanceRecords.id,
  ];
  const open = isNull(maintenanceRecords.completedDate);
  const candidates = (overdue: SQL) =>
    db
      .select({
        id: maintenanceRecords.id,
        dueDate: maintenanceRecords.dueDate,
        createdAt: maintenanceRecords.createdAt,
      })
      .from(maintenanceRecords)
      .where(and(open, overdue))
      .orderBy(...order)
      .limit(FLEET_LIST_LIMIT);
  const newest = union(
    candidates(and(isNotNull(maintenanceRecords.dueDate), lt(maintenanceRecords.dueDate, today))!),
    candidates(sql`${maintenanceRecords.vehicleMileage} >= ${maintenanceRecords.dueMileage}`),
  ).as('newest');
  return db
    .select({
      id: maintenanceRecords.id,
      customerId: maintenanceRecords.customerId,
      companyName: customers.companyName,
      vehicle: {
        id: vehicles.id,
        make: vehicles.make,
        model: vehicles.model,
        licensePlate: vehicles.licensePlate,
      },
      type: maintenanceRecords.type,
      dueDate: maintenanceRecords.dueDate,
      dueMileage: maintenanceRecords.dueMileage,
    })
    .from(newest)
    .innerJoin(maintenanceRecords, eq(maintenanceRecords.id, newest.id))
    .innerJoin(vehicles, eq(vehicles.id, maintenanceRecords.vehicleId))
    .innerJoin(customers, eq(customers.id, maintenanceRecords.customerId))
    .orderBy(sql`${newest.dueDate} desc nulls last`, sql`${newest.createdAt} desc nulls last`, newest.id)
    .limit(FLEET_LIST_LIMIT);
}

/** How many open records are overdue: the kept figure, summed over a few hundred due days. */
function overdueCount(db: Db, today: string) {
  return db
    .select({ n: sql<number>`coalesce(sum(${fleetMaintenanceDue.records}), 0)`.mapWith(Number) })
    .from(fleetMaintenanceDue)
    .where(overdueKept(today));
}

/** A subscription whose renewal failed and is being retried (a literal: the partial index's own predicate). */
const pastDue = sql`${subscriptions.status} = 'past_due'`;

/**
 * Accounts whose renewal failed and is being retried (subscription past_due), latest change first.
 * The newest ten are taken from `subscriptions_past_due_idx` before they are joined to their account,
 * and the count reads the same index: a pass over every account took 0.3-0.5 s at 100,000 of them.
 * Every subscription has its account (a required foreign key), so the count is the accounts'.
 */
export function pastDueAccounts(db: Db) {
  const newest = db
    .select({
      customerId: subscriptions.customerId,
      failedAttempts: subscriptions.failedAttempts,
      nextActionAt: subscriptions.nextActionAt,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(pastDue)
    .orderBy(desc(subscriptions.updatedAt), subscriptions.customerId)
    .limit(FLEET_LIST_LIMIT)
    .as('newest');
  return db
    .select({
      customerId: customers.id,
      companyName: customers.companyName,
      email: customers.email,
      failedAttempts: newest.failedAttempts,
      nextRetryAt: newest.nextActionAt,
      total: sql<number>`(select count(*) from ${subscriptions} where ${pastDue})`.mapWith(Number),
    })
    .from(newest)
    .innerJoin(customers, eq(customers.id, newest.customerId))
    .orderBy(desc(newest.updatedAt), customers.id);
}

export async function fleetMonitoring(db: Db, clock: Clock): Promise<FleetMonitoring> {
  const now = clock.now();
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [[sessionCount], [activity], changes, overdue, [overdueTotal], pastDue] = await Promise.all([
    activeSessions(db, now),
    // Kept per hour by the audit trail's triggers, with the rows of the windows' first part hour.
    db
      .select({
        signIns: auditCountSince(dayAgo, auditHourCounts.customerSignIns, customerSignIn),
        changes24h: auditCountSince(dayAgo, auditHourCounts.fleetChanges, fleetChange),
        changes1h: auditCountSince(hourAgo, auditHourCounts.fleetChanges, fleetChange),
      })
      .from(sql`(select 1) as counts`),
    recentChanges(db, dayAgo),
    overdueMaintenance(db, isoDay(now)),
    overdueCount(db, isoDay(now)),
    pastDueAccounts(db),
  ]);
  return {
    activeSessions: sessionCount?.n ?? 0,
    signIns24h: activity?.signIns ?? 0,
    fleetChanges: { lastHour: activity?.changes1h ?? 0, last24h: activity?.changes24h ?? 0 },
    recentChanges: changes.map((row) => ({
      id: String(row.id),
      customerId: row.customerId,
      companyName: row.companyName,
      action: row.action,
      resourceType: row.resourceType,
      summary: changeSummary(row),
      actorEmail: row.actorEmail,
      createdAt: row.createdAt.toISOString(),
    })),
    overdueMaintenance: { total: overdueTotal?.n ?? 0, items: overdue },
    pastDueAccounts: {
      total: pastDue[0]?.total ?? 0,
      items: pastDue.map(({ total: _total, ...account }) => ({
        ...account,
        nextRetryAt: account.nextRetryAt?.toISOString() ?? null,
      })),
    },
    telemetryConnected: false,
    generatedAt: now.toISOString(),
  };
}
