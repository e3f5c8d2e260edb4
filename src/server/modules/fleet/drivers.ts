import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Driver, driverInput, driverListQuery } from '../../../shared/contracts/fleet';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { drivers, vehicles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/service';

export type DriverValues = z.output<typeof driverInput>;
export type DriverQuery = z.output<typeof driverListQuery>;

const ONE_DRIVER_PER_VEHICLE = 'This vehicle already has a driver: a vehicle has one driver at a time.';

const driverColumns = {
  driver: drivers,
  vehicleId: vehicles.id,
  vehicleMake: vehicles.make,
  vehicleModel: vehicles.model,
  vehiclePlate: vehicles.licensePlate,
};

type DriverRow = {
  driver: typeof drivers.$inferSelect;
  vehicleId: string | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehiclePlate: string | null;
};

function toDriver(r: DriverRow): Driver {
  return {
    id: r.driver.id,
    name: r.driver.name,
    email: r.driver.email,
    phone: r.driver.phone,
    licenseNumber: r.driver.licenseNumber,
    status: r.driver.status as Driver['status'],
    assignedVehicle: r.vehicleId
      ? { id: r.vehicleId, make: r.vehicleMake!, model: r.vehicleModel!, licensePlate: r.vehiclePlate! }
      : null,
    createdAt: r.driver.createdAt.toISOString(),
  };
}

export function driverFilter(customerId: string, query: { search?: string; status?: string }): SQL {
  const conditions: SQL[] = [eq(drivers.customerId, customerId)];
  if (query.status) conditions.push(eq(drivers.status, query.status));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(drivers.name, like), ilike(drivers.email, like), ilike(drivers.licenseNumber, like))!,
    );
  }
  return and(...conditions)!;
}

function selectDrivers(exec: Executor) {
  return exec
    .select(driverColumns)
    .from(drivers)
    .leftJoin(
      vehicles,
      and(eq(vehicles.id, drivers.assignedVehicleId), eq(vehicles.customerId, drivers.customerId)),
    );
}

export async function listDrivers(db: Db, customerId: string, query: DriverQuery) {
  const where = driverFilter(customerId, query);
  const column = query.sort.replace(/^-/, '') === 'name' ? drivers.name : drivers.createdAt;
  const [rows, [total]] = await Promise.all([
    selectDrivers(db)
      .where(where)
      .orderBy(query.sort.startsWith('-') ? desc(column) : asc(column), asc(drivers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(drivers).where(where),
  ]);
  return { items: rows.map(toDriver), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function driversForExport(
  db: Db,
  customerId: string,
  query: { search?: string; status?: string },
) {
  return (await selectDrivers(db).where(driverFilter(customerId, query)).orderBy(asc(drivers.name))).map(
    toDriver,
  );
}

/** The vehicle must be one of the account's; another account's id is simply unknown. */
async function assertOwnVehicle(tx: Executor, customerId: string, vehicleId: string | null | undefined) {
  if (!vehicleId) return;
  const [row] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.customerId, customerId)));
  if (!row)
    throw badRequest('Choose a vehicle from your fleet', {
      assignedVehicleId: 'Choose a vehicle from your fleet',
    });
}

async function driverById(exec: Executor, customerId: string, id: string) {
  const [row] = await selectDrivers(exec).where(and(eq(drivers.id, id), eq(drivers.customerId, customerId)));
  if (!row) throw notFound('Driver not found');
  return row;
}

const assignmentTaken = (error: unknown) =>
  isUniqueViolation(error)
    ? conflict(ONE_DRIVER_PER_VEHICLE, { assignedVehicleId: ONE_DRIVER_PER_VEHICLE })
    : (error as Error);

export async function createDriver(db: Db, actor: AuditActor, customerId: string, values: DriverValues) {
  try {
    return await db.transaction(async (tx) => {
      await assertOwnVehicle(tx, customerId, values.assignedVehicleId);
      const [row] = await tx
        .insert(drivers)
        .values({
          ...values,
          phone: values.phone ?? null,
          assignedVehicleId: values.assignedVehicleId ?? null,
          customerId,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        resourceType: 'driver',
        resourceId: row!.id,
        newValues: { name: row!.name, assignedVehicleId: row!.assignedVehicleId },
      });
      return toDriver(await driverById(tx, customerId, row!.id));
    });
  } catch (error) {
    throw assignmentTaken(error);
  }
}

export async function updateDriver(
  db: Db,
  actor: AuditActor,
  customerId: string,
  id: string,
  values: DriverValues,
) {
  try {
    return await db.transaction(async (tx) => {
      const before = (await driverById(tx, customerId, id)).driver;
      await assertOwnVehicle(tx, customerId, values.assignedVehicleId);
      await tx
        .update(drivers)
        .set({
          ...values,
          phone: values.phone ?? null,
          assignedVehicleId: values.assignedVehicleId ?? null,
          updatedAt: new Date(),
        })
        .where(and(eq(drivers.id, id), eq(drivers.customerId, customerId)));
      await recordAudit(tx, actor, {
        action: 'update',
        resourceType: 'driver',
        resourceId: id,
        oldValues: { name: before.name, status: before.status, assignedVehicleId: before.assignedVehicleId },
        newValues: {
          name: values.name,
          status: values.status,
          assignedVehicleId: values.assignedVehicleId ?? null,
        },
      });
      return toDriver(await driverById(tx, customerId, id));
    });
  } catch (error) {
    throw assignmentTaken(error);
  }
}

export async function deleteDriver(db: Db, actor: AuditActor, customerId: string, id: string) {
  await db.transaction(async (tx) => {
    const before = (await driverById(tx, customerId, id)).driver;
    await tx.delete(drivers).where(and(eq(drivers.id, id), eq(drivers.customerId, customerId)));
    await recordAudit(tx, actor, {
      action: 'delete',
      resourceType: 'driver',
      resourceId: id,
      oldValues: { name: before.name },
    });
  });
}
