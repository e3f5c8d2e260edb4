import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DriverStatus } from '../../../shared/statuses';
import type { z } from 'zod';
import type { Driver, driverInput, driverListQuery } from '../../../shared/contracts/fleet';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import type { AccountScope } from '../../db/account-scope';
import { isUniqueViolation } from '../../db/errors';
import { drivers, vehicles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { inFleetTransaction } from './fleet-writes';
import { likeContains } from '../../lib/sql-like';
import { recordAudit } from '../audit';
import type { CustomerContext } from '../../http/request-context';

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

export function driverFilter(account: AccountScope, query: { search?: string; status?: DriverStatus }): SQL {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(drivers.status, query.status));
  if (query.search) {
    const like = likeContains(query.search);
    conditions.push(
      or(ilike(drivers.name, like), ilike(drivers.email, like), ilike(drivers.licenseNumber, like))!,
    );
  }
  return account.where(drivers, ...conditions);
}

/** Drivers with their vehicle, which is always one of the same account's. */
function selectDrivers({ db }: CustomerContext) {
  return db
    .select(driverColumns)
    .from(drivers)
    .leftJoin(
      vehicles,
      and(eq(vehicles.id, drivers.assignedVehicleId), eq(vehicles.customerId, drivers.customerId)),
    );
}

export async function listDrivers(ctx: CustomerContext, query: DriverQuery) {
  const where = driverFilter(ctx.account, query);
  const column = query.sort.replace(/^-/, '') === 'name' ? drivers.name : drivers.createdAt;
  const [rows, total] = await Promise.all([
    selectDrivers(ctx)
      .where(where)
      .orderBy(query.sort.startsWith('-') ? desc(column) : asc(column), asc(drivers.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    ctx.db.select({ n: count() }).from(drivers).where(where),
  ]);
  return toPage(query, rows.map(toDriver), total[0]?.n ?? 0);
}

export async function driversForExport(
  ctx: CustomerContext,
  query: { search?: string; status?: DriverStatus },
) {
  return (await selectDrivers(ctx).where(driverFilter(ctx.account, query)).orderBy(asc(drivers.name))).map(
    toDriver,
  );
}

/** The vehicle must be one of the account's; another account's id is simply unknown. */
export async function assertOwnVehicle(
  { account }: CustomerContext,
  vehicleId: string | null | undefined,
  field: 'assignedVehicleId' | 'vehicleId',
) {
  if (!vehicleId) return;
  const [row] = await account.select(vehicles, eq(vehicles.id, vehicleId));
  if (!row)
    throw badRequest('Choose a vehicle from your fleet', { [field]: 'Choose a vehicle from your fleet' });
}

async function driverById(ctx: CustomerContext, id: string) {
  const [row] = await selectDrivers(ctx).where(ctx.account.where(drivers, eq(drivers.id, id)));
  if (!row) throw notFound('Driver not found');
  return row;
}

const assignmentTaken = (error: unknown) =>
  isUniqueViolation(error)
    ? conflict(ONE_DRIVER_PER_VEHICLE, { assignedVehicleId: ONE_DRIVER_PER_VEHICLE })
    : (error as Error);

/** The form's values as the driver's columns (absent ones empty). */
const driverValues = (values: DriverValues) => ({
  ...values,
  phone: values.phone ?? null,
  assignedVehicleId: values.assignedVehicleId ?? null,
});

export async function createDriver(ctx: CustomerContext, values: DriverValues) {
  try {
    return await inFleetTransaction(ctx, async (tx) => {
      await assertOwnVehicle(tx, values.assignedVehicleId, 'assignedVehicleId');
      const [row] = await tx.account.insert(drivers, driverValues(values)).returning();
      await recordAudit(tx.db, tx.actor, {
        action: 'create',
        resourceType: 'driver',
        resourceId: row!.id,
        newValues: { name: row!.name, assignedVehicleId: row!.assignedVehicleId },
      });
      return toDriver(await driverById(tx, row!.id));
    });
  } catch (error) {
    throw assignmentTaken(error);
  }
}

export async function updateDriver(ctx: CustomerContext, id: string, values: DriverValues) {
  try {
    return await inFleetTransaction(ctx, async (tx) => {
      const before = (await driverById(tx, id)).driver;
      await assertOwnVehicle(tx, values.assignedVehicleId, 'assignedVehicleId');
      await tx.account.update(
        drivers,
        { ...driverValues(values), updatedAt: new Date() },
        eq(drivers.id, id),
      );
      await recordAudit(tx.db, tx.actor, {
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
      return toDriver(await driverById(tx, id));
    });
  } catch (error) {
    throw assignmentTaken(error);
  }
}

export async function deleteDriver(ctx: CustomerContext, id: string) {
  await inFleetTransaction(ctx, async (tx) => {
    const before = (await driverById(tx, id)).driver;
    await tx.account.delete(drivers, eq(drivers.id, id));
    await recordAudit(tx.db, tx.actor, {
      action: 'delete',
      resourceType: 'driver',
      resourceId: id,
      oldValues: { name: before.name },
    });
  });
}
