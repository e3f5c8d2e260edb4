import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  MAINTENANCE_STATES,
  type MaintenanceRecord,
  type MaintenanceState,
  type completeMaintenanceRequest,
  type maintenanceInput,
  type maintenanceListQuery,
} from '../../../shared/contracts/fleet';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import { isoDay } from '../../../shared/days';
import { countUpTo, searchCountCap } from '../../db/bounded-count';
import { maintenanceRecords, vehicles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { inFleetTransaction } from './fleet-writes';
import { likePattern } from '../../lib/sql-like';
import { recordAudit } from '../audit';
import { assertOwnVehicle } from './drivers';
import type { CustomerContext } from '../../http/request-context';

export type MaintenanceValues = z.output<typeof maintenanceInput>;
export type MaintenanceQuery = z.output<typeof maintenanceListQuery>;
export type CompleteValues = z.output<typeof completeMaintenanceRequest>;

/** Due dates are days: "today" is the request's day on the context's clock. */
const todayOf = (ctx: CustomerContext) => isoDay(ctx.clock.now());

/**
 * Overdue: not done, and past its due date or the vehicle has reached its due mileage. An open record
 * carries its vehicle's mileage (`vehicle_mileage`, kept by triggers), so this reads the record alone.
 */
export const overdueSql = (today: string) =>
  sql<boolean>`(${maintenanceRecords.completedDate} is null and ((${maintenanceRecords.dueDate} is not null and ${maintenanceRecords.dueDate} < ${today}) or (${maintenanceRecords.dueMileage} is not null and ${maintenanceRecords.vehicleMileage} >= ${maintenanceRecords.dueMileage})))`;

const columns = (today: string) => ({
  record: maintenanceRecords,
  vehicle: {
    id: vehicles.id,
    make: vehicles.make,
    model: vehicles.model,
    licensePlate: vehicles.licensePlate,
    mileage: vehicles.mileage,
  },
  overdue: overdueSql(today),
});

type Row = {
  record: typeof maintenanceRecords.$inferSelect;
  vehicle: MaintenanceRecord['vehicle'];
  overdue: boolean;
};

export function toMaintenance(r: Row): MaintenanceRecord {
  return {
    id: r.record.id,
    vehicle: r.vehicle,
    type: r.record.type,
    dueDate: r.record.dueDate,
    dueMileage: r.record.dueMileage,
    cost: r.record.costCents === null ? null : r.record.costCents / 100,
    notes: r.record.notes,
    completedDate: r.record.completedDate,
    state: r.record.completedDate ? 'completed' : r.overdue ? 'overdue' : 'scheduled',
    createdAt: r.record.createdAt.toISOString(),
  };
}

/** A record's vehicle, which is always one of the same account's. */
const ownVehicle = and(
  eq(vehicles.id, maintenanceRecords.vehicleId),
  eq(vehicles.customerId, maintenanceRecords.customerId),
);

/** Records with their vehicle. */
function selectRecords({ db }: CustomerContext, today: string) {
  return db.select(columns(today)).from(maintenanceRecords).innerJoin(vehicles, ownVehicle);
}

/** How many records match (every condition is on the records themselves). */
export async function countRecords({ db }: CustomerContext, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(maintenanceRecords).where(where);
  return row?.n ?? 0;
}

type State = MaintenanceState;

/**
 * Which records each state holds: the three part every record, whatever the day. Scheduled is "not
 * overdue" as `is not true`, so an open record whose rule reads a null (a due mileage without a kept
 * vehicle mileage) is listed as scheduled rather than in no state.
 */
const inState = (state: State, today: string): SQL =>
  state === 'overdue'
    ? overdueSql(today)
    : state === 'scheduled'
      ? and(isNull(maintenanceRecords.completedDate), sql`(${overdueSql(today)}) is not true`)!
      : isNotNull(maintenanceRecords.completedDate);

/**
 * The list's order within a state: open records soonest due first, completed ones newest first. The
 * open ones walk `maintenance_open_due_order_idx` (account, due date, due mileage, id), the completed
 * ones `maintenance_customer_idx` backwards.
 */
const stateOrder = (state: State) => [
  ...(state === 'completed' ? [desc(maintenanceRecords.completedDate)] : []),
  sql`${maintenanceRecords.dueDate} asc nulls last`,
  asc(maintenanceRecords.dueMileage),
  asc(maintenanceRecords.id),
];

/** Overdue first, then the soonest due; completed ones newest first. */
const dueOrder = (today: string) => [
  desc(overdueSql(today)),
  sql`${maintenanceRecords.completedDate} desc nulls first`,
  sql`${maintenanceRecords.dueDate} asc nulls last`,
  asc(maintenanceRecords.dueMileage),
  asc(maintenanceRecords.id),
];

/**
 * A page of the records matching `where` in the `states` asked for, in due order (overdue, then
 * scheduled, then completed). Each state's matches are walked in its own index order and stop once
 * they reach the end of the page, so a page reads about as many records as it skips and shows, not
 * every match: sorting every match of a broad search ("brake", a quarter of 10,000 records) was most of
 * its time. Only the page's rows are then joined to their vehicles.
 */
export async function recordsPage(
  ctx: CustomerContext,
  where: SQL,
  page: { today: string; states: readonly State[]; limit: number; offset: number },
) {
  const walk = (state: State, part: number) =>
    ctx.db
      .select({
        id: maintenanceRecords.id,
        part: sql<number>`${part}::int`.as('part'),
        completedDate: maintenanceRecords.completedDate,
        dueDate: maintenanceRecords.dueDate,
        dueMileage: maintenanceRecords.dueMileage,
      })
      .from(maintenanceRecords)
      .where(and(where, inState(state, page.today)))
      .orderBy(...stateOrder(state))
      .$dynamic();
  const [first, second, ...more] = page.states.map(walk);
  // One state is its own walk. Several are each walked to the end of the page, and taken in the order
  // asked for, each in its own order (the union's columns, by name).
  const upTo = page.offset + page.limit;
  const chosen = (
    second
      ? unionAll(first!.limit(upTo), second.limit(upTo), ...more.map((w) => w.limit(upTo))).orderBy(
          sql`part`,
          sql`completed_date desc nulls first`,
          sql`due_date asc nulls last`,
          sql`due_mileage`,
          sql`id`,
        )
      : first!
  )
    .limit(page.limit)
    .offset(page.offset)
    .as('chosen');
  return ctx.db
    .select(columns(page.today))
    .from(maintenanceRecords)
    .innerJoin(chosen, eq(chosen.id, maintenanceRecords.id))
    .innerJoin(vehicles, ownVehicle)
    .orderBy(...dueOrder(page.today));
}

/**
 * The search box: the record's type, or its vehicle's plate, make or model, containing the text in any
 * case. The record keeps all four lowercased in `search_text` (triggers, migration 0033), so this is one
 * LIKE on each record walked and no vehicle is read.
 */
const searchCondition = (search: string): SQL =>
  sql`${maintenanceRecords.searchText} like ${likePattern(search)}`;

export async function listMaintenance(ctx: CustomerContext, query: MaintenanceQuery) {
  const today = todayOf(ctx);
  const conditions: SQL[] = [];
  if (query.vehicleId) conditions.push(eq(maintenanceRecords.vehicleId, query.vehicleId));
  if (query.search) conditions.push(searchCondition(query.search));
  const where = ctx.account.where(maintenanceRecords, ...conditions);
  const states = query.state ? [query.state] : MAINTENANCE_STATES;
  const counted = ctx.account.where(
    maintenanceRecords,
    ...conditions,
    ...(query.state ? [inState(query.state, today)] : []),
  );
  const [rows, total] = await Promise.all([
    recordsPage(ctx, where, { today, states, limit: query.pageSize, offset: pageOffset(query) }),
    // A search is counted a few pages past the page, like every searched list (db/bounded-count.ts):
    // counting every match of a broad term would read them all again.
    query.search
      ? countUpTo(ctx.db, maintenanceRecords, counted, searchCountCap(query))
      : countRecords(ctx, counted),
  ]);
  return toPage(query, rows.map(toMaintenance), total);
}

async function recordById(ctx: CustomerContext, id: string) {
  const [row] = await selectRecords(ctx, todayOf(ctx)).where(
    ctx.account.where(maintenanceRecords, eq(maintenanceRecords.id, id)),
  );
  if (!row) throw notFound('Maintenance record not found');
  return row;
}

const toCents = (cost: number | null | undefined) =>
  cost === null || cost === undefined ? null : Math.round(cost * 100);

/** The form's values as the record's columns (absent ones empty). */
const recordValues = (v: MaintenanceValues) => ({
  vehicleId: v.vehicleId,
  type: v.type,
  dueDate: v.dueDate ?? null,
  dueMileage: v.dueMileage ?? null,
  costCents: toCents(v.cost),
  notes: v.notes ?? null,
});

export async function createMaintenance(ctx: CustomerContext, v: MaintenanceValues) {
  return inFleetTransaction(ctx, async (tx) => {
    await assertOwnVehicle(tx, v.vehicleId, 'vehicleId');
    const [row] = await tx.account.insert(maintenanceRecords, recordValues(v)).returning();
    await recordAudit(tx.db, tx.actor, {
      action: 'create',
      resourceType: 'maintenance',
      resourceId: row!.id,
      newValues: {
        type: v.type,
        vehicleId: v.vehicleId,
        dueDate: v.dueDate ?? null,
        dueMileage: v.dueMileage ?? null,
      },
    });
    return toMaintenance(await recordById(tx, row!.id));
  });
}

export async function updateMaintenance(ctx: CustomerContext, id: string, v: MaintenanceValues) {
  return inFleetTransaction(ctx, async (tx) => {
    const before = (await recordById(tx, id)).record;
    await assertOwnVehicle(tx, v.vehicleId, 'vehicleId');
    // The record's search-text trigger reads its vehicle `for share` after PostgreSQL has locked the
    // record; a rename or mileage change locks the vehicle and then its records. Taking the vehicle
    // first keeps that order, so the two cannot deadlock.
    await tx.db.execute(sql`select 1 from ${vehicles} where ${vehicles.id} = ${v.vehicleId} for share`);
    await tx.account.update(
      maintenanceRecords,
      { ...recordValues(v), updatedAt: new Date() },
      eq(maintenanceRecords.id, id),
    );
    await recordAudit(tx.db, tx.actor, {
      action: 'update',
      resourceType: 'maintenance',
      resourceId: id,
      oldValues: { type: before.type, dueDate: before.dueDate, dueMileage: before.dueMileage },
      newValues: { type: v.type, dueDate: v.dueDate ?? null, dueMileage: v.dueMileage ?? null },
    });
    return toMaintenance(await recordById(tx, id));
  });
}

export async function deleteMaintenance(ctx: CustomerContext, id: string) {
  await inFleetTransaction(ctx, async (tx) => {
    const before = (await recordById(tx, id)).record;
    await tx.account.delete(maintenanceRecords, eq(maintenanceRecords.id, id));
    await recordAudit(tx.db, tx.actor, {
      action: 'delete',
      resourceType: 'maintenance',
      resourceId: id,
      oldValues: { type: before.type },
    });
  });
}

/** Completes a record and, when asked, schedules the next one of the same type for the vehicle. */
export async function completeMaintenance(ctx: CustomerContext, id: string, v: CompleteValues) {
  const today = todayOf(ctx);
  return inFleetTransaction(ctx, async (tx) => {
    const current = await recordById(tx, id);
    if (current.record.completedDate) throw conflict('This maintenance is already completed.');
    const completedDate = v.completedDate ?? today;
    if (completedDate > today)
      throw badRequest('The completed date cannot be in the future', {
        completedDate: 'The completed date cannot be in the future',
      });
    // The next record first: adding it locks the vehicle (its trigger copies the mileage), and taking that
    // lock before this record's keeps the order a mileage change takes (vehicle, then its open records),
    // so the two cannot deadlock on PostgreSQL.
    let nextId: string | null = null;
    if (v.next) {
      const [next] = await tx.account
        .insert(maintenanceRecords, {
          vehicleId: current.record.vehicleId,
          type: current.record.type,
          dueDate: v.next.dueDate ?? null,
          dueMileage: v.next.dueMileage ?? null,
        })
        .returning({ id: maintenanceRecords.id });
      nextId = next!.id;
    }
    await tx.account.update(
      maintenanceRecords,
      {
        completedDate,
        costCents: v.cost === undefined ? current.record.costCents : toCents(v.cost),
        notes: v.notes === undefined ? current.record.notes : v.notes,
        updatedAt: new Date(),
      },
      eq(maintenanceRecords.id, id),
    );
    await recordAudit(tx.db, tx.actor, {
      action: 'complete',
      resourceType: 'maintenance',
      resourceId: id,
      newValues: { completedDate, nextId, next: v.next ?? null },
    });
    return {
      record: toMaintenance(await recordById(tx, id)),
      next: nextId ? toMaintenance(await recordById(tx, nextId)) : null,
    };
  });
}
