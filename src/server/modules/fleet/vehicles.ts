import { asc, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { VehicleStatus } from '../../../shared/statuses';
import type { z } from 'zod';
import type { Vehicle, vehicleInput, vehicleListQuery } from '../../../shared/contracts/fleet';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import type { AccountScope } from '../../db/account-scope';
import { isUniqueViolation } from '../../db/errors';
import { drivers, vehicles } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { inTransaction } from '../../http/request-context';
import { inFleetTransaction } from './fleet-writes';
import { likePattern } from '../../lib/sql-like';
import { recordAudit, recordAudits } from '../audit';
import { previewVehicleCsv } from './csv';
import { assertVehicleRoom, countedVehicles, lockAccount } from './limits';
import type { CustomerContext } from '../../http/request-context';

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

/** The list's filter, on the account's vehicles only. */
export function vehicleFilter(
  account: AccountScope,
  query: { search?: string; status?: VehicleStatus },
): SQL {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(vehicles.status, query.status));
  if (query.search) {
    conditions.push(like(vehicles.searchText, likePattern(query.search)));
  }
  return account.where(vehicles, ...conditions);
}

/** The driver a vehicle has, if any (a vehicle has one at a time). */
const driverOf = ({ account }: CustomerContext, vehicleId: string) =>
  account.where(drivers, eq(drivers.assignedVehicleId, vehicleId));

export async function listVehicles({ db, account }: CustomerContext, query: VehicleQuery) {
  const where = vehicleFilter(account, query);
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const order = query.sort.startsWith('-') ? desc(column) : asc(column);
  // The page and the total in one scan of the account's vehicles alone (a window count); only the
  // page's rows are then joined to their driver. Joining first joined every matching vehicle to the
  // drivers before the page was cut: 5,000 of them in a large fleet.
  const page = db
    .select({ id: vehicles.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(vehicles)
    .where(where)
    .orderBy(order, asc(vehicles.id))
    .limit(query.pageSize)
    .offset(pageOffset(query))
    .as('page');
  const rows = await db
    .select({
      vehicle: vehicles,
      driverId: drivers.id,
      driverName: drivers.name,
      total: sql<number>`${page.total}`.mapWith(Number),
    })
    .from(page)
    .innerJoin(vehicles, eq(vehicles.id, page.id))
    .leftJoin(drivers, account.where(drivers, eq(drivers.assignedVehicleId, vehicles.id)))
    .orderBy(order, asc(vehicles.id));
  // Past the last page there is no row to carry the total; only then count separately.
  const total =
    rows[0]?.total ??
    (query.page > 1 ? ((await db.select({ n: count() }).from(vehicles).where(where))[0]?.n ?? 0) : 0);
  return toPage(
    query,
    rows.map((r) => toVehicle(r.vehicle, r.driverId ? { id: r.driverId, name: r.driverName! } : null)),
    total,
  );
}

async function vehicleOf({ account }: CustomerContext, id: string, lock = false) {
  const query = account.select(vehicles, eq(vehicles.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Vehicle not found');
  return row;
}

async function withDriver(ctx: CustomerContext, row: VehicleRow): Promise<Vehicle> {
  const [driver] = await ctx.db
    .select({ id: drivers.id, name: drivers.name })
    .from(drivers)
    .where(driverOf(ctx, row.id));
  return toVehicle(row, driver ?? null);
}

export async function getVehicle(ctx: CustomerContext, id: string): Promise<Vehicle> {
  return withDriver(ctx, await vehicleOf(ctx, id));
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

export async function createVehicles(ctx: CustomerContext, values: VehicleValues[]) {
  const now = ctx.clock.now();
  try {
    return await inFleetTransaction(ctx, async (tx) => {
      const limits = await lockAccount(tx);
      await assertVehicleRoom(tx, limits, values.filter((v) => counts(v.status)).length);
      const rows = await tx.account
        .insert(
          vehicles,
          values.map((v) => ({ ...v, location: v.location ?? null, lastUpdate: now })),
        )
        .returning();
      await recordAudits(
        tx.db,
        tx.actor,
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

export async function updateVehicle(ctx: CustomerContext, id: string, values: VehicleValues) {
  const now = ctx.clock.now();
  try {
    return await inFleetTransaction(ctx, async (tx) => {
      const limits = await lockAccount(tx);
      const before = await vehicleOf(tx, id, true);
      // Bringing a retired vehicle back makes it count against the plan again.
      if (!counts(before.status) && counts(values.status)) await assertVehicleRoom(tx, limits, 1);
      const [row] = await tx.account
        .update(
          vehicles,
          { ...values, location: values.location ?? null, lastUpdate: now, updatedAt: now },
          eq(vehicles.id, id),
        )
        .returning();
      const changed = Object.fromEntries(
        Object.entries(values).filter(([k, v]) => before[k as keyof VehicleRow] !== (v ?? null)),
      );
      await recordAudit(tx.db, tx.actor, {
        action: 'update',
        resourceType: 'vehicle',
        resourceId: id,
        oldValues: Object.fromEntries(Object.keys(changed).map((k) => [k, before[k as keyof VehicleRow]])),
        newValues: { ...changed, licensePlate: row!.licensePlate },
      });
      return withDriver(tx, row!);
    });
  } catch (error) {
    throw duplicateError(error);
  }
}

export async function deleteVehicle(ctx: CustomerContext, id: string) {
  await inFleetTransaction(ctx, async (tx) => {
    const before = await vehicleOf(tx, id, true);
    await tx.account.delete(vehicles, eq(vehicles.id, id));
    await recordAudit(tx.db, tx.actor, {
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
  { db, account }: CustomerContext,
  query: { search?: string; status?: VehicleStatus },
) {
  return db
    .select()
    .from(vehicles)
    .where(vehicleFilter(account, query))
    .orderBy(asc(vehicles.make), asc(vehicles.model), asc(vehicles.licensePlate));
}

/** VINs and plates already in the account (import preview checks against them). */
async function existingIdentifiers({ db, account }: CustomerContext) {
  const rows = await db
    .select({ vin: vehicles.vin, licensePlate: vehicles.licensePlate })
    .from(vehicles)
    .where(account.where(vehicles));
  return { vins: new Set(rows.map((r) => r.vin)), plates: new Set(rows.map((r) => r.licensePlate)) };
}

/**
 * The import preview: each row checked against the form's rules and the fleet, and the room the
 * plan leaves, counted under the account lock so it agrees with what an import would be allowed.
 */
export async function previewVehicleImport(ctx: CustomerContext, csv: string) {
  const preview = previewVehicleCsv(csv, await existingIdentifiers(ctx));
  const limits = await inTransaction(ctx, async (tx) => ({
    ...(await lockAccount(tx)),
    used: await countedVehicles(tx),
  }));
  return {
    ...preview,
    remaining: limits.vehicleLimit === null ? null : Math.max(0, limits.vehicleLimit - limits.used),
    planName: limits.planName,
  };
}
