import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FleetOverview } from '../../../shared/contracts/fleet';
import type { Db } from '../../db/client';
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
import { dueOrder, toMaintenance } from './maintenance';

const FLEET_RESOURCES = ['vehicle', 'driver', 'maintenance', 'team_member'];
const LIST = 8;

function summary(row: typeof auditLogs.$inferSelect): string {
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

export async function fleetOverview(
  db: Db,
  customerId: string,
  today: string,
  canManageAccount: boolean,
): Promise<FleetOverview> {
  const [account] = await db
    .select({
      planId: customers.planId,
      planName: plans.name,
      vehicleLimit: customers.carLimit,
      userLimit: customers.userLimit,
    })
    .from(customers)
    .leftJoin(plans, eq(plans.id, customers.planId))
    .where(eq(customers.id, customerId));
  if (!account) throw notFound('Customer not found');
  const unassigned = and(eq(drivers.customerId, customerId), isNull(drivers.assignedVehicleId));
  const open = and(eq(maintenanceRecords.customerId, customerId), isNull(maintenanceRecords.completedDate));
  const overdue = sql<boolean>`((${maintenanceRecords.dueDate} is not null and ${maintenanceRecords.dueDate} < ${today}) or (${maintenanceRecords.dueMileage} is not null and ${vehicles.mileage} >= ${maintenanceRecords.dueMileage}))`;
  const [statusRows, due, [overdueCount], idle, [idleCount], changes, [team]] = await Promise.all([
    db
      .select({ status: vehicles.status, n: count() })
      .from(vehicles)
      .where(eq(vehicles.customerId, customerId))
      .groupBy(vehicles.status),
    db
      .select({
        record: maintenanceRecords,
        vehicle: {
          id: vehicles.id,
          make: vehicles.make,
          model: vehicles.model,
          licensePlate: vehicles.licensePlate,
          mileage: vehicles.mileage,
        },
        overdue,
      })
      .from(maintenanceRecords)
      .innerJoin(vehicles, eq(vehicles.id, maintenanceRecords.vehicleId))
      .where(open)
      .orderBy(...dueOrder(today))
      .limit(LIST),
    db
      .select({ n: count() })
      .from(maintenanceRecords)
      .innerJoin(vehicles, eq(vehicles.id, maintenanceRecords.vehicleId))
      .where(and(open, overdue)),
    db
      .select({ id: drivers.id, name: drivers.name })
      .from(drivers)
      .where(unassigned)
      .orderBy(drivers.name)
      .limit(LIST),
    db.select({ n: count() }).from(drivers).where(unassigned),
    db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.accountId, customerId),
          inArray(auditLogs.resourceType, FLEET_RESOURCES),
          eq(auditLogs.success, true),
        ),
      )
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(LIST),
    db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.customerId, customerId)),
  ]);
  const byStatus = Object.fromEntries(statusRows.map((r) => [r.status, r.n]));
  const total = statusRows.reduce((sum, r) => sum + r.n, 0);
  return {
    vehicles: {
      active: byStatus.active ?? 0,
      maintenance: byStatus.maintenance ?? 0,
      inactive: byStatus.inactive ?? 0,
      retired: byStatus.retired ?? 0,
      total,
    },
    dueMaintenance: due.map(toMaintenance),
    overdueCount: overdueCount?.n ?? 0,
    driversWithoutVehicle: idle,
    driversWithoutVehicleCount: idleCount?.n ?? 0,
    recentChanges: changes.map((c) => ({
      id: String(c.id),
      action: c.action,
      resourceType: c.resourceType,
      summary: summary(c),
      actorEmail: c.actorEmail,
      createdAt: c.createdAt.toISOString(),
    })),
    usage: {
      planId: account.planId,
      planName: account.planName,
      vehicles: total - (byStatus.retired ?? 0),
      vehicleLimit: account.vehicleLimit,
      users: 1 + (team?.n ?? 0),
      userLimit: account.userLimit,
    },
    canManageAccount,
  };
}
