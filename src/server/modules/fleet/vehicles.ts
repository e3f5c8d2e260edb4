import { and, asc, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Vehicle, vehicleInput, vehicleListQuery } from '../../../shared/contracts/fleet';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { drivers, vehicles } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordAudit, recordAudits, type AuditActor } from '../audit/service';
import { assertVehicleRoom, lockAccount } from './limits';

type VehicleRow = typeof vehicles.$inferSelect;
export type VehicleValues = z.output<typeof vehicleInput>;
export type VehicleQuery = z.output<typeof vehicleListQuery>;

const SORT_COLUMNS = {
  make: vehicles.make,
  year: vehicles.year,
  mileage: vehicles.mileage,
  licensePlate: vehicles.licensePlate,
  lastUpdate: vehicles.lastUpdate,
  status: vehicles.status,
} as const;

export function toVehicle(row: VehicleRow, driver: { id: string; name: string } | null): Vehicle {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    vin: row.vin,
    licensePlate: row.licensePlate,
    status: row.status as Vehicle['status'],
    mileage: row.mileage,
    fuelLevel: row.fuelLevel,
    location: row.location,
    lastUpdate: row.lastUpdate.toISOString(),
    createdAt: row.createdAt.toISOString(),
    driver,
  };
}

/** Every statement is scoped by the account: a foreign id simply is not found. */
export function vehicleFilter(customerId: string, query: { search?: string; status?: string }): SQL {
  const conditions: SQL[] = [eq(vehicles.customerId, customerId)];
  if (query.status) conditions.push(eq(vehicles.status, query.status));
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(like(vehicles.searchText, pattern));
  }
  return and(...conditions)!;
}

export async function listVehicles(db: Db, customerId: string, query: VehicleQuery) {
  const where = vehicleFilter(customerId, query);
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const order = query.sort.startsWith('-') ? desc(column) : asc(column);
  // The page and the total in one scan (a window count), instead of filtering the fleet twice.
  const rows = await db
    .select({
      vehicle: vehicles,
      driverId: drivers.id,
      driverName: drivers.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(vehicles)
    .leftJoin(drivers, and(eq(drivers.assignedVehicleId, vehicles.id), eq(drivers.customerId, customerId)))
    .where(where)
    .orderBy(order, asc(vehicles.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // Past the last page there is no row to carry the total; only then count separately.
  const total =
    rows[0]?.total ??
    (query.page > 1 ? ((await db.select({ n: count() }).from(vehicles).where(where))[0]?.n ?? 0) : 0);
  return {
    items: rows.map((r) => toVehicle(r.vehicle, r.driverId ? { id: r.driverId, name: r.driverName! } : null)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function vehicleOf(exec: Executor, customerId: string, id: string, lock = false) {
  const query = exec
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.customerId, customerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Vehicle not found');
  return row;
}

export async function getVehicle(db: Db, customerId: string, id: string): Promise<Vehicle> {
  const row = await vehicleOf(db, customerId, id);
  const [driver] = await db
    .select({ id: drivers.id, name: drivers.name })
    .from(drivers)
    .where(and(eq(drivers.assignedVehicleId, id), eq(drivers.customerId, customerId)));
  return toVehicle(row, driver ?? null);
}

/** A duplicate VIN or plate in the same account, as a field error. */
function duplicateError(error: unknown): Error {
  if (!isUniqueViolation(error)) return error as Error;
  const text = String(
    (error as { cause?: { constraint?: string } }).cause?.constraint ?? (error as Error).message,
  );
  return text.includes('plate')
    ? conflict('A vehicle with this license plate is already in your fleet', {
        licensePlate: 'A vehicle with this license plate is already in your fleet',
      })
    : conflict('A vehicle with this VIN is already in your fleet', {
        vin: 'A vehicle with this VIN is already in your fleet',
      });
}

const counts = (status: string) => status !== 'retired';

export async function createVehicles(
  db: Db,
  actor: AuditActor,
  customerId: string,
  values: VehicleValues[],
  now: Date,
) {
  try {
    return await db.transaction(async (tx) => {
      const limits = await lockAccount(tx, customerId);
      await assertVehicleRoom(tx, customerId, limits, values.filter((v) => counts(v.status)).length);
      const rows = await tx
        .insert(vehicles)
        .values(values.map((v) => ({ ...v, location: v.location ?? null, customerId, lastUpdate: now })))
        .returning();
      await recordAudits(
        tx,
        actor,
        rows.map((row) => ({
          action: 'create',
          resourceType: 'vehicle',
          resourceId: row.id,
          newValues: {
            make: row.make,
            model: row.model,
            licensePlate: row.licensePlate,
            vin: row.vin,
            status: row.status,
          },
        })),
      );
      return rows.map((row) => toVehicle(row, null));
    });
  } catch (error) {
    throw duplicateError(error);
  }
}

export async function updateVehicle(
  db: Db,
  actor: AuditActor,
  customerId: string,
  id: string,
  values: VehicleValues,
  now: Date,
) {
  try {
    return await db.transaction(async (tx) => {
      const limits = await lockAccount(tx, customerId);
      const before = await vehicleOf(tx, customerId, id, true);
      // Bringing a retired vehicle back makes it count against the plan again.
      if (!counts(before.status) && counts(values.status)) await assertVehicleRoom(tx, customerId, limits, 1);
      const [row] = await tx
        .update(vehicles)
        .set({ ...values, location: values.location ?? null, lastUpdate: now, updatedAt: now })
        .where(and(eq(vehicles.id, id), eq(vehicles.customerId, customerId)))
        .returning();
      const changed = Object.fromEntries(
        Object.entries(values).filter(([k, v]) => before[k as keyof VehicleRow] !== (v ?? null)),
      );
      await recordAudit(tx, actor, {
        action: 'update',
        resourceType: 'vehicle',
        resourceId: id,
        oldValues: Object.fromEntries(Object.keys(changed).map((k) => [k, before[k as keyof VehicleRow]])),
        newValues: { ...changed, licensePlate: row!.licensePlate },
      });
      const [driver] = await tx
        .select({ id: drivers.id, name: drivers.name })
        .from(drivers)
        .where(and(eq(drivers.assignedVehicleId, id), eq(drivers.customerId, customerId)));
      return toVehicle(row!, driver ?? null);
    });
  } catch (error) {
    throw duplicateError(error);
  }
}

export async function deleteVehicle(db: Db, actor: AuditActor, customerId: string, id: string) {
  await db.transaction(async (tx) => {
    const before = await vehicleOf(tx, customerId, id, true);
    await tx.delete(vehicles).where(and(eq(vehicles.id, id), eq(vehicles.customerId, customerId)));
    await recordAudit(tx, actor, {
      action: 'delete',
      resourceType: 'vehicle',
      resourceId: id,
      oldValues: {
        make: before.make,
        model: before.model,
        licensePlate: before.licensePlate,
        vin: before.vin,
      },
    });
  });
}

/** Every vehicle matching the list's filter, for CSV export. */
export async function vehiclesForExport(
  db: Db,
  customerId: string,
  query: { search?: string; status?: string },
) {
  return db
    .select()
    .from(vehicles)
    .where(vehicleFilter(customerId, query))
    .orderBy(asc(vehicles.make), asc(vehicles.model), asc(vehicles.licensePlate));
}

/** VINs and plates already in the account (import preview checks against them). */
export async function existingIdentifiers(db: Db, customerId: string) {
  const rows = await db
    .select({ vin: vehicles.vin, licensePlate: vehicles.licensePlate })
    .from(vehicles)
    .where(eq(vehicles.customerId, customerId));
  return { vins: new Set(rows.map((r) => r.vin)), plates: new Set(rows.map((r) => r.licensePlate)) };
}
