import { and, desc, eq, inArray, isNull, lt, sql, sum } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { FleetOverview } from '../../../shared/contracts/fleet';
import type { FeatureAccess } from '../../../shared/feature-access';
import { isoDay } from '../../../shared/days';
import {
  auditLogs,
  customers,
  drivers,
  fleetAccountCounters,
  fleetAccountDue,
  maintenanceRecords,
  plans,
  teamMembers,
} from '../../db/schema';
import { FLEET_CHANGE_CATEGORIES, FLEET_RESOURCES } from '../../../shared/audit-categories';
import { notFound } from '../../http/errors';
import { recordsPage, toMaintenance } from './maintenance';
import { isCountedVehicleStatus } from './usage';
import type { CustomerContext } from '../../http/request-context';

const LIST = 8;
/** The overview's due maintenance: open records, overdue first. */
const OPEN_STATES = ['overdue', 'scheduled'] as const;

/** A fleet change in words ("Vehicle ABC-123 added"), from its audit row. */
export function changeSummary(
  row: Pick<typeof auditLogs.$inferSelect, 'action' | 'resourceType' | 'newValues' | 'oldValues'>,
): string {
  const values = (row.newValues ?? row.oldValues ?? {}) as Record<string, unknown>;
  const what =
    (values.licensePlate as string) ??
    (values.name as string) ??
    (values.type as string) ??
    (values.email as string) ??
    '';
  const noun =
    { vehicle: 'Vehicle', driver: 'Driver', maintenance: 'Maintenance', team_member: 'Team member' }[
      row.resourceType
    ] ?? row.resourceType;
  const verb =
    { create: 'added', update: 'updated', delete: 'removed', complete: 'completed' }[row.action] ??
    row.action;
  return `${noun}${what ? ` ${what}` : ''} ${verb}`;
}

/**
 * The fleet at a glance. `features` are the account's switches (the session's): a section behind one
 * that is off is not read at all and answers null (docs/feature-access.md).
 */
export async function fleetOverview(
  ctx: CustomerContext,
  canManageAccount: boolean,
  features: FeatureAccess,
): Promise<FleetOverview> {
  const { db, account, accountId, clock } = ctx;
  const today = isoDay(clock.now());
  const plan = await planOf(ctx);
  const unassigned = account.where(drivers, isNull(drivers.assignedVehicleId));
  const when = <T>(on: boolean, read: () => Promise<T>): Promise<T | null> =>
    on ? read() : Promise.resolve(null);
  const [figures, due, idle, changes, team] = await Promise.all([
    accountFigures(ctx, today),
    when(features.maintenanceScheduling, async () =>
      recordsPage(ctx, account.where(maintenanceRecords), {
        today,
        states: OPEN_STATES,
        limit: LIST,
        offset: 0,
      }),
    ),
    when(features.driverManagement, async () =>
      db
        .select({ id: drivers.id, name: drivers.name })
        .from(drivers)
        .where(unassigned)
        .orderBy(drivers.name)
        .limit(LIST),
    ),
    when(features.reportingAnalytics, async () => recentChanges(db, accountId)),
    account.count(teamMembers),
  ]);
  const byStatus = figures.vehiclesByStatus;
  // Total vehicles is every screen's count: those counted against the plan (not retired; docs/figures.md).
  const total = Object.entries(byStatus).reduce(
    (sum, [status, n]) => sum + (isCountedVehicleStatus(status) ? n : 0),
    0,
  );
  const breakdown = (status: string) => (features.reportingAnalytics ? (byStatus[status] ?? 0) : null);
  return {
    vehicles: {
      active: breakdown('active'),
      maintenance: breakdown('maintenance'),
      inactive: breakdown('inactive'),
      retired: breakdown('retired'),
      total,
    },
    dueMaintenance: due?.map(toMaintenance) ?? null,
    overdueCount: features.maintenanceScheduling ? figures.overdue : null,
    driversWithoutVehicle: idle,
    driversWithoutVehicleCount: features.driverManagement ? figures.unassignedDrivers : null,
    recentChanges: changes?.map(toChange) ?? null,
    usage: {
      planId: plan.planId,
      planName: plan.planName,
      vehicles: total,
      vehicleLimit: plan.vehicleLimit,
      users: 1 + team,
      userLimit: plan.userLimit,
    },
    canManageAccount,
  };
}

const VEHICLES_PREFIX = 'vehicles:';

/**
 * The account's counts the triggers of migration 0031 keep (docs/fleet.md "The overview at scale"), in
 * one statement: vehicles by status, drivers without a vehicle, and its open records overdue on `today`
 * (due before it, or at -infinity once the vehicle reached the due mileage: the maintenance list's rule).
 */
async function accountFigures({ db, accountId }: CustomerContext, today: string) {
  const rows = await unionAll(
    db
      .select({ name: fleetAccountCounters.name, n: sql<number>`${fleetAccountCounters.n}`.mapWith(Number) })
      .from(fleetAccountCounters)
      .where(eq(fleetAccountCounters.customerId, accountId)),
    db
      .select({
        name: sql<string>`'overdue'`,
        n: sql<number>`coalesce(${sum(fleetAccountDue.records)}, 0)`.mapWith(Number),
      })
      .from(fleetAccountDue)
      .where(and(eq(fleetAccountDue.customerId, accountId), lt(fleetAccountDue.dueDay, today))),
  );
  const vehiclesByStatus: Record<string, number> = {};
  let overdue = 0;
  let unassignedDrivers = 0;
  for (const { name, n } of rows) {
    if (name.startsWith(VEHICLES_PREFIX)) {
      if (n !== 0) vehiclesByStatus[name.slice(VEHICLES_PREFIX.length)] = n;
    } else if (name === 'overdue') overdue = n;
    else if (name === 'drivers:unassigned') unassignedDrivers = n;
  }
  return { vehiclesByStatus, overdue, unassignedDrivers };
}

/** The account's plan and limits, as the usage panel shows them. */
async function planOf({ db, account }: CustomerContext) {
  const [plan] = await db
    .select({
      planId: customers.planId,
      planName: plans.name,
      vehicleLimit: customers.carLimit,
      userLimit: customers.userLimit,
    })
    .from(customers)
    .leftJoin(plans, eq(plans.id, customers.planId))
    .where(account.isAccount);
  if (!plan) throw notFound('Customer not found');
  return plan;
}

/** The account's latest fleet changes from the audit trail. */
function recentChanges(db: CustomerContext['db'], accountId: string) {
  return db
    .select()
    .from(auditLogs)
    .where(
      and(
        // The audit trail is not an owned table: its rows name the account they belong to.
        eq(auditLogs.accountId, accountId),
        inArray(auditLogs.resourceType, FLEET_RESOURCES),
        inArray(auditLogs.category, FLEET_CHANGE_CATEGORIES),
        eq(auditLogs.success, true),
      ),
    )
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(LIST);
}

const toChange = (c: typeof auditLogs.$inferSelect) => ({
  id: String(c.id),
  action: c.action,
  resourceType: c.resourceType,
  summary: changeSummary(c),
  actorEmail: c.actorEmail,
  createdAt: c.createdAt.toISOString(),
});
