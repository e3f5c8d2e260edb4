import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FleetOverview } from '../../../shared/contracts/fleet';
import type { FeatureAccess } from '../../../shared/feature-access';
import { isoDay } from '../../../shared/days';
import {
  auditLogs,
  customers,
  drivers,
  maintenanceRecords,
  plans,
  teamMembers,
  vehicles,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { countRecords, overdueSql, recordsPage, toMaintenance } from './maintenance';
import { isCountedVehicleStatus } from './usage';
import type { CustomerContext } from '../../http/request-context';

/** The audit rows that are changes to a fleet (staff's fleet center reads the same ones across accounts). */
export const FLEET_RESOURCES = ['vehicle', 'driver', 'maintenance', 'team_member'];
/**
 * The audit categories that are changes (`audit_logs.category`): an export of the vehicles or drivers is
 * audited under the same resource but changed nothing.
 */
export const FLEET_CHANGE_CATEGORIES = ['create', 'update', 'delete'];
const LIST = 8;

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
  const open = account.where(maintenanceRecords, isNull(maintenanceRecords.completedDate));
  const when = <T>(on: boolean, read: () => Promise<T>): Promise<T | null> =>
    on ? read() : Promise.resolve(null);
  const [statusRows, due, overdue, idle, idleCount, changes, team] = await Promise.all([
    db
      .select({ status: vehicles.status, n: count() })
      .from(vehicles)
      .where(account.where(vehicles))
      .groupBy(vehicles.status),
    when(features.maintenanceScheduling, async () =>
      recordsPage(ctx, open, { today, limit: LIST, offset: 0, withTotal: false }),
    ),
    when(features.maintenanceScheduling, async () => countRecords(ctx, and(open, overdueSql(today)))),
    when(features.driverManagement, async () =>
      db
        .select({ id: drivers.id, name: drivers.name })
        .from(drivers)
        .where(unassigned)
        .orderBy(drivers.name)
        .limit(LIST),
    ),
    when(features.driverManagement, async () => db.select({ n: count() }).from(drivers).where(unassigned)),
    when(features.reportingAnalytics, async () => recentChanges(db, accountId)),
    account.count(teamMembers),
  ]);
  const byStatus = Object.fromEntries(statusRows.map((r) => [r.status, r.n]));
  // Total vehicles is every screen's count: those counted against the plan (not retired; docs/figures.md).
  const total = statusRows.reduce((sum, r) => sum + (isCountedVehicleStatus(r.status) ? r.n : 0), 0);
  const breakdown = (status: string) => (features.reportingAnalytics ? (byStatus[status] ?? 0) : null);
  return {
    vehicles: {
      active: breakdown('active'),
      maintenance: breakdown('maintenance'),
      inactive: breakdown('inactive'),
      retired: breakdown('retired'),
      total,
    },
    dueMaintenance: due?.rows.map(toMaintenance) ?? null,
    overdueCount: overdue,
    driversWithoutVehicle: idle,
    driversWithoutVehicleCount: idleCount ? (idleCount[0]?.n ?? 0) : null,
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
